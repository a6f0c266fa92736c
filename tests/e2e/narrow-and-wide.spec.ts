import { expect, test } from '@playwright/test';
import { builtRoutes } from '../support/routes.ts';

/**
 * Phones first: nothing scrolls sideways at 320 px on any route, and Donate is in the header at
 * every width. At 1280 px no form sits beside a blank half of the page.
 */
const routes = [...builtRoutes(), '/this-page-does-not-exist', '/events/no-such-event', '/blog/no-such-post'];

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 720 } });
  for (const route of routes) {
    test(`${route} does not scroll sideways`, async ({ page }) => {
      // Measured in the fallback font, which a phone on a slow network keeps (font-display:
      // optional) and which may be wider than Figtree: the page must fit in either.
      await page.route('**/*.woff2', (font) => font.abort());
      await page.goto(route);
      // Without a session the staff area sends the visitor on to its sign-in screen: measure that
      // (the signed-in staff area is measured at 320 px by the staff specs).
      if (route === '/admin') await page.waitForURL(/\/admin\/login$/);
      await page.waitForLoadState('load');
      // Islands change the page when they hydrate, and most wait until they are on screen: a
      // window as tall as the page shows them all; measure once none is still waiting.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: 320, height: Math.min(height, 16_000) });
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      test.info().annotations.push({ type: 'scrollWidth at 320 px', description: `${route} ${width}` });
      expect(width, `${route} is ${width} px wide at 320 px`).toBeLessThanOrEqual(320);
    });
  }
});

for (const width of [320, 375, 480, 768, 991, 992, 1280, 1536]) {
  test(`Donate is visible in the header at ${width} px without opening the menu`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const donate = page.getByRole('banner').getByRole('link', { name: 'Donate', exact: true });
    await expect(donate).toBeVisible();
    await expect(donate).toHaveAttribute('href', '/donate');
    await expect(donate).toBeInViewport({ ratio: 1 });
  });
}

test.describe('at 1280 px, forms use the width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  const placements = [
    { route: '/get-involved', section: '#volunteer-form', form: 'form.volunteer-form' },
    { route: '/corporate', section: '#partnership-inquiry', form: 'form.partnership-form' },
    { route: '/about', section: '#donate', form: 'form' },
    { route: '/get-involved', section: '#donate', form: 'form' },
  ];
  for (const { route, section, form } of placements) {
    test(`${route} ${section}: the form has notes beside it, not a blank half`, async ({ page }) => {
      await page.goto(route);
      const area = page.locator(`${section} .sipa-container`);
      const formBox = (await page.locator(section).locator(form).first().boundingBox())!;
      const notes = page.locator(section).getByRole('complementary');
      await expect(notes).toBeVisible();
      const notesBox = (await notes.boundingBox())!;
      const areaBox = (await area.boundingBox())!;
      // The notes sit to the right of the form, level with it, and reach the container's right half.
      expect(notesBox.x).toBeGreaterThanOrEqual(formBox.x + formBox.width);
      expect(notesBox.y).toBeLessThan(formBox.y + formBox.height / 2);
      expect(notesBox.x + notesBox.width).toBeGreaterThan(areaBox.x + areaBox.width * 0.9);
      expect(formBox.width).toBeGreaterThan(areaBox.width * 0.5);
    });
  }
});
