import { expect, test, type Page, type Route } from '@playwright/test';
import { alwaysIdle, neverIdle } from '../support/idle.ts';
import { islandScriptsOfPages } from '../support/island-scripts.ts';

/**
 * The lists and the form a page is for wake once the page has settled: loaded, with its largest
 * paint on screen (`client:settled`). Here what the first screen waits for (the font and the
 * artwork) is held behind a gate the test opens: while it is closed the island's modules must not
 * be asked for, and once it opens they must be asked for after the largest paint.
 */
const SETTLED_PAGES = [
  { path: '/events', island: 'EventsBrowser' },
  { path: '/programs', island: 'ProgramsExplorer' },
  { path: '/blog', island: 'BlogBrowser' },
  { path: '/contact', island: 'ContactForm' },
  { path: '/donate', island: 'DonationForm' },
];

interface FirstScreenGate {
  open(): Promise<void>;
  /** The island scripts (component and renderer) the page asked for. */
  islandRequests(): string[];
}

/**
 * Holds the font and every piece of artwork until `open()`. With `deadline`, the page's islands
 * are given that deadline instead of their own, so that a slow machine cannot reach it while the
 * test looks.
 */
async function holdFirstScreen(page: Page, deadline?: number): Promise<FirstScreenGate> {
  const held: Route[] = [];
  let opened = false;
  const islandScripts = await islandScriptsOfPages(page, (html) =>
    deadline ? html.replaceAll('&quot;timeout&quot;:2000}', `&quot;timeout&quot;:${deadline}}`) : html);
  const islandRequests: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (islandScripts.has(path)) islandRequests.push(path);
  });
  await page.route(/\/_astro\/[^/]+\.woff2$|\/art\//, async (route) => {
    if (opened) await route.continue();
    else held.push(route);
  });
  return {
    islandRequests: () => [...islandRequests],
    async open() {
      opened = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Resolves once the page has reported a largest paint and then had two idle moments. */
async function paintedAndIdle(page: Page) {
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => new PerformanceObserver(() => resolve()).observe({ type: 'largest-contentful-paint', buffered: true }));
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve));
  });
}

const island = (page: Page, name: string) => page.locator(`astro-island[opts*='"name":"${name}']`);

for (const { path, island: name } of SETTLED_PAGES) {
  test(`${path}: the ${name} island waits for the first screen, then wakes after its largest paint`, async ({ page }) => {
    await alwaysIdle(page);
    const gate = await holdFirstScreen(page, 600_000);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(island(page, name)).toHaveAttribute('client', 'settled');
    await paintedAndIdle(page);
    expect(gate.islandRequests()).toEqual([]);
    await expect(island(page, name)).toHaveAttribute('ssr', '');

    await gate.open();
    await expect(island(page, name)).not.toHaveAttribute('ssr');
    const timing = await page.evaluate(async (scripts) => {
      const paints = await new Promise<PerformanceEntryList>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true }));
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const fetches = performance.getEntriesByType('resource').filter((entry) => scripts.includes(new URL(entry.name).pathname));
      return {
        largestPaint: paints.at(-1)!.startTime,
        loadEvent: navigation!.loadEventStart,
        firstIslandFetch: Math.min(...fetches.map((entry) => entry.startTime)),
        islandFetches: fetches.length,
      };
    }, gate.islandRequests());
    expect(timing.islandFetches).toBeGreaterThan(0);
    expect(timing.loadEvent).toBeGreaterThan(0);
    expect(timing.firstIslandFetch).toBeGreaterThanOrEqual(timing.loadEvent);
    expect(timing.firstIslandFetch).toBeGreaterThanOrEqual(timing.largestPaint);
  });
}

test('an island whose first screen never arrives, on a phone never idle, wakes at its two-second deadline', async ({ page }) => {
  await neverIdle(page);
  await holdFirstScreen(page);
  await page.goto('/programs', { waitUntil: 'domcontentloaded' });
  const explorer = island(page, 'ProgramsExplorer');
  await expect(explorer).toHaveAttribute('opts', '{"name":"ProgramsExplorer","value":{"timeout":2000}}');
  await expect(explorer).not.toHaveAttribute('ssr');
  await page.getByLabel('Search programs', { exact: true }).fill('youth');
  await expect(page.locator('.programs-explorer__item h3')).toHaveText(['Future Ready Youth Program']);
});

test('a visitor who types before the first screen arrives wakes the island at once, idle or not', async ({ page }) => {
  await neverIdle(page);
  const gate = await holdFirstScreen(page, 600_000);
  await page.goto('/programs', { waitUntil: 'domcontentloaded' });
  await expect(page.getByLabel('Search programs', { exact: true })).toBeVisible();
  expect(gate.islandRequests()).toEqual([]);
  await page.getByLabel('Search programs', { exact: true }).pressSequentially('youth');
  await expect(island(page, 'ProgramsExplorer')).not.toHaveAttribute('ssr');
  await expect(page.getByLabel('Search programs', { exact: true })).toHaveValue('youth');
  await expect(page.locator('.programs-explorer__item h3')).toHaveText(['Future Ready Youth Program']);
});
