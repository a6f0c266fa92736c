/**
 * Dates, numbers and money written the way each language writes them, through Intl with the
 * language's BCP 47 tag (Node's and the browsers' full ICU data). Formatters are built once per
 * language and option set: building one is far slower than using it.
 *
 * The first one a page builds is slower still: 20-35 ms on a desktop machine, four times that on
 * a phone (and in Lighthouse, as blocking time). So the islands call none of these while they
 * hydrate: what they show first is written at build time and handed over in their props
 * (listedEvents, toIndexEntry, toExplorerPrograms, fixedAmountLabels, formatCount below), and
 * tests/e2e/hydration-intl.spec.ts holds them to it.
 */
import { language, type Lang } from './languages.ts';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) cache.set(key, (formatter = make()));
  return formatter;
}

/**
 * A date in `lang`, by default the long form: 'December 5, 2026', '5 décembre 2026',
 * '5 Desemba 2026'. Calendar dates (`2026-12-05`) are read at noon UTC and shown in UTC, so the
 * day never shifts; pass `timeZone` for instants such as event start times.
 */
export function formatDate(
  date: string | Date,
  lang: Lang,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const when = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T12:00:00Z`) : new Date(date);
  const withZone = { timeZone: 'UTC', ...options };
  const tag = language(lang).intl;
  return cached(`d|${tag}|${JSON.stringify(withZone)}`, () => new Intl.DateTimeFormat(tag, withZone)).format(when);
}

/** A number in `lang`: 1,234.5 in English and Swahili, 1 234,5 in French (narrow no-break space). */
export function formatNumber(value: number, lang: Lang, options: Intl.NumberFormatOptions = {}): string {
  const tag = language(lang).intl;
  return cached(`n|${tag}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options)).format(value);
}

/**
 * A count of things shown. Every language of the site writes 0 to 999 in the same Latin digits
 * without a separator (i18n.test.ts holds each to Intl), so those need no formatter: the list
 * islands count their results while they hydrate.
 */
export function formatCount(count: number, lang: Lang): string {
  return Number.isInteger(count) && count >= 0 && count < 1000 ? String(count) : formatNumber(count, lang);
}

/**
 * US dollars in `lang`, without cents for whole amounts as the donation form shows them, as the
 * glossaries (content/glossary/) write them: '$25' / '$25.50' in English and Swahili, '25 $'
 * in French (no-break space). One rule for every language: the narrow sign ('$', not Intl's
 * '$US' or 'US$'), and a sign written before the number sits against it (Swahili's Intl puts a
 * space there).
 */
export function formatCurrency(amount: number, lang: Lang, currency = 'USD'): string {
  const digits = Math.round(amount * 100) % 100 === 0 ? 0 : 2;
  const options: Intl.NumberFormatOptions = { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: digits, maximumFractionDigits: digits };
  const tag = language(lang).intl;
  const parts = cached(`n|${tag}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options)).formatToParts(amount);
  return parts
    .filter((part, i) => !(part.type === 'literal' && parts[i - 1]?.type === 'currency' && /^\s+$/u.test(part.value)))
    .map((part) => part.value)
    .join('');
}
