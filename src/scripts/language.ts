/**
 * The language switcher's memory and the home page's one-time offer of the browser's language
 * (src/components/LanguageSuggestion.astro). Nothing here redirects.
 */
import { LANGUAGE_CHOICE_KEY, suggestedLang } from '../lib/i18n/suggestion.ts';

function remember(code: string): void {
  try {
    localStorage.setItem(LANGUAGE_CHOICE_KEY, code);
  } catch {
    // Storage blocked: the choice lasts this page only.
  }
}

export function setUpLanguage(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const choice = target?.closest<HTMLElement>('[data-lang-choice]');
    if (choice) remember(choice.dataset.langChoice!);
    const dismiss = target?.closest<HTMLElement>('[data-lang-dismiss]');
    if (dismiss) {
      remember(dismiss.dataset.langDismiss!);
      dismiss.closest<HTMLElement>('[data-lang-suggest]')!.hidden = true;
    }
  });
  // One hidden offer per other language; its "No, thank you" names the page's own language.
  const offers = [...root.querySelectorAll<HTMLElement>('[data-lang-suggest]')];
  const pageLang = root.querySelector<HTMLElement>('[data-lang-dismiss]')?.dataset.langDismiss;
  if (!offers.length || !pageLang) return;
  let saved: string | null;
  try {
    saved = localStorage.getItem(LANGUAGE_CHOICE_KEY);
  } catch {
    return; // Storage blocked: an offer that cannot be dismissed for good would come back on every visit.
  }
  const offered = offers.map((panel) => panel.dataset.langSuggest!);
  const offer = suggestedLang(navigator.languages ?? [navigator.language], pageLang, saved, offered);
  const panel = offers.find((candidate) => candidate.dataset.langSuggest === offer);
  if (panel) panel.hidden = false;
}
