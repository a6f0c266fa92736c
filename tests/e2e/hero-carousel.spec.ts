import { expect, test, type Page, type Route } from '@playwright/test';
import { CAROUSEL_INTERVAL_MS } from '../../src/lib/constants.ts';
import { CAROUSEL_MODULE, openWithCarouselClock } from '../support/carousel.ts';

/**
 * The home carousel as a React island (src/islands/HeroCarousel.tsx), driven by a clock the test
 * controls. Before it wakes, its first slide is in the page and nothing of it moves; it asks for
 * React only once the page's largest paint (its first slide's image) is on screen; awake, the
 * keyboard works it, in each language with its own words. Autoplay, dots, pause and reduced
 * motion: tests/e2e/home.spec.ts.
 */
const FIRST_SLIDE = '/art/carousel-welcome.svg';
const carousel = (page: Page) => page.locator('[data-carousel]');
const current = (page: Page) => carousel(page).getAttribute('data-current');

/** Records every layout shift and every largest paint from the start of the page. */
async function recordPaints(page: Page) {
  await page.addInitScript(() => {
    const seen = { shifts: [] as string[], largest: [] as { at: number; tag: string; src: string | null }[], scripts: [] as { at: number; path: string }[] };
    (window as unknown as { __paints: typeof seen }).__paints = seen;
    type Shift = PerformanceEntry & { value: number; sources?: { node?: Node }[] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) seen.shifts.push(`${e.value.toFixed(4)} ${(e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.className : s.node?.nodeName)).join(',')}`);
    }).observe({ type: 'layout-shift', buffered: true });
    type Largest = PerformanceEntry & { element: Element | null };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Largest[]) seen.largest.push({ at: e.startTime, tag: e.element?.tagName ?? '', src: e.element?.getAttribute('src') ?? null });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The page's own clock is the test's (page.clock); the timeline's entries keep the browser's.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name.endsWith('.js')) seen.scripts.push({ at: e.startTime, path: new URL(e.name).pathname });
    }).observe({ type: 'resource', buffered: true });
  });
}

