/**
 * The whole orders checkout in the browser (content/site.json `paypal.checkout: "orders"`), with
 * the REST peer (tests/support/paypal-rest-peer.ts) as PayPal: choose an amount, be sent to
 * PayPal's approval page, approve, come back through the site's return page (which captures the
 * order), see /thank-you in the donor's language, get the receipt through the SMTP peer, and find
 * the gift on the Donations screen.
 *
 * The e2e build is shared and keeps the default form, so the form posting to /api/donate is the
 * peer's /test-form: the same presets and the fields the island posts in that mode
 * (buildOrdersCheckout, unit-tested with the island itself in tests/unit/paypal-orders.test.ts).
 * PayPal's return URL names the site's public address (SITE_URL's default); the peer sends the
 * browser to the test server instead, as DNS would (PAYPAL_REST_PEER_SITE in playwright.config.ts).
 */
import { expect } from '@playwright/test';
import { readMail } from '../../api/test/mail-reader.ts';
import { E2E_ADMIN, latestMailTo, test, uniqueName } from './staff-support.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const restPeer = `http://127.0.0.1:${Number(process.env.E2E_PAYPAL_REST_PORT ?? port + 3)}`;
const HYDRATION = { timeout: 20_000 };

const CASES = [
  { lang: 'en', page: '/donate', eyebrow: 'Donation received', subject: /^Your receipt \d{4}-[A-Z0-9]+ from SIPA$/, amountLine: 'Amount: $100' },
  { lang: 'fr', page: '/fr/donate', eyebrow: 'Don reçu', subject: /^Votre reçu \d{4}-[A-Z0-9]+ de SIPA$/, amountLine: 'Montant : 100\u00a0$' },
  { lang: 'sw', page: '/sw/donate', eyebrow: 'Mchango umepokelewa', subject: /^Risiti yako \d{4}-[A-Z0-9]+ kutoka SIPA$/, amountLine: 'Kiasi: $100' },
] as const;

for (const { lang, page: donatePage, eyebrow, subject, amountLine } of CASES) {
  test(`orders checkout in ${lang}: amount, PayPal's approval, /thank-you, the receipt and the Donations screen`, async ({ page, baseURL }) => {
    const word = uniqueName(`orders${lang}`);
    const email = `${word}@example.org`;
    const started = Date.now();
    await page.goto(`${restPeer}/test-form?site=${encodeURIComponent(baseURL!)}&lang=${lang}&page=${encodeURIComponent(donatePage)}`);
    await page.getByLabel('$100').check();
    await page.getByRole('button', { name: 'Donate' }).click();
    // PayPal's approval page: the donor signs in as `email` and approves.
    await expect(page).toHaveURL(new RegExp(`^${restPeer}/approve/[A-Z0-9]+$`));
    await page.getByLabel('PayPal account email').fill(email);
    await page.getByRole('button', { name: 'Approve' }).click();

    await expect(page).toHaveURL(`${baseURL}${lang === 'en' ? '' : `/${lang}`}/thank-you?amount=100`);
    await expect(page.locator('[data-thanks-eyebrow]')).toHaveText(eyebrow);

    const receipt = readMail((await latestMailTo(email, started)).replace(/^X-Envelope-To: .*\r\n/, ''));
    expect(receipt.subject).toMatch(subject);
    expect(receipt.text).toContain(amountLine);

    // The gift on the Donations screen, once.
    expect((await page.request.post('/api/auth/sign-in/username', { data: E2E_ADMIN })).status()).toBe(200);
    await page.goto('/admin#donations');
    const panel = page.locator('#donations');
    await expect(panel.getByRole('heading', { name: 'Donations' })).toBeVisible(HYDRATION);
    await panel.getByLabel('Search donors and receipts').fill(email);
    await panel.getByRole('button', { name: 'Search', exact: true }).click();
    const gifts = panel.getByRole('table', { name: 'Gifts, newest first' });
    await expect(gifts.getByRole('row')).toHaveCount(2);
    await expect(gifts.getByRole('row').nth(1)).toContainText('$100.00');
    await expect(gifts.getByRole('row').nth(1)).toContainText('One-time');
  });
}

test('orders checkout, monthly: PayPal’s approval, /thank-you as a monthly gift, the first payment receipted by webhook, the donor on the Subscriptions path', async ({ page, baseURL }) => {
  const word = uniqueName('ordersmonthly');
  const email = `${word}@example.org`;
  const started = Date.now();
  await page.goto(`${restPeer}/test-form?site=${encodeURIComponent(baseURL!)}&lang=fr&page=${encodeURIComponent('/fr/donate')}`);
  await page.getByLabel('$25', { exact: true }).check();
  await page.getByLabel('Monthly').check();
  await page.getByRole('button', { name: 'Donate' }).click();
  await expect(page).toHaveURL(new RegExp(`^${restPeer}/approve/I-[A-Z0-9]+$`));
  await page.getByLabel('PayPal account email').fill(email);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(`${baseURL}/fr/thank-you?amount=25&recurring=true`);
  await expect(page.locator('[data-thanks-eyebrow]')).toHaveText('Don mensuel confirmé');

  // PayPal's PAYMENT.SALE.COMPLETED webhook, verified by the server, gives the receipt.
  const receipt = readMail((await latestMailTo(email, started)).replace(/^X-Envelope-To: .*\r\n/, ''));
  expect(receipt.subject).toMatch(/^Votre reçu \d{4}-SALE[A-Z0-9]+ de SIPA$/);
  expect(receipt.text).toContain('Don : Don mensuel');

  expect((await page.request.post('/api/auth/sign-in/username', { data: E2E_ADMIN })).status()).toBe(200);
  await page.goto('/admin#donations');
  const panel = page.locator('#donations');
  await expect(panel.getByRole('heading', { name: 'Donations' })).toBeVisible(HYDRATION);
  const donor = panel.getByRole('row').filter({ hasText: email });
  await expect(donor.filter({ hasText: '$25.00' }).filter({ hasText: 'Subscriptions API' })).toHaveCount(1);
});
