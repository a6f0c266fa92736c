import { test, expect, type Page } from '@playwright/test';

type GtagCall = unknown[];

/** Makes analytics "configured" for the page: a gtag that records its calls. */
async function stubGtag(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as unknown as { __gtagCalls: unknown[][] }).__gtagCalls = calls;
    (window as unknown as { gtag: (...args: unknown[]) => void }).gtag = (...args: unknown[]) => {
      calls.push(args);
    };
  });
}

async function donationEvents(page: Page): Promise<GtagCall[]> {
  return page.evaluate(() =>
    (window as unknown as { __gtagCalls: unknown[][] }).__gtagCalls.filter((call) => call[0] === 'event' && call[1] === 'donation_complete'),
  );
}

const lead = (page: Page) => page.locator('[data-thanks-lead]');
const eyebrow = (page: Page) => page.locator('[data-thanks-eyebrow]');

test.describe('thank-you page', () => {
  test('thanks a one-time gift with its amount and marks the levels it reaches', async ({ page }) => {
    await page.goto('/thank-you?amount=50');
    await expect(eyebrow(page)).toHaveText('Donation received');
    await expect(lead(page)).toHaveText(/^Your gift of \$50 is already at work/);
    await expect(page.locator('[data-impact-level="25"]')).toHaveClass(/is-reached/);
    await expect(page.locator('[data-impact-level="50"]')).toContainText('Your gift reaches this level');
    await expect(page.locator('[data-impact-level="100"]')).not.toHaveClass(/is-reached/);
    await expect(page.getByText('Members give $25 or more every month')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Become a monthly donor' })).toBeVisible();
  });

  test('thanks a monthly gift differently and welcomes the giver to the circle', async ({ page }) => {
    await page.goto('/thank-you?amount=25&recurring=true');
    await expect(eyebrow(page)).toHaveText('Monthly gift confirmed');
    await expect(lead(page)).toHaveText(/^Your monthly gift of \$25 gives families steady support/);
    await expect(page.getByText('You are part of the Monthly Giving Circle')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Become a monthly donor' })).toBeHidden();
  });

  test('a small monthly gift is thanked but invited to the circle', async ({ page }) => {
    await page.goto('/thank-you?amount=10&recurring=true');
    await expect(lead(page)).toHaveText(/^Your monthly gift of \$10 /);
    await expect(page.getByRole('link', { name: 'Become a monthly donor' })).toBeVisible();
  });

  for (const bad of ['', '?amount=', '?amount=abc', '?amount=0', '?amount=-25', '?amount=1e9', '?amount=99999999', '?amount=%3Cb%3Ehacked%3C%2Fb%3E']) {
    test(`gives the message without an amount for "${bad || 'no query'}"`, async ({ page }) => {
      await page.goto(`/thank-you${bad}`);
      await expect(lead(page)).toHaveText(/^Your gift is already at work/);
      await expect(lead(page)).not.toContainText('$');
      const body = await page.locator('main').innerText();
      expect(body).not.toContain('hacked');
      expect(body).not.toContain('99999999');
      expect(body).not.toContain('1e9');
      expect(body).not.toContain('-25');
      await expect(page.locator('main b')).toHaveCount(0);
    });
  }

  test('a bad amount with recurring=true keeps the monthly message without an amount', async ({ page }) => {
    await page.goto('/thank-you?amount=%3Cscript%3Ealert(1)%3C%2Fscript%3E&recurring=true');
    await expect(eyebrow(page)).toHaveText('Monthly gift confirmed');
    await expect(lead(page)).toHaveText(/^Your monthly gift gives families steady support/);
    expect(await page.locator('main').innerText()).not.toContain('alert(1)');
  });

  test('has the newsletter signup, social links and the way onward', async ({ page }) => {
    await page.goto('/thank-you?amount=50');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your gift');
    await expect(page.locator('#thanks-newsletter-email')).toBeVisible();
    await expect(page.getByRole('list', { name: 'SIPA on social media' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get involved', exact: true })).toHaveAttribute('href', '/get-involved');
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    const levels = page.locator('#your-impact li');
    await expect(levels).toHaveCount(4);
    await expect(levels.nth(3)).toContainText('job training for new arrivals');
  });

  test('without JavaScript it shows the general thank-you', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/thank-you?amount=50&recurring=true');
    await expect(eyebrow(page)).toHaveText('Donation received');
    await expect(lead(page)).toHaveText(/^Your gift is already at work/);
    await context.close();
  });

  test('sends donation_complete once per visit with the amount and the recurring label', async ({ page }) => {
    await stubGtag(page);
    await page.goto('/thank-you?amount=25&recurring=true');
    await expect(eyebrow(page)).toHaveText('Monthly gift confirmed');
    await expect.poll(() => donationEvents(page)).toEqual([
      ['event', 'donation_complete', { amount: 25, value: 25, currency: 'USD', donation_type: 'recurring', event_label: 'recurring' }],
    ]);
    await page.reload();
    await expect(eyebrow(page)).toHaveText('Monthly gift confirmed');
    expect(await donationEvents(page)).toEqual([]);
  });

  test('with a measurement id in the page, the event reaches the analytics data layer', async ({ page }) => {
    // Serve the built page with the <meta> a configured build writes; never load Google's script.
    await page.route(/googletagmanager\.com|google-analytics\.com/, (route) => route.abort());
    await page.route('**/thank-you?*', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('</head>', '<meta name="sipa:analytics" content="G-TEST12345"></head>');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/thank-you?amount=100');
    await expect(lead(page)).toHaveText(/^Your gift of \$100/);
    const events = () =>
      page.evaluate(() =>
        (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).filter((args) => args[0] === 'event'),
      );
    await expect.poll(events).toEqual([
      ['event', 'donation_complete', { amount: 100, value: 100, currency: 'USD', donation_type: 'one-time', event_label: 'one-time' }],
    ]);
  });

  test('labels a one-time gift one-time', async ({ page }) => {
    await stubGtag(page);
    await page.goto('/thank-you?amount=50');
    await expect.poll(() => donationEvents(page)).toEqual([
      ['event', 'donation_complete', { amount: 50, value: 50, currency: 'USD', donation_type: 'one-time', event_label: 'one-time' }],
    ]);
  });

  test('sends nothing without a valid amount', async ({ page }) => {
    await stubGtag(page);
    await page.goto('/thank-you?amount=abc');
    await expect(lead(page)).toHaveText(/^Your gift is already at work/);
    expect(await donationEvents(page)).toEqual([]);
  });

  test('sends nothing and breaks nothing when analytics is not configured', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/thank-you?amount=50');
    await expect(lead(page)).toHaveText(/^Your gift of \$50/);
    expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('donation_complete')))).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('thank-you page in French and Swahili', () => {
  const NBSP = '\u00a0';

  test('thanks a French one-time gift in French, amounts written the French way', async ({ page }) => {
    await page.goto('/fr/thank-you?amount=50');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci pour votre don');
    await expect(eyebrow(page)).toHaveText('Don reçu');
    await expect(lead(page)).toHaveText(`Votre don de 50${NBSP}$ aide déjà des familles à s’installer, à apprendre et à bien vivre dans le nord du Texas.`);
    const level = page.locator('[data-impact-level="50"]');
    await expect(level).toContainText(`50${NBSP}$`);
    await expect(level).toContainText('une aide au logement pour une famille');
    await expect(level).toContainText('Votre don atteint ce niveau');
    await expect(page.locator('[data-impact-level="100"]')).not.toContainText('Votre don atteint ce niveau');
    await expect(page.getByRole('link', { name: 'Devenir donateur mensuel' })).toHaveAttribute('href', '/fr/donate#give');
  });

  test('thanks a Swahili monthly gift in Swahili and welcomes the giver to the circle', async ({ page }) => {
    await page.goto('/sw/thank-you?amount=25&recurring=true');
    await expect(eyebrow(page)).toHaveText('Mchango wa kila mwezi umethibitishwa');
    await expect(lead(page)).toHaveText(
      'Mchango wako wa kila mwezi wa $25 unazipa familia msaada wa kudumu, mwezi baada ya mwezi. Asante kwa kusimama na SIPA mwaka mzima.',
    );
    await expect(page.getByText('Wewe ni sehemu ya Kundi la Wachangiaji wa Kila Mwezi')).toBeVisible();
    await expect(page.locator('[data-impact-level="25"]')).toContainText('Mchango wako unafikia ngazi hii');
  });
});
