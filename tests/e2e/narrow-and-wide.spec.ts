import { expect, test } from '@playwright/test';

/**
 * Donate is in the header at every width; at 1280 px no form sits beside a blank half of the page.
 * (Every route's fit at 320 px is checked by the sweep in accessibility.spec.ts, with axe, in
 * one load per route.)
 */
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
