import { expect, type Page } from '@playwright/test';

/**
 * Opens `route` and waits until the page is whole: loaded, and every island hydrated. Most islands
 * wait until they are on screen, so the window is made as tall as the page for the wait (a window
 * that tall shows them all), then set to `height`. useFallbackFont then draws it in the font a
 * phone on a slow network may keep, which may be wider than Figtree.
 */
export async function openWholePage(page: Page, route: string, { height = 900 } = {}): Promise<void> {
  await page.goto(route);
  // Without a session the staff area sends the visitor on to its sign-in screen: that is the page.
  if (route === '/admin') await page.waitForURL(/\/admin\/login$/);
  await page.waitForLoadState('load');
  const width = page.viewportSize()!.width;
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.min(Math.max(pageHeight, height), 16_000) });
  // Generous: on a loaded machine (two suites on two cores) a long page's islands have taken over
  // 15 s to hydrate; a page whose island never hydrates still fails here.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 45_000 });
  await page.setViewportSize({ width, height });
}

/**
 * Draws the page in the fallback font ('Figtree Fallback', then the system's) or back in Figtree,
 * without a reload: the font stack is one custom property (src/styles/tokens.css), set here on
 * the root element as a phone on a slow network would end up with it (font-display: optional
 * keeps the fallback for the whole view when Figtree comes late). Setting a property through the
 * CSSOM is allowed by the page's Content-Security-Policy.
 */
export async function useFallbackFont(page: Page, on: boolean): Promise<void> {
  await page.evaluate((fallback) => {
    const root = document.documentElement;
    root.style.removeProperty('--sipa-font-sans');
    if (!fallback) return;
    // The page's own stack (src/styles/tokens.css) without its first family, Figtree itself.
    const stack = getComputedStyle(root).getPropertyValue('--sipa-font-sans').split(',').slice(1).join(',');
    root.style.setProperty('--sipa-font-sans', stack);
  }, on);
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family.startsWith("'Figtree Fallback'") || family.startsWith('"Figtree Fallback"'), `body font ${family}`).toBe(on);
}

/** How wide the page is: more than the window's width means it scrolls sideways. */
export function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
