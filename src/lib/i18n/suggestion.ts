/**
 * Which language the home page offers: the first of the browser's languages the site has, when
 * it is not the page's own and the visitor has not chosen a language before (a choice made with
 * the switcher, or "No, thank you", is remembered and ends the offers).
 *
 * It imports nothing: it runs in the page shell's script, which must stay one file with no
 * imports (an import is a second request, one round trip later, on every page's LCP path).
 * The page says which languages it can offer (src/components/LanguageSuggestion.astro).
 */

/** The key under which the browser remembers the visitor's language (localStorage). */
export const LANGUAGE_CHOICE_KEY = 'sipa-language';

export function suggestedLang(
  browserLanguages: readonly string[],
  pageLang: string,
  remembered: string | null,
  offered: readonly string[],
): string | undefined {
  if (remembered) return undefined;
  for (const tag of browserLanguages) {
    const code = tag.split('-')[0]!.toLowerCase();
    if (code === pageLang) return undefined;
    if (offered.includes(code)) return code;
  }
  return undefined;
}
