/**
 * PayPal web checkout for donations: amount rules and the exact field list the browser posts.
 * Pure: the island passes in the origin, the current page and the site's PayPal settings.
 */
import {
  DONATION_CURRENCY,
  DONATION_CUSTOM_MIN,
  DONATION_IMPACT,
  DONATION_MAX,
  DONATION_PRESETS,
  PAYPAL_CHECKOUT_URL,
  PAYPAL_SANDBOX_CHECKOUT_URL,
  type DonationPreset,
} from './constants.ts';
import { MESSAGES, donationTooLarge } from './messages.ts';
import { DEFAULT_LANG, language, type Lang } from './i18n/languages.ts';
import { localizePath } from './i18n/paths.ts';

export interface PaypalSettings {
  /** The organisation's name, used in item_name ('Donation to SIPA'). */
  name: string;
  /** `checkout`: "standard" (Payments Standard, the default) or "orders" (the API's Orders v2 and Subscriptions v1 checkout). */
  paypal: { business: string; sandbox: boolean; checkout?: DonationCheckout };
}

/** Which checkout the donation form uses (content/site.json `paypal.checkout`, chosen at build time). */
export type DonationCheckout = 'standard' | 'orders';

export interface DonationRequest {
  /** A valid amount in dollars (see parseDonationAmount). */
  amount: number;
  monthly: boolean;
  /** The site's origin, e.g. https://sipa.example.org (no trailing slash needed). */
  origin: string;
  /** The page the visitor is on; PayPal sends them back here if they cancel. */
  currentUrl: string;
  config: PaypalSettings;
  /**
   * The visitor's language: PayPal's page opens in it where PayPal has one (`lc`, see
   * src/lib/i18n/languages.ts) and the thank-you page is the one in that language. English, or
   * none, leaves PayPal's own choice as it always was.
   */
  lang?: Lang;
}

export type PaypalField = readonly [name: string, value: string];

export interface PaypalCheckout {
  action: string;
  fields: PaypalField[];
}

export type AmountResult =
  | { ok: true; amount: number }
  | { ok: false; reason: 'missing' | 'invalid' | 'too-small' | 'too-large'; message: string };

const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/**
 * Reads an amount typed by a visitor (or a preset): digits with at most two decimals, at least
 * the custom minimum, at most DONATION_MAX. Accepts a leading '$' and thousands commas.
 */
export function parseDonationAmount(input: string | number | null | undefined): AmountResult {
  if (input === null || input === undefined) return fail('missing');
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail('invalid');
    input = String(input);
  }
  const text = input.trim().replace(/^\$\s*/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (text === '') return fail('missing');
  if (!AMOUNT_PATTERN.test(text)) return fail('invalid');
  const amount = Math.round(Number(text) * 100) / 100;
  if (!Number.isFinite(amount)) return fail('invalid');
  if (amount < DONATION_CUSTOM_MIN) return fail('too-small');
  if (amount > DONATION_MAX) return fail('too-large');
  return { ok: true, amount };
}

function fail(reason: 'missing' | 'invalid' | 'too-small' | 'too-large'): AmountResult {
  const message =
    reason === 'missing'
      ? MESSAGES.donationNoAmount
      : reason === 'too-large'
        ? donationTooLarge(formatUsd(DONATION_MAX))
        : MESSAGES.donationCustomInvalid;
  return { ok: false, reason, message };
}

export function isPreset(amount: number): amount is DonationPreset {
  return (DONATION_PRESETS as readonly number[]).includes(amount);
}

/** The impact line for a preset amount, or null for a custom amount. */
export function presetImpact(amount: number): string | null {
  return isPreset(amount) ? DONATION_IMPACT[amount] : null;
}

