/**
 * Reads an amount of dollars as a visitor types it in the page's language. French writes
 * 40,50 and 1 000; English and Swahili write 40.50 and 1,000. What a person can only have meant
 * one way is read that way in every language; the one reading that differs between languages,
 * a single mark followed by exactly three digits ("1,000" or "1.000"), is a thousands separator
 * unless it is the language's decimal mark, and then it is refused: dollars have two decimals,
 * so "1,000" on a French page would be one dollar or a thousand, and nothing silently picks one.
 *
 * The result is the same as parseDonationAmount's (src/lib/paypal.ts), which then holds the
 * amount to the minimum and maximum; this module decides only which number was written.
 */
import { parseDonationAmount, type AmountResult } from './paypal.ts';
import { language, type Lang } from './i18n/languages.ts';

/** Spaces people put between groups of digits: space, no-break space, narrow no-break and thin spaces. */
const SPACES = /[\s\u00a0\u202f\u2009]/gu;
/** A dollar sign or code before or after the number: '$40', '40 $', 'US$ 40', '40 USD'. */
const CURRENCY = /^(?:US\s*\$|\$|USD)|(?:US\s*\$|\$|USD)$/giu;

const decimalMarks = new Map<Lang, string>();

/** The language's decimal mark, as Intl writes it ('.' in English and Swahili, ',' in French). */
export function decimalMark(lang: Lang): string {
  let mark = decimalMarks.get(lang);
  if (mark === undefined) {
    const parts = new Intl.NumberFormat(language(lang).intl).formatToParts(1.5);
    mark = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    decimalMarks.set(lang, mark);
  }
  return mark;
}

/**
 * The written amount as plain digits with '.' before the cents ('1000.50'), or null when it is
 * not a number a person writes, or when its meaning depends on the reader's habits.
 */
export function normalizeTypedAmount(text: string, lang: Lang): string | null {
  const compact = text.trim().replace(CURRENCY, '').trim();
  // Spaces may only separate groups of three digits: '1 000' but not '10 00'.
  if (/\s/u.test(compact) && !/^\d{1,3}(?:[\s\u00a0\u202f\u2009]\d{3})*(?:[.,]\d{1,2})?$/u.test(compact)) return null;
  const value = compact.replace(SPACES, '');
  if (!/^\d[\d.,]*$/.test(value) || /[.,]$/.test(value)) return null;
  const marks = [...value].filter((char) => char === '.' || char === ',');
  if (marks.length === 0) return value;
  const last = value.search(/[.,][^.,]*$/);
  const tail = value.slice(last + 1);
  const lastMark = value[last]!;
  const bothKinds = new Set(marks).size === 2;
  let whole: string;
  let cents = '';
  if (bothKinds) {
    // '1,000.50' or '1.000,50': the last mark is the decimal one, the other only groups thousands.
    if (marks.slice(0, -1).some((mark) => mark === lastMark)) return null;
    whole = value.slice(0, last);
    cents = tail;
  } else if (marks.length > 1) {
    // '1,000,000' or '1.000.000': a mark written twice separates thousands.
    whole = value;
  } else if (tail.length === 3) {
    if (lastMark === decimalMark(lang)) return null;
    whole = value;
  } else {
    whole = value.slice(0, last);
    cents = tail;
  }
  if (cents.length > 2) return null;
  const groups = whole.split(/[.,]/);
  if (groups.length > 1 && (groups[0]!.length > 3 || groups.slice(1).some((group) => group.length !== 3))) return null;
  const digits = groups.join('');
  return cents ? `${digits}.${cents}` : digits;
}

/**
 * The amount a visitor typed, read as a person of `lang` writes it, then checked against the
 * donation rules. A text that cannot be read for certain is 'invalid': the form then shows the
 * message that says how to write an amount in that language.
 */
export function parseTypedAmount(text: string | null | undefined, lang: Lang): AmountResult {
  if (text === null || text === undefined || text.trim() === '') return parseDonationAmount(null);
  const normalized = normalizeTypedAmount(text, lang);
  return parseDonationAmount(normalized ?? 'invalid');
}
