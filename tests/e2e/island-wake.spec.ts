import { expect, test, type Page, type Route } from '@playwright/test';
import { alwaysIdle, neverIdle } from '../support/idle.ts';
import { islandScriptsOfPages } from '../support/island-scripts.ts';

/**
 * The lists and the form a page is for wake when the browser is first idle (Astro's `client:idle`),
 * without waiting to be seen. Waking must not stand in the first screen's way: the page asks for
 * its font and its largest image before any island script, and the first screen is drawn with
 * every island script held unanswered (nothing in it waits for them). What a visitor types before
 * an island wakes is kept (tests/e2e/hydration-input.spec.ts).
 */
const FIRST_SCREEN_ISLANDS = [
  { path: '/events', island: 'EventsBrowser' },
  { path: '/programs', island: 'ProgramsExplorer' },
  { path: '/blog', island: 'BlogBrowser' },
  { path: '/contact', island: 'ContactForm' },
  { path: '/donate', island: 'DonationForm' },
];

interface IslandGate {
  open(): Promise<void>;
  /** The island scripts (components and renderer) asked for so far, held until `open()`. */
  held(): string[];
  /** Every address the page asked for, in order. */
  asked(): string[];
}

/** Holds the islands' own scripts, as each page's HTML names them, until `open()`. */
async function holdIslandScripts(page: Page): Promise<IslandGate> {
  const held: Route[] = [];
  const asked: string[] = [];
  let opened = false;
  const islandScripts = await islandScriptsOfPages(page);
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.route('**/_astro/**/*.js', async (route) => {
    if (opened || !islandScripts.has(new URL(route.request().url()).pathname)) await route.continue();
    else held.push(route);
  });
  return {
    held: () => held.map((route) => new URL(route.request().url()).pathname),
    asked: () => [...asked],
    async open() {
      opened = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

const island = (page: Page, name: string) => page.locator(`astro-island[opts*='"name":"${name}']`);

for (const { path, island: name } of FIRST_SCREEN_ISLANDS) {
  test(`${path}: the ${name} island wakes when idle, unseen, and the first screen does not wait for it`, async ({ page }) => {
    await alwaysIdle(page);
    const gate = await holdIslandScripts(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(island(page, name)).toHaveAttribute('client', 'idle');
    await expect(island(page, name)).toHaveAttribute('opts', new RegExp(`"value":\\{"timeout":2000\\}`));

    // The island has woken (its scripts are asked for) and none of them has been answered.
    await expect.poll(() => gate.held().length).toBeGreaterThan(0);
    const preloads = await page.locator('link[rel="preload"]').evaluateAll((links) =>
      links.map((link) => ({ as: link.getAttribute('as'), path: new URL((link as HTMLLinkElement).href).pathname })));
    expect(preloads.map((preload) => preload.as)).toContain('font');
    const asked = gate.asked();
    const firstIslandScript = asked.findIndex((address) => gate.held().includes(address));
    for (const preload of preloads) {
      expect(asked.indexOf(preload.path), `${preload.path} is asked for before the island's scripts`).toBeGreaterThanOrEqual(0);
      expect(asked.indexOf(preload.path), `${preload.path} is asked for before the island's scripts`).toBeLessThan(firstIslandScript);
    }

    // With the island's scripts still held: the font and the first screen's image are in and a
    // largest paint is reported.
    const drawn = await page.evaluate(async (images) => {
      await document.fonts.ready;
      const imagesIn = images.every((image) => [...document.images].some((img) => new URL(img.src).pathname === image && img.complete && img.naturalWidth > 0));
      const largestPaint = await new Promise<number>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries().length)).observe({ type: 'largest-contentful-paint', buffered: true }));
      return { fonts: document.fonts.status, imagesIn, largestPaint };
    }, preloads.filter((preload) => preload.as === 'image').map((preload) => preload.path));
    expect(drawn).toEqual({ fonts: 'loaded', imagesIn: true, largestPaint: expect.any(Number) });
    expect(drawn.largestPaint).toBeGreaterThan(0);
    await expect(island(page, name)).toHaveAttribute('ssr', '');

    await gate.open();
    await expect(island(page, name)).not.toHaveAttribute('ssr');
  });
}

test('an island on a phone that is never idle wakes at its two-second deadline', async ({ page }) => {
  await neverIdle(page);
  await page.goto('/programs', { waitUntil: 'domcontentloaded' });
  const explorer = island(page, 'ProgramsExplorer');
  await expect(explorer).toHaveAttribute('client', 'idle');
  await expect(explorer).toHaveAttribute('opts', '{"name":"ProgramsExplorer","value":{"timeout":2000}}');
  await expect(explorer).not.toHaveAttribute('ssr');
  await page.getByLabel('Search programs', { exact: true }).fill('youth');
  await expect(page.locator('.programs-explorer__item h3')).toHaveText(['Future Ready Youth Program']);
});
