/**
 * The newsletter's audience as the confirmation step names it before anything goes out:
 * "Send to 1,234 subscribers: 900 English, 200 French, 134 Swahili?". The staff area is in
 * English, so the languages carry their English names here (the public site names them in themselves).
 */
import { LANG_CODES, type Lang } from './i18n/languages.ts';
import { scheduledTime } from './newsletter-schedule.ts';

export type AudienceCounts = Record<Lang, number>;

/** The languages' names in the staff area's English. */
export const STAFF_LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', fr: 'French', sw: 'Swahili' };

const number = (n: number) => n.toLocaleString('en-US');
const subscribers = (n: number) => `${number(n)} ${n === 1 ? 'subscriber' : 'subscribers'}`;

export function audienceTotal(counts: AudienceCounts): number {
  return LANG_CODES.reduce((sum, lang) => sum + counts[lang], 0);
}

/** Who and when a send goes to: one language's subscribers or all (null), now or at an instant (ISO). */
export interface SendChoice {
  lang?: Lang | null;
  at?: string | null;
  /** The zone the time is named in (the organisation's unless a test says otherwise). */
  timeZone?: string;
}

/**
 * The question the confirmation step asks; languages nobody reads in are left out. One language:
 * "Send to 200 French-language subscribers?"; a scheduled send says when, in the organisation's
 * zone: "Send to 1,234 subscribers on Friday, November 27, 2026 at 10:32 AM Central Standard Time: 900 English, …?"
 */
export function confirmSendQuestion(counts: AudienceCounts, choice: SendChoice = {}): string {
  const when = choice.at ? ` on ${scheduledTime(choice.at, choice.timeZone)}` : '';
  if (choice.lang) {
    const n = counts[choice.lang];
    return `Send to ${number(n)} ${STAFF_LANGUAGE_NAMES[choice.lang]}-language ${n === 1 ? 'subscriber' : 'subscribers'}${when}?`;
  }
  const total = audienceTotal(counts);
  const parts = LANG_CODES.filter((lang) => counts[lang] > 0).map((lang) => `${number(counts[lang])} ${STAFF_LANGUAGE_NAMES[lang]}`);
  return parts.length ? `Send to ${subscribers(total)}${when}: ${parts.join(', ')}?` : `Send to ${subscribers(total)}${when}?`;
}

/** The line under the question: what goes, to whom, when, and what can still be undone. */
export function confirmSendDetail(subject: string, choice: SendChoice = {}): string {
  const whom = choice.lang ? `every confirmed subscriber who signed up in ${STAFF_LANGUAGE_NAMES[choice.lang]}` : 'every confirmed subscriber';
  if (!choice.at) return `“${subject}” goes out now, to ${whom}. It cannot be unsent.`;
  return `“${subject}” goes out at that time, to ${whom} then. Until it starts, Cancel in the history below stops it.`;
}
