/**
 * The thank-you page's reading of its query (?amount=50&recurring=true) and the words it shows.
 * Only a well-formed, positive, plausible amount is ever shown, and only after formatting: raw
 * query text never reaches the page.
 */
import { DONATION_CURRENCY, DONATION_IMPACT, DONATION_MAX, DONATION_PRESETS, MONTHLY_GIVING_CIRCLE_MIN } from './constants.ts';
import { formatUsd } from './paypal.ts';

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

export function thankYouContent(query: ThankYouQuery, orgName: string): ThankYouContent {
  const { amount, recurring } = query;
  const shown = amount === null ? null : formatUsd(amount);
  if (recurring) {
    return {
      eyebrow: 'Monthly gift confirmed',
      lead: shown
        ? `Your monthly gift of ${shown} gives families steady support, month after month. Thank you for standing with ${orgName} all year long.`
        : `Your monthly gift gives families steady support, month after month. Thank you for standing with ${orgName} all year long.`,
      inCircle: amount !== null && amount >= MONTHLY_GIVING_CIRCLE_MIN,
    };
  }
  return {
    eyebrow: 'Donation received',
    lead: shown
      ? `Your gift of ${shown} is already at work helping families settle, learn and thrive in North Texas.`
      : 'Your gift is already at work helping families settle, learn and thrive in North Texas.',
    inCircle: false,
  };
}

/** The page's default text before (or without) the browser reading the query. */
export const THANK_YOU_DEFAULT: ThankYouContent = thankYouContent({ amount: null, recurring: false }, '');

export interface ImpactLevel {
  amount: number;
  label: string;
  impact: string;
  /** The gift reaches this level. */
  reached: boolean;
}

/** The cumulative impact list: every preset level, marking those a gift of `amount` reaches. */
export function impactLevels(amount: number | null): ImpactLevel[] {
  return DONATION_PRESETS.map((level) => ({
    amount: level,
    label: formatUsd(level),
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
