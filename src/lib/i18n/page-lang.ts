/**
 * The language a page or component renders in: Astro's `currentLocale`, which the i18n routing
 * in astro.config.mjs sets from the URL (English unprefixed, /fr/…, /sw/…). Every component asks
 * through this one function, so all of them read the language the same way and a page outside
 * the i18n routing (a staff page, the 404) falls back to English.
 *
 * Interface texts are then `m.some_key({}, { locale: lang })` from src/paraglide/messages.js.
 */
import { DEFAULT_LANG, isLang, type Lang } from './languages.ts';

export function pageLang(astro: { readonly currentLocale?: string | undefined }): Lang {
  return isLang(astro.currentLocale) ? astro.currentLocale : DEFAULT_LANG;
}
