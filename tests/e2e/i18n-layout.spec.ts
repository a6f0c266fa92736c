import { expect, test, type Page } from '@playwright/test';

/**
 * French runs long and Swahili close behind: the main routes in both fit a 320 px phone, and the
 * shell laid out right to left (/rtl-check) mirrors instead of breaking.
 */
const mainRoutes = ['', '/about', '/programs', '/programs/career-pathways', '/events', '/get-involved', '/donate', '/contact', '/blog', '/faq', '/newsletter', '/corporate', '/planned-giving'];

async function widthAt320(page: Page, path: string): Promise<number> {
  // In the fallback font a phone on a slow network keeps (font-display: optional), which may be wider than Figtree.
  await page.route('**/*.woff2', (font) => font.abort());
  await page.goto(path);
  await page.waitForLoadState('load');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 320, height: Math.min(height, 16_000) });
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 720 } });
  for (const lang of ['fr', 'sw']) {
    for (const route of mainRoutes) {
      const path = `/${lang}${route}`;
      test(`${path} does not scroll sideways`, async ({ page }) => {
        const width = await widthAt320(page, path);
        expect(width, `${path} is ${width} px wide at 320 px`).toBeLessThanOrEqual(320);
      });
    }
  }
});

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
