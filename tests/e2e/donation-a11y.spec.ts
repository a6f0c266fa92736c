import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TIMEOUT_MS } from '../support/axe.ts';

test.describe.configure({ timeout: AXE_TIMEOUT_MS });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of ['/donate', '/thank-you', '/thank-you?amount=50', '/thank-you?amount=25&recurring=true']) {
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
