import { expect, test, type Page } from '@playwright/test';
import { openWholePage, pageWidth, useFallbackFont } from '../support/whole-page.ts';

/**
 * The shell laid out right to left (/rtl-check) mirrors instead of breaking. (Every route in every
 * language, French running long and Swahili close behind, is checked at 320 px by the sweep in
 * accessibility.spec.ts.)
 */
async function widthAt320(page: Page, path: string): Promise<number> {
  await page.setViewportSize({ width: 320, height: 720 });
  await openWholePage(page, path, { height: 720 });
  await useFallbackFont(page, true);
  return pageWidth(page);
}

test.describe('right to left', () => {
  test('the check page is marked rtl, kept out of search engines and linked from nowhere', async ({ page }) => {
    await page.goto('/rtl-check');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await page.goto('/');
    await expect(page.locator('a[href="/rtl-check"]')).toHaveCount(0);
  });

  test('does not scroll sideways at 320 px', async ({ page }) => {
    expect(await widthAt320(page, '/rtl-check')).toBeLessThanOrEqual(320);
  });

  for (const width of [320, 1280]) {
    test(`at ${width} px the shell mirrors: brand on the right, Donate and the languages on the left`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/rtl-check');
      const brand = (await page.getByRole('link', { name: 'SIPA home' }).boundingBox())!;
      const donate = (await page.getByRole('banner').getByRole('link', { name: 'Donate', exact: true }).boundingBox())!;
      expect(brand.x).toBeGreaterThan(donate.x);
      expect(brand.x + brand.width).toBeGreaterThan(width * 0.75);
      // The language list sits at the inline end: its last entry is the leftmost.
      const swahili = (await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Kiswahili' }).boundingBox())!;
      expect(swahili.x).toBeLessThan(width / 2);
      const crumbs = (await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).boundingBox())!;
      expect(crumbs.x + crumbs.width).toBeGreaterThan(width * 0.75);
    });
  }

  test('the back-to-top button sits at the inline end: the left edge', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 400 });
    await page.goto('/rtl-check');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x).toBeLessThan(375 / 2);
  });
});
