import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, test, type Route } from '@playwright/test';
import { STATIC_IMPORT, moduleGraph } from '../../scripts/module-graph.ts';
import { ISLAND_ROUTES, PHONE_NETWORK } from '../../scripts/island-routes.ts';

/**
 * An island's whole module graph (component, renderer, React, helpers, its language's catalogue)
 * is asked for in one round when it wakes: on a phone 0.56 s away from the server, each module
 * found only once its importer has arrived would cost one more round trip.
 *
 * From the moment the page asks for the island's component, every script it asks for is held
 * unanswered: no module of the island can arrive, so none can lead the browser to another. Every
 * module of the graph (followed through dist/ here, not read from the page's own list) must
 * still be asked for, and once they are answered nothing more of the island is.
 */
const dist = join(import.meta.dirname, '..', '..', 'dist');

const LANGS = ['en', 'fr', 'sw'] as const;

const address = (file: string) => `/${file.slice(dist.length + 1)}`;

/**
 * The island's modules as the built files import them, with the page language's catalogue, less
 * those the page's own scripts load before any island wakes.
 */
function islandGraph(html: string, name: string, lang: string): { modules: Set<string>; otherCatalogues: RegExp } {
  const tag = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`&quot;name&quot;:&quot;${name}&quot;`));
  expect(tag, `${name} is on the page`).toBeDefined();
  const url = (attribute: string) => new RegExp(`\\s${attribute}="([^"]+)"`).exec(tag!)![1]!;
  const graph = moduleGraph(dist, [url('component-url'), url('renderer-url')].map((at) => join(dist, at)), STATIC_IMPORT);
  const catalogues = [...graph].flatMap(([file, code]) =>
    [...code.matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)].map((m) => join(file, '..', m[1]!)).filter((target) => basename(target).startsWith(`messages-${lang}.`)),
  );
  expect(catalogues, `${name} loads the ${lang} catalogue`).toHaveLength(1);
  const pageScripts = [...html.matchAll(/<(?:script\b[^>]*\bsrc|link rel="modulepreload" href)="(\/_astro\/[^"]+\.js)"/g)].map((m) => join(dist, m[1]!));
  const atLoad = new Set([...moduleGraph(dist, pageScripts, STATIC_IMPORT).keys()].map(address));
  const all = [...moduleGraph(dist, [...graph.keys(), ...catalogues], STATIC_IMPORT).keys()].map(address);
  return {
    modules: new Set(all.filter((module) => !atLoad.has(module))),
    otherCatalogues: new RegExp(`/_astro/messages-(?!${lang}\\.)`),
  };
}

for (const lang of LANGS) {
  for (const { route, island } of ISLAND_ROUTES) {
    const path = lang === 'en' ? route : `/${lang}${route}`;
    test(`${path}: the ${island} island asks for its whole module graph in one round`, async ({ page }) => {
      const html = readFileSync(join(dist, path, 'index.html'), 'utf8');
      const { modules, otherCatalogues } = islandGraph(html, island, lang);
      const requested: string[] = [];
      const heldPaths = new Set<string>();
      const held: Route[] = [];
      const afterRelease: string[] = [];
      let holding = false;
      let released = false;
      await page.route(/\/_astro\/.+\.js$/, async (route) => {
        const asked = new URL(route.request().url()).pathname;
        requested.push(asked);
        // The island has woken: the first of its modules is asked for.
        if (modules.has(asked) && !released) holding = true;
        if (released) afterRelease.push(asked);
        if (!holding) return route.continue();
        heldPaths.add(asked);
        held.push(route);
      });
      // Not `load` or `domcontentloaded`: a first-screen island's modules are asked for before
      // either, and held here with every script after them.
      await page.goto(path, { waitUntil: 'commit' });
      const element = page.locator(`astro-island[opts*='"name":"${island}"']`);
      // Islands woken by being seen wake here; the others when the browser is idle.
      await element.locator('> *').first().scrollIntoViewIfNeeded();

      await expect.poll(() => [...modules].filter((module) => !heldPaths.has(module)).sort(), { message: 'modules not asked for in the first round', timeout: 15_000 }).toEqual([]);
      expect(requested.filter((path) => otherCatalogues.test(path))).toEqual([]);

      released = true;
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await expect(element).not.toHaveAttribute('ssr');
      expect(afterRelease.filter((path) => modules.has(path))).toEqual([]);
    });
  }
}

/**
 * An island on the first screen (`client:idle`) has its modules asked for by the page once it has
 * painted, not when the island wakes after the load event: on a slow phone that saves the round
 * trips of the body's stylesheets and the island runtime (scripts/island-preload.ts). On a slow
 * network (Lighthouse's phone profile: 562.5 ms a request, 1.4 Mbit/s), where there is time
 * between the two.
 */
for (const path of ['/donate', '/fr/contact', '/sw/events', '/blog', '/fr/programs', '/sw/get-involved']) {
  test(`${path}: on a slow network the first screen's island modules are asked for after the first contentful paint, before the load event`, async ({ page, context }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await page.goto(path, { waitUntil: 'load', timeout: 60_000 });
    // A request is listed once its answer has arrived: the renderer's, the largest, may come after the load event.
    const answer = await page.waitForFunction(
      () => {
        const renderer = document.querySelector('astro-island[client="idle"]')!.getAttribute('renderer-url')!;
        const asked = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === renderer)?.startTime;
        return asked !== undefined && {
          asked,
          paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
          load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
        };
      },
      null,
      { timeout: 60_000 },
    );
    const timing = (await answer.jsonValue()) as { asked: number; paint: number; load: number };
    expect(timing.asked).toBeGreaterThanOrEqual(timing.paint);
    expect(timing.asked).toBeLessThan(timing.load);
  });
}
