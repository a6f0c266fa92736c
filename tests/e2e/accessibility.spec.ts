import { expect, test } from '@playwright/test';
import { builtRoutes } from '../support/routes.ts';
import { AXE_TIMEOUT_MS, wcagViolations } from '../support/axe.ts';
import { openWholePage, pageWidth, useFallbackFont } from '../support/whole-page.ts';
import { LANG_CODES } from '../../src/lib/i18n/languages.ts';
import { localizePath } from '../../src/lib/i18n/paths.ts';

/**
 * Every route the build produced, in every language (English, /fr/…, /sw/…), and the not-found
 * pages the server answers for paths the build does not have, each opened once, on a phone, then
 * widened to a desktop:
 *   - a phone: at 320 px nothing scrolls sideways (French runs long), then at 375 px axe-core finds
 *     no WCAG 2.x A/AA violation, both in the fallback font, which a phone on a slow network may
 *     keep (font-display: optional) and which may be wider than Figtree;
 *   - a desktop: at 1280 px, in Figtree, axe-core finds no violation and nothing scrolls sideways.
 * One load serves all four checks (a load and the wait for every island cost more than a check).
 */
const notFound = ['/this-page-does-not-exist', '/events/no-such-event', '/blog/no-such-post'];
/**
 * The blog's tag pages (22 per language) are one template listing different cards; two per
 * language stand for them all, which keeps the sweep, and `npm test`, within its time.
 */
const TAG_PAGES_PER_LANGUAGE = 2;
const tagPage = /^(?:\/(fr|sw))?\/blog\/tag\//;
const tagsSeen = new Map<string, number>();
const sampled = builtRoutes().filter((route) => {
  const match = tagPage.exec(route);
  if (!match) return true;
  const lang = match[1] ?? 'en';
  tagsSeen.set(lang, (tagsSeen.get(lang) ?? 0) + 1);
  return tagsSeen.get(lang)! <= TAG_PAGES_PER_LANGUAGE;
});
const routes = [...sampled, ...LANG_CODES.flatMap((lang) => notFound.map((path) => localizePath(path, lang)))];

test.use({ viewport: { width: 320, height: 720 } });

for (const route of routes) {
  test(`${route} fits 320 px and has no WCAG A/AA violations at 375 px, nor at 1280 px, where it fits too`, async ({ page }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWholePage(page, route, { height: 720 });

    await useFallbackFont(page, true);
    const phoneWidth = await pageWidth(page);
    test.info().annotations.push({ type: 'scrollWidth at 320 px', description: `${route} ${phoneWidth}` });
    expect(phoneWidth, `${route} is ${phoneWidth} px wide at 320 px`).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await wcagViolations(page), `${route} at 375 px`).toEqual([]);

    await useFallbackFont(page, false);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await wcagViolations(page), `${route} at 1280 px`).toEqual([]);
    expect(await pageWidth(page), `${route} scrolls sideways at 1280 px`).toBeLessThanOrEqual(1280);
  });
}
