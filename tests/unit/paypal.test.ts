import { describe, expect, it } from 'vitest';
import {
  buildPaypalCheckout,
  checkoutUrl,
  formatAmount,
  formatUsd,
  parseDonationAmount,
  presetImpact,
  thankYouUrl,
  type PaypalSettings,
} from '../../src/lib/paypal.ts';
import { DONATION_PRESETS, PAYPAL_CHECKOUT_URL, PAYPAL_SANDBOX_CHECKOUT_URL } from '../../src/lib/constants.ts';
import { MESSAGES } from '../../src/lib/messages.ts';

const live: PaypalSettings = { name: 'SIPA', paypal: { business: 'give@sipa.example.org', sandbox: false } };
const sandbox: PaypalSettings = { name: 'SIPA', paypal: { business: 'give@sipa.example.org', sandbox: true } };
const origin = 'https://sipa.example.org';
const currentUrl = 'https://sipa.example.org/about';

describe('buildPaypalCheckout', () => {
  it('builds exactly the one-time fields for a preset', () => {
    const checkout = buildPaypalCheckout({ amount: 50, monthly: false, origin, currentUrl, config: live });
    expect(checkout.action).toBe('https://www.paypal.com/cgi-bin/webscr');
    expect(checkout.fields).toEqual([
      ['cmd', '_donations'],
      ['business', 'give@sipa.example.org'],
      ['currency_code', 'USD'],
      ['amount', '50'],
      ['item_name', 'Donation to SIPA'],
      ['return', 'https://sipa.example.org/thank-you?amount=50'],
      ['cancel_return', 'https://sipa.example.org/about'],
      ['notify_url', 'https://sipa.example.org/api/paypal/ipn'],
      ['custom', 'lang=en'],
    ]);
  });

  it('builds exactly the monthly fields, with a3 and no amount field', () => {
    const checkout = buildPaypalCheckout({ amount: 25, monthly: true, origin, currentUrl, config: live });
    expect(checkout.fields).toEqual([
      ['cmd', '_xclick-subscriptions'],
      ['business', 'give@sipa.example.org'],
      ['currency_code', 'USD'],
      ['item_name', 'Monthly donation to SIPA'],
      ['return', 'https://sipa.example.org/thank-you?amount=25&recurring=true'],
      ['cancel_return', 'https://sipa.example.org/about'],
      ['a3', '25'],
      ['p3', '1'],
      ['t3', 'M'],
      ['src', '1'],
      ['sra', '1'],
      ['notify_url', 'https://sipa.example.org/api/paypal/ipn'],
      ['custom', 'lang=en'],
    ]);
    expect(checkout.fields.map(([name]) => name)).not.toContain('amount');
  });

  it('carries a custom amount with cents in amount, a3 and the return URL', () => {
    const once = new Map(buildPaypalCheckout({ amount: 37.5, monthly: false, origin, currentUrl, config: live }).fields);
    expect(once.get('amount')).toBe('37.50');
    expect(once.get('return')).toBe('https://sipa.example.org/thank-you?amount=37.50');
    const monthly = new Map(buildPaypalCheckout({ amount: 12.34, monthly: true, origin, currentUrl, config: live }).fields);
    expect(monthly.get('a3')).toBe('12.34');
    expect(monthly.get('return')).toBe('https://sipa.example.org/thank-you?amount=12.34&recurring=true');
    expect(monthly.has('amount')).toBe(false);
  });

  it('builds a return URL on the given origin whatever the trailing slash', () => {
    const fields = new Map(
      buildPaypalCheckout({ amount: 100, monthly: false, origin: 'http://127.0.0.1:4351/', currentUrl, config: live }).fields,
    );
    expect(fields.get('return')).toBe('http://127.0.0.1:4351/thank-you?amount=100');
  });

  it('uses the item name built from the organisation name', () => {
    const config = { ...live, name: 'Example Org' };
    expect(new Map(buildPaypalCheckout({ amount: 25, monthly: false, origin, currentUrl, config }).fields).get('item_name')).toBe(
      'Donation to Example Org',
    );
  });

  it('points at the sandbox when the config says so', () => {
    expect(buildPaypalCheckout({ amount: 25, monthly: false, origin, currentUrl, config: sandbox }).action).toBe(
      'https://www.sandbox.paypal.com/cgi-bin/webscr',
    );
    expect(checkoutUrl(sandbox)).toBe(PAYPAL_SANDBOX_CHECKOUT_URL);
    expect(checkoutUrl(live)).toBe(PAYPAL_CHECKOUT_URL);
  });

  it.each(DONATION_PRESETS)('accepts the preset %i', (preset) => {
    const fields = new Map(buildPaypalCheckout({ amount: preset, monthly: false, origin, currentUrl, config: live }).fields);
    expect(fields.get('amount')).toBe(String(preset));
  });

  it.each([0, 0.5, -25, Number.NaN, Number.POSITIVE_INFINITY, 1.005, 1_000_000])('refuses the bad amount %s', (amount) => {
    expect(() => buildPaypalCheckout({ amount, monthly: false, origin, currentUrl, config: live })).toThrow(RangeError);
    expect(() => buildPaypalCheckout({ amount, monthly: true, origin, currentUrl, config: live })).toThrow(RangeError);
  });
});

