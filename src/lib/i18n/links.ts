/**
 * Internal links in the page's language. Content (MDX, JSON, catalogues) writes a page's English
 * path (`/contact`); every link a French or Swahili page shows goes through localizeHref, so a
 * reader stays in their language wherever the link was written. A few addresses are the same file
 * in every language and are kept as they are (SAME_IN_EVERY_LANGUAGE, which
 * tests/dist/language-links.test.ts also reads).
 */
import { localizePath } from './paths.ts';
import { DEFAULT_LANG, type Lang } from './languages.ts';

/** The paths that are one file for every language, each with the reason a reader may follow it. */
export const SAME_IN_EVERY_LANGUAGE: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'built scripts, styles and fonts', pattern: /^\/_astro\// },
  { name: 'the API (forms post to it; its answers follow the form’s language)', pattern: /^\/api(\/|$)/ },
  { name: 'downloads (documents and templates, named by language where they differ)', pattern: /^\/downloads\// },
  { name: 'calendar files (.ics) of events', pattern: /^\/events\/[^/]+\.ics$/ },
  { name: 'images and icons in public/', pattern: /^\/(art\/|favicon\.svg$|apple-touch-icon\.png$|social-card\.png$)/ },
  { name: 'the staff area, in English only', pattern: /^\/admin(\/|$)/ },
];

/** True for a site path (not `//host`, not a full URL) that is one file for every language. */
export function isSameInEveryLanguage(pathname: string): boolean {
  return SAME_IN_EVERY_LANGUAGE.some(({ pattern }) => pattern.test(pathname));
}

/**
 * The link as a page in `lang` should show it: a site path becomes that language's path
 * (`/contact?subject=…#form` → `/fr/contact?subject=…#form`); full URLs, `mailto:`, `tel:`,
 * fragments and the paths above are kept.
 */
export function localizeHref(href: string, lang: Lang): string {
  if (lang === DEFAULT_LANG || !href.startsWith('/') || href.startsWith('//')) return href;
  const pathname = href.split(/[?#]/, 1)[0]!;
  return isSameInEveryLanguage(pathname) ? href : localizePath(href, lang);
}

/** Every `href="/…"` in a piece of trusted content HTML (an FAQ answer), localised. */
export function localizeHtmlLinks(html: string, lang: Lang): string {
  if (lang === DEFAULT_LANG) return html;
  return html.replace(/(\shref=)(["'])(\/[^"']*)\2/gi, (_, attr: string, quote: string, href: string) => `${attr}${quote}${localizeHref(href, lang)}${quote}`);
}
