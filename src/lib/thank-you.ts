/**
 * The thank-you page's reading of its query (?amount=50&recurring=true) and the words it shows.
 * Only a well-formed, positive, plausible amount is ever shown, and only after formatting: raw
 * query text never reaches the page.
 */
import { DONATION_CURRENCY, DONATION_IMPACT, DONATION_MAX, DONATION_PRESETS, MONTHLY_GIVING_CIRCLE_MIN } from './constants.ts';
import { formatCurrency } from './i18n/format.ts';
import { DEFAULT_LANG, type Lang } from './i18n/languages.ts';

export interface ThankYouQuery {
  /** The gift in dollars, or null when missing, malformed, not positive or implausible. */
  amount: number | null;
  recurring: boolean;
}

const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

export function parseThankYouQuery(search: string | URLSearchParams): ThankYouQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return { amount: parseAmount(params.get('amount')), recurring: params.get('recurring') === 'true' };
}

function parseAmount(raw: string | null): number | null {
  if (raw === null) return null;
  const text = raw.trim();
  if (!AMOUNT_PATTERN.test(text)) return null;
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount <= 0 || amount > DONATION_MAX) return null;
  return amount;
}

export interface ThankYouContent {
  eyebrow: string;
  lead: string;
  /** Whether the giver is in the monthly giving circle (monthly, at least the circle minimum). */
  inCircle: boolean;
}

/**
 * The words the page's script writes, in the page's language: the page renders them from the
 * page catalogues (content/messages/pages, keys `thanks_*`) into `data-texts`, so the script carries no
 * catalogue. `{amount}` and `{org}` are filled here. These English ones are the default.
 */
export interface ThankYouTexts {
  eyebrowOnce: string;
  eyebrowMonthly: string;
  leadOnce: string;
  leadOnceAmount: string;
  leadMonthly: string;
  leadMonthlyAmount: string;
  levelReached: string;
}

export const THANK_YOU_TEXTS_EN: ThankYouTexts = {
  eyebrowOnce: 'Donation received',
  eyebrowMonthly: 'Monthly gift confirmed',
  leadOnce: 'Your gift is already at work helping families settle, learn and thrive in North Texas.',
  leadOnceAmount: 'Your gift of {amount} is already at work helping families settle, learn and thrive in North Texas.',
  leadMonthly: 'Your monthly gift gives families steady support, month after month. Thank you for standing with {org} all year long.',
  leadMonthlyAmount: 'Your monthly gift of {amount} gives families steady support, month after month. Thank you for standing with {org} all year long.',
  levelReached: 'Your gift reaches this level',
};

function fillIn(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function thankYouContent(query: ThankYouQuery, orgName: string, texts: ThankYouTexts = THANK_YOU_TEXTS_EN, lang: Lang = DEFAULT_LANG): ThankYouContent {
  const { amount, recurring } = query;
  const values = { org: orgName, amount: amount === null ? '' : formatCurrency(amount, lang) };
  if (recurring) {
    return {
      eyebrow: texts.eyebrowMonthly,
      lead: fillIn(amount === null ? texts.leadMonthly : texts.leadMonthlyAmount, values),
      inCircle: amount !== null && amount >= MONTHLY_GIVING_CIRCLE_MIN,
    };
  }
  return {
    eyebrow: texts.eyebrowOnce,
    lead: fillIn(amount === null ? texts.leadOnce : texts.leadOnceAmount, values),
    inCircle: false,
  };
}

export interface ImpactLevel {
  amount: number;
  label: string;
  impact: string;
  /** The gift reaches this level. */
  reached: boolean;
}

/**
 * The cumulative impact list: every preset level, marking those a gift of `amount` reaches,
 * with the amounts written the way `lang` writes them (the impact words are English; the page
 * puts its language's in).
 */
export function impactLevels(amount: number | null, lang: Lang = DEFAULT_LANG): ImpactLevel[] {
  return DONATION_PRESETS.map((level) => ({
    amount: level,
    label: formatCurrency(level, lang),
    impact: DONATION_IMPACT[level],
    reached: amount !== null && amount >= level,
  }));
}

export type DonationType = 'recurring' | 'one-time';

export interface DonationCompleteParams {
  amount: number;
  value: number;
  currency: string;
  donation_type: DonationType;
  event_label: DonationType;
}

/**
 * The analytics event's parameters, or null when there is no valid amount (a visit to the page
 * without a completed gift behind it is not counted).
 */
export function donationCompleteParams(query: ThankYouQuery): DonationCompleteParams | null {
  if (query.amount === null) return null;
  const type: DonationType = query.recurring ? 'recurring' : 'one-time';
  return { amount: query.amount, value: query.amount, currency: DONATION_CURRENCY, donation_type: type, event_label: type };
}

/** The sessionStorage key that makes the event fire once per visit for one return URL. */
export function donationEventKey(query: ThankYouQuery): string {
  return `sipa:donation_complete:${query.recurring ? 'recurring' : 'one-time'}:${query.amount ?? 'none'}`;
}
