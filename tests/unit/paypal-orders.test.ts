/**
 * The "orders" checkout's side of the site: the setting (content/site.json `paypal.checkout`,
 * "standard" unless it says otherwise), the fields the form posts to the API, and the donation
 * form rendered in each mode: the default one exactly as before, the orders one posting to
 * /api/donate with the page's language and the page.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import raw from '../../content/site.json' with { type: 'json' };
import DonationForm, { fixedAmountLabels, type DonationFormProps } from '../../src/islands/DonationForm.tsx';
import { buildOrdersCheckout, DONATE_API_PATH } from '../../src/lib/paypal.ts';
import { parseSiteConfig } from '../../src/lib/site-config.ts';

describe('paypal.checkout', () => {
  it('is "standard" when content/site.json leaves it out, and takes "orders"', () => {
    expect(parseSiteConfig(raw).paypal.checkout).toBe('standard');
    expect(parseSiteConfig({ ...raw, paypal: { ...raw.paypal, checkout: 'orders' } }).paypal.checkout).toBe('orders');
    expect(() => parseSiteConfig({ ...raw, paypal: { ...raw.paypal, checkout: 'donate-sdk' } })).toThrow(/paypal\.checkout/);
  });
});

describe('buildOrdersCheckout', () => {
  it('posts the amount as the form checked it, the frequency, the language and the page to the API', () => {
    expect(buildOrdersCheckout({ amount: 40.5, monthly: false, currentPath: '/fr/donate', lang: 'fr' })).toEqual({
      action: DONATE_API_PATH,
      fields: [
        ['amount', '40.50'],
        ['frequency', 'one-time'],
        ['lang', 'fr'],
        ['page', '/fr/donate'],
      ],
    });
    expect(buildOrdersCheckout({ amount: 25, monthly: true, currentPath: '/about?x=1' }).fields).toEqual([
      ['amount', '25'],
      ['frequency', 'monthly'],
      ['lang', 'en'],
      ['page', '/about?x=1'],
    ]);
    expect(() => buildOrdersCheckout({ amount: 0.5, monthly: false, currentPath: '/donate' })).toThrow(RangeError);
  });
});

describe('the donation form in each checkout', () => {
  const props = (lang: 'en' | 'fr' | 'sw'): DonationFormProps => ({
    idPrefix: 'donate',
    orgName: 'SIPA',
    business: 'donations@sipa.example.org',
    sandbox: true,
    taxStatus: '501(c)(3)',
    siteUrl: 'https://sipa.example.org',
    pagePath: lang === 'en' ? '/donate' : `/${lang}/donate`,
    lang,
    amountLabels: fixedAmountLabels(lang),
  });
  it('renders the default form exactly as before: posted to PayPal with the spec fields', () => {
    const standard = renderToStaticMarkup(createElement(DonationForm, props('fr')));
    expect(renderToStaticMarkup(createElement(DonationForm, { ...props('fr'), checkout: 'standard' }))).toBe(standard);
    expect(standard).toContain('action="https://www.sandbox.paypal.com/cgi-bin/webscr"');
    expect(standard).toContain('name="cmd" value="_donations"');
    expect(standard).toContain('name="custom" value="lang=fr"');
  });
  it('renders the orders form posting to /api/donate with the language and the page, the same presets and texts', () => {
    for (const lang of ['en', 'fr', 'sw'] as const) {
      const standard = renderToStaticMarkup(createElement(DonationForm, props(lang)));
      const orders = renderToStaticMarkup(createElement(DonationForm, { ...props(lang), checkout: 'orders' }));
      expect(orders).toContain(`action="${DONATE_API_PATH}"`);
      expect(orders).toContain(`name="lang" value="${lang}"`);
      expect(orders).toContain(`name="page" value="${props(lang).pagePath}"`);
      expect(orders).not.toContain('name="cmd"');
      expect(orders).not.toContain('name="business"');
      // Everything the donor sees is the same: only the form's action and hidden fields differ.
      const visible = (html: string) => html.replace(/<input type="hidden"[^>]*>/g, '').replace(/ action="[^"]*"/, '');
      expect(visible(orders)).toBe(visible(standard));
    }
  });
});
