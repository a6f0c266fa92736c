/**
 * The newsletter's audience as the confirmation step names it before anything goes out:
 * "Send to 1,234 subscribers: 900 English, 200 French, 134 Swahili?". The staff area is in
 * English, so the languages carry their English names here (the public site names them in themselves).
 */
import { LANG_CODES, type Lang } from './i18n/languages.ts';

export type AudienceCounts = Record<Lang, number>;

/** The languages' names in the staff area's English. */
export const STAFF_LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', fr: 'French', sw: 'Swahili' };

const number = (n: number) => n.toLocaleString('en-US');
const subscribers = (n: number) => `${number(n)} ${n === 1 ? 'subscriber' : 'subscribers'}`;

export function audienceTotal(counts: AudienceCounts): number {
  return LANG_CODES.reduce((sum, lang) => sum + counts[lang], 0);
}

/** The question the confirmation step asks; languages nobody reads in are left out. */
export function confirmSendQuestion(counts: AudienceCounts): string {
  const total = audienceTotal(counts);
  const parts = LANG_CODES.filter((lang) => counts[lang] > 0).map((lang) => `${number(counts[lang])} ${STAFF_LANGUAGE_NAMES[lang]}`);
  return parts.length ? `Send to ${subscribers(total)}: ${parts.join(', ')}?` : `Send to ${subscribers(total)}?`;
}
