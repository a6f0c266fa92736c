import { test, expect } from '@playwright/test';
import { AXE_TIMEOUT_MS, wcagViolations as violations } from '../support/axe.ts';

test.describe.configure({ timeout: AXE_TIMEOUT_MS });

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    // /donate and /thank-you as they first open are checked by the route sweep (accessibility.spec.ts).
    for (const path of ['/thank-you?amount=50', '/thank-you?amount=25&recurring=true']) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the donation form in its error and monthly states has no axe violations', async ({ page }) => {
      await page.goto('/donate');
      const form = page.locator('form.donation[data-ready="true"]');
      await expect(form).toBeVisible();
      page.on('dialog', (dialog) => dialog.accept());
      await form.getByLabel('Other amount').fill('5');
      await form.getByLabel('Other amount').fill('');
      await form.getByRole('button', { name: 'Donate', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(form.getByRole('alert')).toHaveText('Please select a donation amount');
      expect(await violations(page)).toEqual([]);
      await form.getByLabel('Other amount').fill('30');
      await form.getByRole('radio', { name: 'Monthly' }).check();
      expect(await violations(page)).toEqual([]);
    });
  });
}
