// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { site } from './src/lib/site.ts';
import { isNoindexPath } from './src/lib/routes.ts';
import { contentSecurityDirectives } from './src/lib/security-policy.ts';
import { DEFAULT_LANG, LANG_CODES, LANGUAGES } from './src/lib/i18n/languages.ts';
import { paraglideOptions } from './src/lib/i18n/paraglide-options.ts';
import { writeInlangLocales } from './src/lib/i18n/inlang-locales.ts';
import { markUntranslated, untranslatedPagePaths } from './src/lib/i18n/untranslated-pages.ts';
import { translationReport } from './src/lib/i18n/untranslated.ts';
import { checkContent } from './src/lib/content-check.ts';
import { paraglideVitePlugin } from '@inlang/paraglide-js';

const untranslatedPages = untranslatedPagePaths();

// Paraglide's language list follows src/lib/i18n/languages.ts (see inlang-locales.ts).
writeInlangLocales(new URL('./project.inlang/settings.json', import.meta.url));

/** `client:painted` (src/scripts/painted-directive.ts): an island that holds the page's largest image wakes once it is shown. */
const paintedDirective = {
  name: 'sipa:painted-directive',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'painted', entrypoint: fileURLToPath(new URL('./src/scripts/painted-directive.ts', import.meta.url)) }),
  },
};

/** After a build: the content files each language still shows in English, for editors (docs/editors.md). */
const translationReportIntegration = {
  name: 'sipa:translation-report',
  hooks: {
    /** @param {{ logger: { info: (message: string) => void } }} options */
    'astro:build:done': ({ logger }) => logger.info(translationReport()),
  },
};

/**
 * Before anything reads content/: every entry checked against its schema, and a build that
 * cannot use one stops with the file, the field and what to write instead (src/lib/content-check.ts).
 */
const contentCheckIntegration = {
  name: 'sipa:content-check',
  hooks: {
    'astro:config:setup': () => {
      const problems = checkContent(fileURLToPath(new URL('./content', import.meta.url)));
      if (problems.length > 0) throw new Error(`Some content files need a change before the site can be built:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    },
  },
};

/**
 * A copy of the project (scripts/project-copy.ts) links the project's node_modules, where Astro
 * keeps its content store and Vite its dependency cache: two copies built at once (the built-site
 * tests do) would share them and list each other's content. ASTRO_CACHE_DIR gives a copy its own.
 */
const cacheDir = process.env.ASTRO_CACHE_DIR || undefined;

export default defineConfig({
  ...(cacheDir ? { cacheDir } : {}),
  site: site.url,
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  // A class per scoped component (not a data- attribute per element): fewer bytes in every page.
  scopedStyleStrategy: 'class',
  integrations: [
    react(),
    paintedDirective,
    mdx(),
    sitemap({
      filter: (page) => !isNoindexPath(new URL(page).pathname),
      // Each URL lists the same page in every language (xhtml:link hreflang), English unprefixed.
      i18n: { defaultLocale: DEFAULT_LANG, locales: Object.fromEntries(LANGUAGES.map((language) => [language.code, language.intl])) },
      // A page showing English text for want of a translation is nobody's alternate (src/lib/i18n/untranslated-pages.ts).
      serialize: (item) => markUntranslated(item, untranslatedPages),
    }),
    translationReportIntegration,
    contentCheckIntegration,
  ],
  security: {
    csp: {
      directives: contentSecurityDirectives(site),
      scriptDirective: {
        resources: ["'self'", ...(site.analytics.measurementId ? ['https://www.googletagmanager.com'] : [])],
      },
    },
  },
  // Shiki writes inline styles that the Content-Security-Policy would block; posts carry no code.
  markdown: { syntaxHighlight: false },
  // Languages from the one list in src/lib/i18n/languages.ts; English keeps unprefixed URLs.
  // Every public page is a route under src/pages/[...lang]/ built once per language (Astro reads
  // `Astro.currentLocale` from the URL), so no `fallback` is needed: a page without a translated
  // text is still built in every language, with the English text and a notice
  // (src/data/localized.ts). `fallbackType: 'rewrite'` stays so that a `fallback`, if one is ever
  // set, writes the English page itself rather than a redirect page.
  i18n: {
    locales: [...LANG_CODES],
    defaultLocale: DEFAULT_LANG,
    routing: { prefixDefaultLocale: false, fallbackType: 'rewrite' },
  },
  // Compiles content/messages/<lang>.json into typed message functions under src/paraglide/.
  vite: {
    ...(cacheDir ? { cacheDir: `${cacheDir}/vite` } : {}),
    plugins: [paraglideVitePlugin({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] })],
    // A component's script is named after its component alone (`BaseLayout.[hash].js`, not
    // `BaseLayout.astro_astro_type_script_index_0_lang.[hash].js`): 38 bytes less per script
    // element, in the HTML that must fit the first round trip.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              entryFileNames: (chunk) => `_astro/${chunk.name.replace(/\.astro_astro_type_script_index_(\d+)_lang$/, (_, index) => (index === '0' ? '' : `-${index}`)).replace(/[^\w.-]/g, '_')}.[hash].js`,
              // A language's interface catalogue is `messages-<lang>.[hash].js`: the postbuild step
              // finds the one an island on a page in that language loads (scripts/island-preload.ts).
              chunkFileNames: (chunk) => {
                const catalogue = [chunk.facadeModuleId, ...chunk.moduleIds].map((id) => /\/content\/messages\/(\w+)\.json$/.exec(id ?? '')?.[1]).find(Boolean);
                return catalogue ? `_astro/messages-${catalogue}.[hash].js` : '_astro/[name].[hash].js';
              },
            },
          },
        },
      },
    },
  },
  prefetch: false,
  devToolbar: { enabled: false },
});
