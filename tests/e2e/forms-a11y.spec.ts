import { expect, test } from '@playwright/test';
import { networkDown } from './forms-support.ts';
import { AXE_TIMEOUT_MS, wcagViolations as axe } from '../support/axe.ts';

test.describe.configure({ timeout: AXE_TIMEOUT_MS });

/**
 * axe (WCAG 2.2 A/AA) over the form pages' states that only appear after a click or from the
 * address. The pages as they first open (/contact, /newsletter, the thank-you pages, …) are
 * checked at the same widths by the route sweep (accessibility.spec.ts), with every island hydrated.
 */
const PAGES = [
  '/newsletter/confirm?status=done#done',
  '/newsletter/unsubscribe?status=invalid#invalid',
  '/form-error?form=contact#invalid',
  '/donation-problem#declined',
  '/fr/donation-problem#amount',
];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of PAGES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        expect(await axe(page)).toEqual([]);
      });
    }

    test('contact form with field errors and a failure alert has no axe violations', async ({ page }) => {
      await page.goto('/contact');
      const form = page.locator('form.contact-form');
      await expect(form).toHaveAttribute('novalidate', '');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.locator('.sipa-field-error')).toHaveCount(4);
      expect(await axe(page)).toEqual([]);
      await form.getByLabel('Name').fill('A');
      await form.getByLabel('Email').fill('a@example.org');
      await form.getByLabel('Subject').fill('S');
      await form.getByLabel('Message').fill('M');
      await networkDown(page, '/api/contact');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      expect(await axe(page)).toEqual([]);
    });

    test('newsletter form in its error state has no axe violations', async ({ page }) => {
      await page.goto('/newsletter');
      const form = page.locator('form.newsletter-form');
      await expect(form).toHaveAttribute('novalidate', '');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(form.locator('.sipa-field-error')).toBeVisible();
      expect(await axe(page)).toEqual([]);
    });
  });
}
