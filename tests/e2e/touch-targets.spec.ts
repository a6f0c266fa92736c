import { expect, test } from '@playwright/test';

/**
 * Every tap target of the shell at least 44 px tall (the design brief): the language switcher,
 * the footer's contact links and the breadcrumb; the breadcrumb's separator follows each crumb, so
 * a wrapped line never starts with "/"; the honeypot field is hidden from assistive technologies.
 */
const TAP = 44;

for (const width of [320, 375, 1280]) {
  for (const path of ['/programs/early-learning', '/fr/resources/credit-guide', '/sw/blog/volunteer-spotlight']) {
    test(`${path} at ${width} px: the switcher, footer contact and breadcrumb links are ${TAP} px tall`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const heights = async (selector: string) => page.locator(selector).evaluateAll((links) => links.map((link) => [link.textContent!.trim(), link.getBoundingClientRect().height] as const));
      const groups = {
        switcher: await heights('.language-switcher__link'),
        contact: await heights('.site-footer__contact a'),
        breadcrumb: await heights('.breadcrumb a'),
      };
      for (const [group, links] of Object.entries(groups)) {
        expect(links.length, group).toBeGreaterThan(0);
        for (const [text, height] of links) expect(height, `${group}: ${text}`).toBeGreaterThanOrEqual(TAP);
      }
      const separators = await page.locator('.breadcrumb li').evaluateAll((items) =>
        items.map((item) => [getComputedStyle(item, '::before').content, getComputedStyle(item, '::after').content]),
      );
      expect(separators.length).toBeGreaterThan(1);
      expect(separators).toEqual(separators.map((_, i) => ['none', i < separators.length - 1 ? '"/"' : 'none']));
    });
  }
}

test('the honeypot field is hidden from assistive technologies', async ({ page }) => {
  await page.goto('/contact');
  const trap = page.locator('.form-trap').first();
  await expect(trap).toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
});