/** The amount as PayPal and our query string carry it: '25', '25.50'. */
export function formatAmount(amount: number): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The amount for people: '$25', '$25.50', '$1,000'. */
export function formatUsd(amount: number): string {
  const whole = Math.round(amount * 100) % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: DONATION_CURRENCY,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

export function checkoutUrl(config: PaypalSettings): string {
  return config.paypal.sandbox ? PAYPAL_SANDBOX_CHECKOUT_URL : PAYPAL_CHECKOUT_URL;
}

export function itemName(config: Pick<PaypalSettings, 'name'>, monthly: boolean): string {
  return monthly ? `Monthly donation to ${config.name}` : `Donation to ${config.name}`;
}

/** {origin}/thank-you?amount=X (/fr/thank-you… in another language), plus &recurring=true for a monthly gift. */
export function thankYouUrl(origin: string, amount: number | null, monthly: boolean, lang: Lang = DEFAULT_LANG): string {
  const url = new URL(localizePath('/thank-you', lang), origin);
  if (amount !== null) url.searchParams.set('amount', formatAmount(amount));
  if (monthly) url.searchParams.set('recurring', 'true');
  return url.toString();
}

/** Where PayPal posts its notifications (IPN), under the API of the site's own origin. */
export const PAYPAL_NOTIFY_PATH = '/api/paypal/ipn';

/** The `notify_url` field: the API's public address for PayPal's notifications. */
export function notifyUrl(origin: string): string {
  return new URL(PAYPAL_NOTIFY_PATH, origin).toString();
}

/**
 * The `custom` field, which PayPal hands back in every notification of the gift (and of each
 * payment of a monthly one): what the receipt needs, `lang=<code>` (the page's language).
 */
export function customField(lang: Lang = DEFAULT_LANG): string {
  return new URLSearchParams({ lang }).toString();
}

/** PayPal's `lc` for a language other than English, else null (PayPal keeps its own choice). */
export function paypalLocale(lang: Lang = DEFAULT_LANG): string | null {
  return lang === DEFAULT_LANG ? null : language(lang).paypal;
}

/**
 * The exact fields for PayPal's web checkout. One-time: cmd _donations with amount. Monthly:
 * cmd _xclick-subscriptions with a3 (amount), p3 1, t3 M (every month), src 1 (recurring),
 * sra 1 (retry failed payments) and no amount field. Another language than English adds `lc`.
 * Beyond the spec's fields (ARCHITECTURE.md, departures): `notify_url`, where PayPal tells the API
 * of the payment, and `custom`, the page's language for the receipt.
 */
export function buildPaypalCheckout(request: DonationRequest): PaypalCheckout {
  const { monthly, origin, currentUrl, config, lang = DEFAULT_LANG } = request;
  const checked = parseDonationAmount(request.amount);
  if (!checked.ok) throw new RangeError(checked.message);
  const amount = formatAmount(checked.amount);
  const fields: PaypalField[] = [
    ['cmd', monthly ? '_xclick-subscriptions' : '_donations'],
    ['business', config.paypal.business],
    ['currency_code', DONATION_CURRENCY],
  ];
  if (!monthly) fields.push(['amount', amount]);
  fields.push(
    ['item_name', itemName(config, monthly)],
    ['return', thankYouUrl(origin, checked.amount, monthly, lang)],
    ['cancel_return', currentUrl],
  );
  const lc = paypalLocale(lang);
  if (lc) fields.push(['lc', lc]);
  if (monthly) {
    fields.push(['a3', amount], ['p3', '1'], ['t3', 'M'], ['src', '1'], ['sra', '1']);
  }
  fields.push(['notify_url', notifyUrl(origin)], ['custom', customField(lang)]);
  return { action: checkoutUrl(config), fields };
}

/** Where the form posts with `paypal.checkout: "orders"`: the API makes the order or subscription and redirects to PayPal. */
export const DONATE_API_PATH = '/api/donate';

export interface OrdersRequest {
  /** A valid amount in dollars (see parseDonationAmount). */
  amount: number;
  monthly: boolean;
  /** The path of the page the visitor is on (with its query): PayPal's cancel returns there. */
  currentPath: string;
  lang?: Lang;
}

/**
 * The fields the form posts to the API in the "orders" checkout: the amount as the form checked
 * it ('25', '40.50'), the frequency, the page's language and the page itself. The API checks the
 * amount again with parseDonationAmount, the same rule.
 */
export function buildOrdersCheckout(request: OrdersRequest): PaypalCheckout {
  const checked = parseDonationAmount(request.amount);
  if (!checked.ok) throw new RangeError(checked.message);
  return {
    action: DONATE_API_PATH,
    fields: [
      ['amount', formatAmount(checked.amount)],
      ['frequency', request.monthly ? 'monthly' : 'one-time'],
      ['lang', request.lang ?? DEFAULT_LANG],
      ['page', request.currentPath],
    ],
  };
}
