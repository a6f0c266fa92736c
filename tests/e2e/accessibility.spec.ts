import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { builtRoutes } from '../support/routes.ts';
import { AXE_TIMEOUT_MS } from '../support/axe.ts';

/** axe-core with the WCAG 2.x A and AA rules (through 2.2) over every route, at two widths. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
// Plus the not-found pages, which the server answers for paths the build does not have.
const routes = [...builtRoutes(), '/this-page-does-not-exist', '/events/no-such-event', '/blog/no-such-post'];

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const route of routes) {
      test(`${route} has no WCAG A/AA violations`, async ({ page }) => {
        test.setTimeout(AXE_TIMEOUT_MS);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        const summary = results.violations.map(
          (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
