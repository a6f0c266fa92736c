import { expect, test, type Page } from '@playwright/test';
import { oneRouteOfEachTemplate } from '../support/routes.ts';

/**
 * Nothing moves while a page loads: the Figtree files are held behind a gate until the page has
 * painted, then let through, and the page's layout-shift entries (buffered, so none is missed)
 * must add up to 0. One route of every template, at a phone's width and a desktop's.
 */
const ROUTES = oneRouteOfEachTemplate();

/** Holds every font request behind a gate: `held` lists what was asked for, `openGate` lets it through. */
async function holdFonts(page: Page): Promise<{ held: string[]; openGate: () => void }> {
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const held: string[] = [];
  await page.route(/\.woff2(\?.*)?$/, async (request) => {
    held.push(request.request().url());
    await gate;
    await request.continue();
  });
  return { held, openGate };
}

async function layoutShiftWithLateFont(page: Page, route: string) {
  const { held, openGate } = await holdFonts(page);
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

/**
 * Figtree is `font-display: optional`: when it comes after the first paint the page keeps the
 * fallback for good. But Chromium rebuilds the page's font faces when a link is put in the
 * document, and the rebuilt face took Figtree from the cache and moved every line: islands that
 * woke after the paint, putting in `modulepreload` links, did that. They import their modules
 * now (scripts/island-preload.ts). Here the font is held until the first-screen island has woken
 * (long after the paint and the font's 100 ms), then the island below wakes as it is scrolled to,
 * and nothing moves.
 */
for (const route of ['/get-involved', '/fr/blog']) {
  test(`${route}: islands waking after a late font move nothing`, async ({ page }) => {
    const { openGate } = await holdFonts(page);
    await page.addInitScript(() => {
      const shifts: string[] = ((window as unknown as { __shifts: string[] }).__shifts = []);
      type Shift = PerformanceEntry & { value: number; sources?: { node?: Node }[] };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Shift[]) shifts.push(`${e.value.toFixed(4)} ${(e.sources ?? []).map((s) => s.node?.nodeName).join(',')}`);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(route, { waitUntil: 'domcontentloaded' });
    // The idle island wakes by itself; by then the fallback is the page's font for good.
    await expect(page.locator('astro-island[client="idle"]').first()).not.toHaveAttribute('ssr', { timeout: 15_000 });
    openGate();
    await page.waitForFunction(() => [...document.fonts].some((face) => face.family.includes('Figtree') && face.status === 'loaded'));
    const below = page.locator('astro-island[client="visible"]');
    expect(await below.count(), `${route} has an island woken when seen`).toBeGreaterThan(0);
    for (let n = 0; n < (await below.count()); n++) {
      await below.nth(n).locator('> *').first().scrollIntoViewIfNeeded();
      await expect(below.nth(n)).not.toHaveAttribute('ssr', { timeout: 15_000 });
    }
    // Two frames for the last hydration's layout, then every shift since the navigation.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
    expect(shifts).toEqual([]);
  });
}
