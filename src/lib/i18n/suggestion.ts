/**
 * Which language the home page offers: the first of the browser's languages the site has, when
 * it is not the page's own and the visitor has not chosen a language before (a choice made with
 * the switcher, or "No, thank you", is remembered and ends the offers).
 */
import { isLang, type Lang } from './languages.ts';

/** The key under which the browser remembers the visitor's language (localStorage). */
export const LANGUAGE_CHOICE_KEY = 'sipa-language';

export function suggestedLang(browserLanguages: readonly string[], pageLang: Lang, remembered: string | null): Lang | undefined {
  if (remembered) return undefined;
  for (const tag of browserLanguages) {
    const code = tag.split('-')[0]!.toLowerCase();
    if (isLang(code)) return code === pageLang ? undefined : code;
  }
  return undefined;
}
