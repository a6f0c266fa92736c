/**
 * The thank-you page in the browser: reads ?amount and ?recurring, swaps in the matching message,
 * marks the impact levels the gift reaches, and sends donation_complete once per visit when
 * analytics is configured. Only formatted numbers from src/lib/thank-you.ts reach the page.
 */
import {
  donationCompleteParams,
  donationEventKey,
  impactLevels,
  parseThankYouQuery,
  thankYouContent,
  THANK_YOU_TEXTS_EN,
  type ThankYouQuery,
  type ThankYouTexts,
} from '../lib/thank-you.ts';
import { DEFAULT_LANG, isLang } from '../lib/i18n/languages.ts';
import { trackEvent } from './track-event.ts';

/** The page's words in its language, written into data-texts by the page (English if absent). */
function pageTexts(root: HTMLElement): ThankYouTexts {
  try {
    return { ...THANK_YOU_TEXTS_EN, ...(JSON.parse(root.dataset.texts ?? '{}') as Partial<ThankYouTexts>) };
  } catch {
    return THANK_YOU_TEXTS_EN;
  }
}

function render(root: HTMLElement, query: ThankYouQuery): void {
  const texts = pageTexts(root);
  const lang = isLang(root.dataset.lang) ? root.dataset.lang : DEFAULT_LANG;
  const content = thankYouContent(query, root.dataset.org ?? '', texts, lang);
  root.dataset.giftType = query.recurring ? 'recurring' : 'one-time';
  const eyebrow = document.querySelector<HTMLElement>('[data-thanks-eyebrow]');
  const lead = document.querySelector<HTMLElement>('[data-thanks-lead]');
  if (eyebrow) eyebrow.textContent = content.eyebrow;
  if (lead) lead.textContent = content.lead;

  const levels = impactLevels(query.amount, lang);
  for (const level of levels) {
    const item = document.querySelector<HTMLElement>(`[data-impact-level="${level.amount}"]`);
    if (!item) continue;
    item.classList.toggle('is-reached', level.reached);
    const status = item.querySelector<HTMLElement>('[data-impact-status]');
    if (status) status.textContent = level.reached ? texts.levelReached : '';
  }

  const circle = document.querySelector<HTMLElement>('[data-circle]');
  if (circle) circle.dataset.circle = content.inCircle ? 'member' : 'invite';
}

function sendOnce(query: ThankYouQuery): void {
  const params = donationCompleteParams(query);
  if (!params) return;
  const key = donationEventKey(query);
  try {
    if (sessionStorage.getItem(key)) return;
  } catch {
    // Storage may be unavailable (private modes); the event is still sent once for this page view.
  }
  if (!trackEvent('donation_complete', { ...params })) return;
  try {
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // See above.
  }
}

const root = document.querySelector<HTMLElement>('[data-thanks]');
if (root) {
  const query = parseThankYouQuery(window.location.search);
  render(root, query);
  // The page shell's script sets up gtag and runs after this one; every module script has run by
  // DOMContentLoaded.
  document.addEventListener('DOMContentLoaded', () => sendOnce(query), { once: true });
}