interface Paints {
  shifts: string[];
  largest: { at: number; tag: string; src: string | null }[];
  scripts: { at: number; path: string }[];
}
const paints = (page: Page) => page.evaluate(() => (window as unknown as { __paints: Paints }).__paints);

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: before it wakes the first slide shows, React waits for the largest paint, and nothing moves when it wakes`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await recordPaints(page);
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
    // The first slide's image held behind a gate; every script the page asks for is noted.
    const held: Route[] = [];
    await page.route(`**${FIRST_SLIDE}`, (route) => void held.push(route));
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => held.length, { message: 'the first slide is asked for' }).toBe(1);

    // The page paints its text; ten seconds pass on the page's clock (past every idle moment and
    // deadline); the island has not asked for its module, nor anything for React.
    await expect.poll(() => paints(page).then((seen) => seen.largest.length)).toBeGreaterThan(0);
    await page.clock.runFor(10_000);
    expect(scripts.filter((path) => CAROUSEL_MODULE.test(path))).toEqual([]);
    expect(scripts.filter((path) => /\/_astro\/(client|react)\.[\w-]+\.js$/.test(path))).toEqual([]);
    const island = page.locator('astro-island[opts*="HeroCarouselIsland"]');
    await expect(island).toHaveAttribute('ssr', '');
    await expect(island).toHaveAttribute('client', 'painted');

    // What shows meanwhile: the first slide and its caption; the controls hold their place unseen.
    await expect(page.locator('[data-slide="0"]')).toHaveClass(/is-active/);
    await expect(page.locator('[data-slide="0"] figcaption')).toBeVisible();
    await expect(page.locator('[data-slide="1"] figcaption')).toBeHidden();
    await expect(page.locator('[data-carousel-toggle]')).toBeHidden();
    await expect(page.locator('[data-slide-dot]')).toHaveCount(4);
    const controlsBefore = await page.locator('.carousel__controls').boundingBox();
    const frameBefore = await carousel(page).boundingBox();

    // The image comes: once it is on screen the island wakes (at the next idle moment).
    for (const route of held.splice(0)) await route.continue();
    await expect.poll(async () => (await page.clock.runFor(50), scripts.some((path) => CAROUSEL_MODULE.test(path))), { message: 'the island wakes' }).toBe(true);
    await expect(carousel(page)).toHaveAttribute('data-ready', 'true');
    await expect(page.getByRole('button', { name: 'Pause slideshow', exact: true })).toBeVisible();

    await expect.poll(() => paints(page).then((now) => now.scripts.some((script) => CAROUSEL_MODULE.test(script.path)))).toBe(true);
    const seen = await paints(page);
    const woke = seen.scripts.find((script) => CAROUSEL_MODULE.test(script.path))!.at;
    const lastLargest = seen.largest.at(-1)!;
    expect(lastLargest.at, 'React is asked for after the largest paint').toBeLessThan(woke);
    if (viewport.width === 1280) expect(lastLargest).toMatchObject({ tag: 'IMG', src: FIRST_SLIDE });
    expect(await page.locator('.carousel__controls').boundingBox()).toEqual(controlsBefore);
    expect(await carousel(page).boundingBox()).toEqual(frameBefore);
    // A frame drawn after the island's (Playwright's own polling keeps the browser's frames).
    await page.waitForFunction(() => true, undefined, { polling: 'raf' });
    expect((await paints(page)).shifts, 'nothing moves').toEqual([]);
  });
}

test('the keyboard works it: Tab reaches Pause first, then each dot; focus inside holds it still', async ({ page }) => {
  await openWithCarouselClock(page);
  await page.mouse.move(1, 1);
  await page.getByRole('link', { name: 'Explore our programs', exact: true }).first().focus();
  await page.keyboard.press('Tab');
  const toggle = page.locator('[data-carousel-toggle]');
  await expect(toggle).toBeFocused();
  await expect(carousel(page)).toHaveAttribute('data-held', 'true');
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  expect(await current(page)).toBe('0');

  await page.keyboard.press('Space');
  await expect(toggle).toHaveAccessibleName('Play slideshow');
  for (const index of [0, 1, 2]) {
    await page.keyboard.press('Tab');
    await expect(page.locator(`[data-slide-dot="${index}"]`)).toBeFocused();
  }
  await page.keyboard.press('Enter');
  expect(await current(page)).toBe('2');
  await expect(page.locator('[data-slide-dot="2"]')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[data-slide="2"]')).not.toHaveAttribute('aria-hidden');
  // Paused by the visitor: it stays paused once focus leaves.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(carousel(page)).toHaveAttribute('data-held', 'false');
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  expect(await current(page)).toBe('2');

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAccessibleName('Pause slideshow');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(carousel(page)).toHaveAttribute('data-held', 'false');
  await page.clock.runFor(CAROUSEL_INTERVAL_MS);
  expect(await current(page)).toBe('3');
});

const LANGUAGES = [
  { path: '/', region: 'Scenes from our community', pause: 'Pause slideshow', play: 'Play slideshow', choose: 'Choose a slide' },
  { path: '/fr', region: 'Scènes de notre communauté', pause: 'Arrêter le défilement des images', play: 'Faire défiler les images', choose: 'Choisir une image' },
  { path: '/sw', region: 'Picha za jamii yetu', pause: 'Simamisha picha', play: 'Onyesha picha tena', choose: 'Chagua picha' },
];

for (const words of LANGUAGES) {
  test(`${words.path}: awake, it speaks the page's language and advances every 6 s`, async ({ page }) => {
    await openWithCarouselClock(page, words.path);
    await page.mouse.move(1, 1);
    await expect(page.getByRole('region', { name: words.region, exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: words.choose, exact: true }).getByRole('button')).toHaveCount(4);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    expect(await current(page)).toBe('1');
    const toggle = page.getByRole('button', { name: words.pause, exact: true });
    await toggle.click();
    await expect(page.getByRole('button', { name: words.play, exact: true })).toBeVisible();
  });
}
