import { test, expect, type Page, type Request } from '@playwright/test';

/** PayPal is never contacted: every request to it is answered here and its form body kept. */
const PAYPAL = /^https:\/\/www\.(sandbox\.)?paypal\.com\//;

async function interceptPaypal(page: Page): Promise<() => Promise<Request>> {
  let resolve!: (request: Request) => void;
  const posted = new Promise<Request>((r) => (resolve = r));
  await page.route(PAYPAL, async (route) => {
    resolve(route.request());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>PayPal</title><p>checkout</p>' });
  });
  return () => posted;
}

function fieldsOf(request: Request): [string, string][] {
  return [...new URLSearchParams(request.postData() ?? '').entries()];
}

async function openDonate(page: Page) {
  await page.goto('/donate');
  const form = page.locator('form.donation[data-ready="true"]');
  await expect(form).toBeVisible();
  return form;
}

test.describe('donation form', () => {
  test('$50 is chosen from the start, so the button never looks switched off', async ({ page }) => {
    const form = await openDonate(page);
    await expect(form.getByRole('radio', { name: '$50', exact: true })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'One-time' })).toBeChecked();
    const submit = form.getByRole('button', { name: 'Donate $50', exact: true });
    await expect(submit).toBeEnabled();
    await expect(submit).not.toHaveAttribute('aria-disabled');
    await expect(form.locator('[aria-live="polite"]')).toHaveText('$50: housing assistance for a family.');
  });

  test('one-time or monthly is a choice above the amounts', async ({ page }) => {
    const form = await openDonate(page);
    const frequency = form.getByRole('group', { name: 'How often?' });
    const amounts = form.getByRole('group', { name: 'Choose an amount' });
    await expect(frequency.getByRole('radio')).toHaveCount(2);
    const frequencyBox = await frequency.boundingBox();
    const amountsBox = await amounts.boundingBox();
    expect(frequencyBox!.y + frequencyBox!.height).toBeLessThanOrEqual(amountsBox!.y);
    await frequency.locator('label').filter({ hasText: 'Monthly' }).click();
    await expect(frequency.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(frequency.getByRole('radio', { name: 'One-time' })).not.toBeChecked();
    await expect(form.getByRole('button', { name: 'Donate $50 monthly' })).toBeVisible();
  });

  test('a preset selects its tile and announces its impact; custom and presets clear each other', async ({ page }) => {
    const form = await openDonate(page);
    const submit = form.getByRole('button', { name: /^Donate/ });
    const custom = form.getByLabel('Other amount');
    const hundred = form.getByRole('radio', { name: '$100', exact: true });
    const amounts = form.getByRole('group', { name: 'Choose an amount' });

    await expect(hundred).toHaveAccessibleDescription('community integration programs');
    await form.locator('label').filter({ hasText: '$100' }).click();
    await expect(hundred).toBeChecked();
    await expect(form.locator('[aria-live="polite"]')).toHaveText('$100: community integration programs.');
    await expect(submit).toHaveText('Donate $100');

    await custom.fill('40');
    await expect(hundred).not.toBeChecked();
    for (const radio of await amounts.getByRole('radio').all()) await expect(radio).not.toBeChecked();
    await expect(submit).toHaveText('Donate $40');

    await form.getByRole('radio', { name: '$25', exact: true }).check();
    await expect(custom).toHaveValue('');
    await expect(submit).toHaveText('Donate $25');
    await expect(form.locator('[aria-live="polite"]')).toHaveText('$25: educational materials for one child.');

    await form.getByRole('radio', { name: 'Monthly' }).check();
    await expect(submit).toHaveText('Donate $25 monthly');
    await expect(form.getByText('Welcome to the Monthly Giving Circle')).toBeVisible();
  });

  test('with no amount, submit looks disabled and shows the alert and an inline message tied to the field', async ({ page }) => {
    const form = await openDonate(page);
    const custom = form.getByLabel('Other amount');
    await custom.fill('5');
    await custom.fill('');
    const submit = form.getByRole('button', { name: /^Donate/ });
    await expect(submit).toHaveText('Donate');
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    await expect(submit).toBeDisabled();

    const alerts: string[] = [];
    page.once('dialog', async (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      await dialog.accept();
    });
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => alerts).toEqual(['alert: Please select a donation amount']);

    const error = form.getByRole('alert');
    await expect(error).toHaveText('Please select a donation amount');
    await expect(custom).toHaveAttribute('aria-invalid', 'true');
    await expect(custom).toHaveAccessibleDescription(/^Please select a donation amount/);
    await expect(custom).toBeFocused();

    await form.getByRole('radio', { name: '$100', exact: true }).check();
    await expect(error).toBeHidden();
    await expect(submit).not.toHaveAttribute('aria-disabled');
  });

  test('an invalid custom amount keeps submit disabled and explains why', async ({ page }) => {
    const form = await openDonate(page);
    const custom = form.getByLabel('Other amount');
    const submit = form.getByRole('button', { name: /^Donate/ });
    await custom.fill('0.5');
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    page.once('dialog', (dialog) => dialog.accept());
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(custom).toHaveAttribute('aria-invalid', 'true');
    await expect(custom).toBeFocused();
    await expect(form.getByRole('alert')).toContainText('at least $1');
    await custom.fill('12.5');
    await expect(custom).not.toHaveAttribute('aria-invalid');
    await expect(submit).toHaveText('Donate $12.50');
  });

  test('a one-time gift posts exactly the one-time fields to PayPal', async ({ page, baseURL }) => {
    const posted = await interceptPaypal(page);
    const form = await openDonate(page);
    await form.getByRole('radio', { name: '$50', exact: true }).check();
    await form.getByRole('button', { name: 'Donate $50' }).click();
    const request = await posted();
    expect(request.method()).toBe('POST');
    expect(request.url()).toMatch(/^https:\/\/www\.(sandbox\.)?paypal\.com\/cgi-bin\/webscr$/);
    expect(fieldsOf(request)).toEqual([
      ['cmd', '_donations'],
      ['business', 'donations@sipa.example.org'],
      ['currency_code', 'USD'],
      ['amount', '50'],
      ['item_name', 'Donation to SIPA'],
      ['return', `${baseURL}/thank-you?amount=50`],
      ['cancel_return', `${baseURL}/donate`],
      ['notify_url', `${baseURL}/api/paypal/ipn`],
      ['custom', 'lang=en'],
    ]);
  });

  test('a monthly custom gift posts exactly the subscription fields, without amount', async ({ page, baseURL }) => {
    const posted = await interceptPaypal(page);
    const form = await openDonate(page);
    await form.getByLabel('Other amount').fill('37.5');
    await form.getByRole('radio', { name: 'Monthly' }).check();
    await form.getByRole('button', { name: 'Donate $37.50 monthly' }).click();
    const fields = fieldsOf(await posted());
    expect(fields).toEqual([
      ['cmd', '_xclick-subscriptions'],
      ['business', 'donations@sipa.example.org'],
      ['currency_code', 'USD'],
      ['item_name', 'Monthly donation to SIPA'],
      ['return', `${baseURL}/thank-you?amount=37.50&recurring=true`],
      ['cancel_return', `${baseURL}/donate`],
      ['a3', '37.50'],
      ['p3', '1'],
      ['t3', 'M'],
      ['src', '1'],
      ['sra', '1'],
      ['notify_url', `${baseURL}/api/paypal/ipn`],
      ['custom', 'lang=en'],
    ]);
    expect(fields.map(([name]) => name)).not.toContain('amount');
  });

  test('without JavaScript the form still posts a one-time preset gift', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const posted = await interceptPaypal(page);
    await page.goto('/donate');
    const form = page.locator('form.donation');
    await expect(form.getByLabel('Other amount')).toBeHidden();
    await expect(form.getByRole('group', { name: 'How often?' })).toBeHidden();
    await form.locator('label').filter({ hasText: '$100' }).click();
    await form.getByRole('button', { name: 'Donate' }).click();
    expect(Object.fromEntries(fieldsOf(await posted()))).toEqual({
      cmd: '_donations',
      business: 'donations@sipa.example.org',
      currency_code: 'USD',
      item_name: 'Donation to SIPA',
      return: 'https://sipa.example.org/thank-you',
      cancel_return: 'https://sipa.example.org/donate',
      notify_url: 'https://sipa.example.org/api/paypal/ipn',
      custom: 'lang=en',
      amount: '100',
    });
    await context.close();
  });

  test('the Share button is hidden without the share capability', async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    const form = await openDonate(page);
    await expect(form.getByRole('button', { name: 'Share' })).toHaveCount(0);
  });

  test('the Share button shares the title, text and donate URL', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __shared: unknown[] }).__shared = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: unknown) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    const form = await openDonate(page);
    await form.getByRole('button', { name: 'Share' }).click();
    const shared = await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared);
    expect(shared).toEqual([
      {
        title: 'Donate to SIPA',
        text: expect.stringContaining('SIPA'),
        url: `${baseURL}/donate`,
      },
    ]);
  });

  test('/donate shows each impact amount once, other ways to give and tax information', async ({ page }) => {
    await page.goto('/donate');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const form = page.getByRole('form', { name: 'Donation form' });
    for (const text of [
      'educational materials for one child',
      'housing assistance for a family',
      'community integration programs',
      'job training for new arrivals',
    ]) {
      await expect(form.getByText(text, { exact: true })).toBeVisible();
      await expect(page.getByText(text, { exact: true })).toHaveCount(1);
    }
    const ways = page.locator('#other-ways');
    await expect(ways.getByRole('link', { name: 'Explore planned giving' })).toHaveAttribute('href', '/planned-giving');
    await expect(ways.getByRole('link', { name: 'Partner with us' })).toHaveAttribute('href', '/corporate');
    await expect(ways.locator('#matching-gifts')).toContainText('Matching gifts');
    const tax = page.locator('#tax-information');
    await expect(tax).toContainText('00-0000000');
    await expect(tax).toContainText('501(c)(3)');
  });
});
