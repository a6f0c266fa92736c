/**
 * The donation checkout in the visitor's language: PayPal's page language (`lc`, where PayPal
 * has one) and the thank-you page in that language; English posts exactly what it always did.
 */
import { describe, expect, test } from 'vitest';
import { buildPaypalCheckout, paypalLocale, thankYouUrl, type PaypalSettings } from '../../src/lib/paypal.ts';
import { formatCurrency } from '../../src/lib/i18n/format.ts';

const config: PaypalSettings = { name: 'SIPA', paypal: { business: 'give@sipa.example.org', sandbox: false } };
const request = { amount: 50, monthly: false, origin: 'https://sipa.example.org', config };

describe('PayPal in the visitor’s language', () => {
  test('French opens PayPal’s French page and comes back to the French thank-you page', () => {
    const { fields } = buildPaypalCheckout({ ...request, currentUrl: 'https://sipa.example.org/fr/donate', lang: 'fr' });
    expect(fields).toEqual([
      ['cmd', '_donations'],
      ['business', 'give@sipa.example.org'],
      ['currency_code', 'USD'],
      ['amount', '50'],
      ['item_name', 'Donation to SIPA'],
      ['return', 'https://sipa.example.org/fr/thank-you?amount=50'],
      ['cancel_return', 'https://sipa.example.org/fr/donate'],
      ['lc', 'FR'],
      ['notify_url', 'https://sipa.example.org/api/paypal/ipn'],
      ['custom', 'lang=fr'],
    ]);
  });

  test('Swahili, which PayPal does not have, gets its US English page and the Swahili thank-you page', () => {
    const { fields } = buildPaypalCheckout({ ...request, monthly: true, currentUrl: 'https://sipa.example.org/sw/donate', lang: 'sw' });
    expect(fields).toContainEqual(['lc', 'US']);
    expect(fields).toContainEqual(['return', 'https://sipa.example.org/sw/thank-you?amount=50&recurring=true']);
    expect(fields).toContainEqual(['custom', 'lang=sw']);
  });

  test('English posts no lc, as before', () => {
    const { fields } = buildPaypalCheckout({ ...request, currentUrl: 'https://sipa.example.org/donate', lang: 'en' });
    expect(fields.map(([name]) => name)).not.toContain('lc');
    expect(fields).toContainEqual(['return', 'https://sipa.example.org/thank-you?amount=50']);
    expect(paypalLocale('en')).toBeNull();
    expect(thankYouUrl('https://sipa.example.org', null, false, 'fr')).toBe('https://sipa.example.org/fr/thank-you');
  });

  test('the form’s amounts are written the language’s way', () => {
    expect(formatCurrency(25, 'en')).toBe('$25');
    expect(formatCurrency(40.5, 'en')).toBe('$40.50');
    expect(formatCurrency(25, 'fr')).toBe('25\u00a0$');
    expect(formatCurrency(100_000, 'fr')).toBe('100\u202f000\u00a0$');
    expect(formatCurrency(25, 'sw')).toBe('$25');
  });
});
