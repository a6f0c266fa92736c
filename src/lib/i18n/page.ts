/**
 * What a page or component needs to speak its language, in one import: the message functions,
 * the page's language, localised paths and the per-language static paths. A component writes
 *   const { lang, l } = pageLocale(Astro);
 *   m.some_key({}, l) … localizePath('/about', lang)
 */
import { pageLang } from './page-lang.ts';

export { m } from '../../paraglide/messages.js';
export { pageLang } from './page-lang.ts';
export { localizePath } from './paths.ts';
export { inEveryLang, langPaths } from './static-paths.ts';

/** The page's language and the `{ locale }` option every message function takes. */
export function pageLocale(astro: Parameters<typeof pageLang>[0]) {
  const lang = pageLang(astro);
  return { lang, l: { locale: lang } };
}
