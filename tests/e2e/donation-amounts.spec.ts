import { test, expect, type Page, type Request } from '@playwright/test';

/**
 * An amount typed into "Other amount" is read the way the page's language writes it: the button
 * shows the amount that will be charged, and PayPal receives exactly that amount (`amount`, or
 * `a3` for a monthly gift). An amount that could mean two things is refused with the message
 * that says how to write it. PayPal is never contacted: the form's POST is answered here.
 */
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

function fieldsOf(request: Request): Map<string, string> {
  return new Map(new URLSearchParams(request.postData() ?? '').entries());
}

const CASES = [
  {
    lang: 'en',
    path: '/donate',
    other: 'Other amount',
    monthly: 'Monthly',
    typed: '40,50',
    once: 'Donate $40.50',
    typedMonthly: '1.000,50',
    everyMonth: 'Donate $1,000.50 monthly',
    ambiguous: '1.000',
    invalid: 'Enter an amount of at least $1, in dollars and cents (for example 40 or 40.50)',
    hint: 'Minimum $1, in US dollars and cents (for example 40 or 40.50).',
  },
  {
    lang: 'fr',
    path: '/fr/donate',
    other: 'Autre montant',
    monthly: 'Chaque mois',
    typed: '40,50',
    once: 'Donner 40,50\u00a0$',
    typedMonthly: '1 000,50',
    everyMonth: 'Donner 1\u202f000,50\u00a0$ par mois',
    ambiguous: '1,000',
    invalid: 'Saisissez un montant d’au moins 1 $, en dollars et en cents (par exemple 40 ou 40,50)',
    hint: 'Minimum 1\u00a0$, en dollars américains et en cents (par exemple 40 ou 40,50).',
  },
  {
    lang: 'sw',
    path: '/sw/donate',
    other: 'Kiasi kingine',
    monthly: 'Kila mwezi',
    typed: '40,50',
    once: 'Changia $40.50',
    typedMonthly: '1,000.50',
    everyMonth: 'Changia $1,000.50 kila mwezi',
    ambiguous: '1.000',
    invalid: 'Andika kiasi cha angalau $1, kwa dola na senti (kwa mfano 40 au 40.50)',
    hint: 'Kiwango cha chini ni $1, kwa dola za Marekani na senti (kwa mfano 40 au 40.50).',
  },
] as const;

for (const c of CASES) {
  test.describe(`typed amounts on ${c.path}`, () => {
    async function open(page: Page) {
      await page.goto(c.path);
      const form = page.locator('form.donation[data-ready="true"]').first();
      await expect(form).toBeVisible();
      return form;
    }

    test(`'${c.typed}' is charged as shown on the button, once`, async ({ page }) => {
      const posted = await interceptPaypal(page);
      const form = await open(page);
      const custom = form.getByLabel(c.other, { exact: true });
      await expect(custom).toHaveAccessibleDescription(c.hint);
      await custom.fill(c.typed);
      await form.getByRole('button', { name: c.once, exact: true }).click();
      const fields = fieldsOf(await posted());
      expect(fields.get('cmd')).toBe('_donations');
      expect(fields.get('amount')).toBe('40.50');
      expect(fields.get('return')).toContain('amount=40.50');
    });

    test(`'${c.typedMonthly}' is charged as shown on the button, every month`, async ({ page }) => {
      const posted = await interceptPaypal(page);
      const form = await open(page);
      await form.getByLabel(c.other, { exact: true }).fill(c.typedMonthly);
      await form.getByRole('radio', { name: c.monthly }).check();
      await form.getByRole('button', { name: c.everyMonth, exact: true }).click();
      const fields = fieldsOf(await posted());
      expect(fields.get('cmd')).toBe('_xclick-subscriptions');
      expect(fields.get('a3')).toBe('1000.50');
      expect(fields.has('amount')).toBe(false);
    });

    test(`'${c.ambiguous}' is refused with the message that says how to write an amount`, async ({ page }) => {
      let reachedPaypal = false;
      await page.route(PAYPAL, (route) => {
        reachedPaypal = true;
        return route.abort();
      });
      const form = await open(page);
      const custom = form.getByLabel(c.other, { exact: true });
      await custom.fill(c.ambiguous);
      const submit = form.locator('button[type="submit"]');
      await expect(submit).toHaveAttribute('aria-disabled', 'true');
      const alerts: string[] = [];
      page.once('dialog', (dialog) => {
        alerts.push(dialog.message());
        return dialog.accept();
      });
      // The button reads disabled (aria-disabled) yet answers, as donation.spec.ts checks.
      await submit.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => alerts).toEqual([c.invalid]);
      await expect(form.getByRole('alert')).toHaveText(c.invalid);
      await expect(custom).toHaveAttribute('aria-invalid', 'true');
      expect(reachedPaypal).toBe(false);
    });
  });
}
