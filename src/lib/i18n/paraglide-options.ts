/**
 * How Paraglide compiles content/messages/<lang>.json into typed message functions, shared by the
 * Vite plugin in astro.config.mjs (astro dev/build) and scripts/compile-messages.ts (npm install,
 * Node entry points, tests). The output, src/paraglide/, is generated and never committed.
 *
 * The URL decides a page's language (English unprefixed, /fr/…, /sw/…, as src/lib/i18n/paths.ts);
 * pages pass `{ locale }` explicitly, so a static build never depends on shared state.
 */
export const paraglideOptions = {
  project: './project.inlang',
  outdir: './src/paraglide',
  strategy: ['url', 'baseLocale'],
  trailingSlash: 'never',
  emitReadme: false,
  emitPrettierIgnore: false,
} as const;
