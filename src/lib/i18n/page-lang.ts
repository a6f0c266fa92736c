/**
 * The language of the page being rendered, for components that pass it on (the form mounts in
 * src/components/forms/): Astro's `currentLocale`, which its i18n routing sets from the URL
 * (English unprefixed, /fr/…, /sw/…), else English.
 */
import { DEFAULT_LANG, isLang, type Lang } from './languages.ts';

export function pageLang(astro: { readonly currentLocale?: string | undefined }): Lang {
  return isLang(astro.currentLocale) ? astro.currentLocale : DEFAULT_LANG;
}