describe('parseDonationAmount', () => {
  it.each([
    ['25', 25],
    ['1', 1],
    ['10.5', 10.5],
    ['10.50', 10.5],
    [' 99.99 ', 99.99],
    ['$40', 40],
    ['1,000', 1000],
    [250, 250],
    ['100000', 100000],
  ])('reads %j as %d', (input, expected) => {
    expect(parseDonationAmount(input)).toEqual({ ok: true, amount: expected });
  });

  it.each([null, undefined, '', '   '])('treats %j as no amount, with the spec message', (input) => {
    expect(parseDonationAmount(input)).toEqual({ ok: false, reason: 'missing', message: MESSAGES.donationNoAmount });
  });

  it.each(['abc', '1e3', '12.345', '-5', '10,5', '0x10', 'Infinity', '25 USD'])('refuses the malformed %j', (input) => {
    expect(parseDonationAmount(input)).toMatchObject({ ok: false, reason: 'invalid', message: MESSAGES.donationCustomInvalid });
  });

  it.each(['0', '0.99', '0.00'])('refuses %j as below the minimum of 1', (input) => {
    expect(parseDonationAmount(input)).toMatchObject({ ok: false, reason: 'too-small' });
  });

  it('refuses amounts above the maximum with a message naming it', () => {
    const result = parseDonationAmount('100000.01');
    expect(result).toMatchObject({ ok: false, reason: 'too-large' });
    expect(!result.ok && result.message).toContain('$100,000');
  });
});

describe('formatting', () => {
  it('formats amounts for PayPal and for people', () => {
    expect(formatAmount(25)).toBe('25');
    expect(formatAmount(25.5)).toBe('25.50');
    expect(formatAmount(0.1 + 0.2 + 9.7)).toBe('10');
    expect(formatUsd(25)).toBe('$25');
    expect(formatUsd(25.5)).toBe('$25.50');
    expect(formatUsd(1500)).toBe('$1,500');
  });

  it('gives preset impact lines and none for custom amounts', () => {
    expect(presetImpact(25)).toBe('educational materials for one child');
    expect(presetImpact(250)).toBe('job training for new arrivals');
    expect(presetImpact(30)).toBeNull();
  });

  it('builds the thank-you return URL', () => {
    expect(thankYouUrl(origin, 50, false)).toBe('https://sipa.example.org/thank-you?amount=50');
    expect(thankYouUrl(origin, 50, true)).toBe('https://sipa.example.org/thank-you?amount=50&recurring=true');
    expect(thankYouUrl(origin, null, false)).toBe('https://sipa.example.org/thank-you');
  });
});
