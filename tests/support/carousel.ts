import { expect, type Page } from '@playwright/test';

/** The carousel island's own module (HeroCarousel.tsx as built). */
export const CAROUSEL_MODULE = /\/_astro\/HeroCarousel\.[\w-]+\.js$/;

/**
 * Opens `path` with the page's clock installed and paused, and wakes the carousel island with the
 * clock still: its module is held behind a gate while the clock is run (its directive waits for
 * an idle moment, a timer of the fake clock), then let through, so the island hydrates, and
 * starts its 6 s timer, at a moment the test knows. Returns once the island is ready.
 */
export async function openWithCarouselClock(page: Page, path = '/', start = new Date('2026-11-21T10:00:00Z')): Promise<void> {
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  let asked = false;
  await page.route(CAROUSEL_MODULE, async (route) => {
    asked = true;
    await gate;
    await route.continue();
  });
  await page.goto(path);
  await expect.poll(async () => asked || (await page.clock.runFor(50), asked), { message: `${path}: the carousel island wakes` }).toBe(true);
  openGate();
  await expect(page.locator('[data-carousel]')).toHaveAttribute('data-ready', 'true');
}
