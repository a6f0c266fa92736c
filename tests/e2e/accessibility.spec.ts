import { expect, test } from '@playwright/test';
import { builtRoutes } from '../support/routes.ts';
import { AXE_TIMEOUT_MS, wcagViolations } from '../support/axe.ts';
import { openWholePage, pageWidth } from '../support/whole-page.ts';
import { LANG_CODES } from '../../src/lib/i18n/languages.ts';
import { localizePath } from '../../src/lib/i18n/paths.ts';

/**
 * Every route the build produced, in every language (English, /fr/…, /sw/…), and the not-found
 * pages the server answers for paths the build does not have, each opened once per width:
 *   - a phone: at 320 px nothing scrolls sideways (French runs long), then at 375 px axe-core finds
 *     no WCAG 2.x A/AA violation. This load refuses the Figtree files, as a phone on a slow network
 *     may (font-display: optional), because the fallback font may be wider;
 *   - a desktop: at 1280 px axe-core finds no violation and nothing scrolls sideways, in Figtree.
 * One load serves both checks of a width, so the sweep costs two page loads per route.
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

test.describe('on a phone', () => {
  test.use({ viewport: { width: 320, height: 720 } });
  for (const route of routes) {
    test(`${route} fits 320 px and has no WCAG A/AA violations at 375 px`, async ({ page }) => {
      test.setTimeout(AXE_TIMEOUT_MS);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openWholePage(page, route, { height: 720, fallbackFont: true });
      const width = await pageWidth(page);
      test.info().annotations.push({ type: 'scrollWidth at 320 px', description: `${route} ${width}` });
      expect(width, `${route} is ${width} px wide at 320 px`).toBeLessThanOrEqual(320);
      await page.setViewportSize({ width: 375, height: 900 });
      expect(await wcagViolations(page)).toEqual([]);
    });
  }
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  for (const route of routes) {
    test(`${route} has no WCAG A/AA violations at 1280 px and fits`, async ({ page }) => {
      test.setTimeout(AXE_TIMEOUT_MS);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openWholePage(page, route);
      expect(await wcagViolations(page)).toEqual([]);
      expect(await pageWidth(page), `${route} scrolls sideways at 1280 px`).toBeLessThanOrEqual(1280);
    });
  }
});
