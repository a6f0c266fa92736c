import { expect, test, type Page } from '@playwright/test';
import { oneRouteOfEachTemplate } from '../support/routes.ts';

/**
 * Nothing moves while a page loads: the Figtree files are held behind a gate until the page has
 * painted, then let through, and the page's layout-shift entries (buffered, so none is missed)
 * must add up to 0. One route of every template, at a phone's width and a desktop's.
 */
const ROUTES = oneRouteOfEachTemplate();

async function layoutShiftWithLateFont(page: Page, route: string) {
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const held: string[] = [];
  await page.route(/\.woff2(\?.*)?$/, async (request) => {
    held.push(request.request().url());
    await gate;
    await request.continue();
  });
  await page.goto(route, { waitUntil: 'domcontentloaded' });
  // The page paints with the font still held back.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect.poll(() => held.length, { message: `${route} asks for the font` }).toBeGreaterThan(0);
  openGate();
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
  return page.evaluate(
    () =>
      new Promise<{ total: number; sources: string[] }>((resolve) => {
        const entries: PerformanceEntry[] = [];
        const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          observer.disconnect();
          type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] };
          const shifts = (entries as Shift[]).filter((e) => !e.hadRecentInput);
          resolve({
            total: shifts.reduce((sum, e) => sum + e.value, 0),
            sources: shifts.flatMap((e) => (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node?.nodeName)))),
          });
        }, 0);
      }),
  );
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of ROUTES) {
      test(`${route} does not shift when the font arrives late`, async ({ page }) => {
        const { total, sources } = await layoutShiftWithLateFont(page, route);
        expect(total, `${route} shifted: ${sources.join(' | ')}`).toBe(0);
      });
    }
  });
}
