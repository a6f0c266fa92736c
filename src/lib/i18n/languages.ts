/**
 * The site's languages: the one list everything else derives from (Astro's i18n config, the
 * content loaders, the path helpers, the formatters). English is the default and keeps
 * unprefixed URLs; every other language lives under /<code>/.
 *
 * Adding a language is one line here and its translations: content/messages/<code>.json,
 * content/messages/pages/<code>.json, content/site.<code>.json and a content/<collection>/<code>/
 * folder per collection. Paraglide's project.inlang/settings.json takes its `locales` from this
 * list (inlang-locales.ts). See README "Languages".
 */
export interface Language {
  /** ISO 639-1 code: the URL prefix, the content folder and the catalogue file name. */
  readonly code: string;
  /** The language's name in itself, as the language switcher shows it. */
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
  /** BCP 47 tag given to Intl for dates, numbers and currency, and the pages' `<html lang>`. */
  readonly intl: string;
  /** Open Graph's `og:locale` (language_TERRITORY). */
  readonly og: string;
  /**
   * PayPal's `lc` (checkout page language). PayPal takes a country code and has no Swahili
   * checkout, so Swahili visitors get PayPal's US English page.
   */
  readonly paypal: string;
}

export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr', intl: 'en-US', og: 'en_US', paypal: 'US' },
  { code: 'fr', name: 'Français', dir: 'ltr', intl: 'fr', og: 'fr_FR', paypal: 'FR' },
  { code: 'sw', name: 'Kiswahili', dir: 'ltr', intl: 'sw', og: 'sw_KE', paypal: 'US' },
] as const satisfies readonly Language[];

export type Lang = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANG = 'en' satisfies Lang;

export const LANG_CODES: readonly Lang[] = LANGUAGES.map((language) => language.code);

/** Every language but English: the ones with a URL prefix and a translations folder. */
export const TRANSLATED_LANGS: readonly Lang[] = LANG_CODES.filter((code) => code !== DEFAULT_LANG);

export function isLang(value: string | undefined): value is Lang {
  return value !== undefined && (LANG_CODES as readonly string[]).includes(value);
}

export function language(code: Lang): Language {
  return LANGUAGES.find((entry) => entry.code === code)!;
}
