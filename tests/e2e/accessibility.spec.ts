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
 *
 * Two samplings keep the sweep, and `npm test`, within its time:
 *   - the blog's tag pages (22 per language) are one template listing different cards: two per
 *     language stand for them all;
 *   - a translated entry of a collection (a French post, a Swahili event, …) has the markup of its
 *     English twin, which axe checks, and of the other entries of its template in its language:
 *     axe checks the first of each template per language, and every other one is still opened
 *     and must fit 320 and 1280 px, since its translated words are its own.
 */
const notFound = ['/this-page-does-not-exist', '/events/no-such-event', '/blog/no-such-post'];
const TAG_PAGES_PER_LANGUAGE = 2;
const AXE_ENTRIES_PER_TEMPLATE = 1;
/** A content entry's page and the template it is drawn from, e.g. "/fr/events/spring-hope-gala" and "fr events". */
const ENTRY = /^(?:\/(fr|sw))?\/(blog\/tag|blog\/category|blog|events|programs\/category|programs|resources)\/(?!\d+$|featured$|past$)[^/]+$/;

type Check = 'fit and axe' | 'fit';
const seen = new Map<string, number>();
function checkFor(route: string): Check | null {
  const match = ENTRY.exec(route);
  if (!match) return 'fit and axe';
  const [, lang = 'en', template] = match;
  const key = `${lang} ${template}`;
  seen.set(key, (seen.get(key) ?? 0) + 1);
  const nth = seen.get(key)!;
  if (template === 'blog/tag') return nth <= TAG_PAGES_PER_LANGUAGE ? 'fit and axe' : null;
  if (lang === 'en') return 'fit and axe';
  return nth <= AXE_ENTRIES_PER_TEMPLATE ? 'fit and axe' : 'fit';
}
const routes = [
  ...builtRoutes().flatMap((route) => {
    const check = checkFor(route);
    return check ? [{ route, check }] : [];
  }),
  ...LANG_CODES.flatMap((lang) => notFound.map((path) => ({ route: localizePath(path, lang), check: 'fit and axe' as Check }))),
];

test.use({ viewport: { width: 320, height: 720 } });

for (const { route, check } of routes) {
  const title =
    check === 'fit and axe'
      ? `${route} fits 320 px and has no WCAG A/AA violations at 375 px, nor at 1280 px, where it fits too`
      : `${route} fits 320 px and 1280 px (axe checks its template's first page in this language)`;
  test(title, async ({ page }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWholePage(page, route, { height: 720 });

    await useFallbackFont(page, true);
    const phoneWidth = await pageWidth(page);
    test.info().annotations.push({ type: 'scrollWidth at 320 px', description: `${route} ${phoneWidth}` });
    expect(phoneWidth, `${route} is ${phoneWidth} px wide at 320 px`).toBeLessThanOrEqual(320);
    if (check === 'fit and axe') {
      await page.setViewportSize({ width: 375, height: 900 });
      expect(await wcagViolations(page), `${route} at 375 px`).toEqual([]);
    }

    await useFallbackFont(page, false);
    await page.setViewportSize({ width: 1280, height: 900 });
    if (check === 'fit and axe') expect(await wcagViolations(page), `${route} at 1280 px`).toEqual([]);
    expect(await pageWidth(page), `${route} scrolls sideways at 1280 px`).toBeLessThanOrEqual(1280);
  });
}
