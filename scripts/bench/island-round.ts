/**
 * How soon a visitor on a slow phone can use a page's island: on the profile Lighthouse's mobile
 * preset uses for applied throttling (4× slower CPU; 562.5 ms per request, 1.4 Mbit/s down,
 * 675 kbit/s up, through Chromium's own throttling; HTTP/2 over TLS), per route and language, the largest paint
 * and the time from it until the island is usable (hydrated, and a form's own validation on). Target:
 * usable within 1.5 s of the largest paint (scripts/island-preload.ts asks for an island's whole
 * module graph in one round).
 *
 * ISLAND_ROUND_BUILDS=name=<dist>,name=<dist> measures other builds beside each other (each served
 * by its own Node server, rounds interleaved), e.g. one per island directive.
 *   node scripts/bench/island-round.ts                       prints the Markdown section
 *   ISLAND_ROUND_RUNS=5 ISLAND_ROUND_LANGS=en ISLAND_ROUND_ROUTES=/donate node scripts/bench/island-round.ts
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { distDir } from '../page-weight.ts';
import { chromiumLaunchOptions } from '../../tests/support/browser.ts';
import { serveDist } from './lighthouse.ts';
import { ISLAND_ROUTES, PHONE, PHONE_NETWORK } from '../island-routes.ts';

export const order = 13;

export const TARGET_MS = 1500;
const LANGS = ['en', 'fr', 'sw'] as const;

interface Sample {
  lcpMs: number;
  usableMs: number;
}

/**
 * In the page: the largest paint, and when the island named `name` is usable: Astro has hydrated
 * it (`ssr` gone) and, for a form island (`…FormIsland`), the form has turned its own validation
 * on in an effect (React's hydration outlives the renderer's return).
 */
const RECORDER = (name: string) => {
  const state = { lcp: 0, usable: 0, seen: 0 };
  (window as unknown as { __round: typeof state }).__round = state;
  new PerformanceObserver((list) => (state.lcp = list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    const island = document.querySelector(`astro-island[opts*='"name":"${name}"']`);
    if (!state.usable && island && !island.hasAttribute('ssr') && (!name.endsWith('FormIsland') || island.querySelector('form[novalidate]'))) state.usable = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr', 'novalidate'] });
};

async function measureOnce(browser: Browser, url: string, island: string): Promise<Sample> {
  // Over HTTPS with HTTP/2, as the CDN, nginx and `npm start` serve a phone (the local certificate of `npm start`).
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await page.addInitScript(RECORDER, island);
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => (window as unknown as { __round: { lcp: number } }).__round.lcp > 0, null, { timeout: 120_000, polling: 100 });
    // An island that wakes when seen (client:visible) is brought into view at the largest paint,
    // as by a visitor scrolling to it, and timed from then (astro-island itself has no box).
    const element = page.locator(`astro-island[opts*='"name":"${island}"']`);
    if ((await element.getAttribute('client')) === 'visible') {
      await element.evaluate((node) => {
        node.firstElementChild!.scrollIntoView();
        (window as unknown as { __round: { seen: number } }).__round.seen = performance.now();
      });
    }
    await page.waitForFunction(() => (window as unknown as { __round: { usable: number } }).__round.usable > 0, null, { timeout: 120_000, polling: 100 });
    const state = await page.evaluate(() => (window as unknown as { __round: { lcp: number; usable: number; seen: number } }).__round);
    return { lcpMs: state.lcp, usableMs: state.usable - Math.max(state.lcp, state.seen) };
  } finally {
    await context.close();
  }
}

/** The routes measured: ISLAND_ROUND_ROUTES=/donate,/get-involved narrows ISLAND_ROUTES to those. */
function islandRoutes() {
  const only = process.env.ISLAND_ROUND_ROUTES?.split(',').filter(Boolean);
  return only?.length ? ISLAND_ROUTES.filter(({ route }) => only.includes(route)) : ISLAND_ROUTES;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Build {
  name: string;
  dist: string;
}

/** Every route in every language on every build, `runs` rounds interleaved; medians by key `build route`. */
export async function measureRounds(builds: readonly Build[], langs: readonly string[], runs: number, port: number): Promise<Map<string, Sample>> {
  const servers = await Promise.all(builds.map((build, index) => serveDist(port + index, build.dist)));
  const browser = await chromium.launch(chromiumLaunchOptions());
  const samples = new Map<string, Sample[]>();
  const routes = islandRoutes();
  try {
    for (let round = 0; round < runs; round++) {
      for (const lang of langs) {
        for (const { route, island } of routes) {
          const path = lang === 'en' ? route : `/${lang}${route}`;
          for (const [index, build] of builds.entries()) {
            const key = `${build.name} ${path}`;
            samples.set(key, [...(samples.get(key) ?? []), await measureOnce(browser, `${servers[index]!.secureBase}${path}`, island)]);
          }
        }
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) server.stop();
  }
  return new Map([...samples].map(([key, all]) => [key, { lcpMs: median(all.map((s) => s.lcpMs)), usableMs: median(all.map((s) => s.usableMs)) }]));
}

const ms = (value: number) => Math.round(value).toLocaleString('en-US');

export async function section(): Promise<{ title: string; markdown: string }> {
  const title = 'Islands: from the largest paint to usable, on a slow phone';
  const named = (process.env.ISLAND_ROUND_BUILDS ?? '').split(',').filter(Boolean).map((entry) => {
    const [name, dist] = entry.split('=');
    return { name: name!, dist: dist! };
  });
  const builds: Build[] = named.length ? named : [{ name: 'this build', dist: distDir }];
  if (builds.some((build) => !existsSync(join(build.dist, 'index.html')))) return { title, markdown: 'No built site: run `npm run build` first.' };
  const langs = (process.env.ISLAND_ROUND_LANGS ?? LANGS.join(',')).split(',');
  const runs = Number(process.env.ISLAND_ROUND_RUNS ?? 3);
  const [before] = loadavg();
  const results = await measureRounds(builds, langs, runs, Number(process.env.ISLAND_ROUND_PORT ?? 5460));
  const [after] = loadavg();
  const paths = langs.flatMap((lang) => islandRoutes().map(({ route, island }) => ({ path: lang === 'en' ? route : `/${lang}${route}`, island })));
  const cell = (build: Build, path: string) => {
    const result = results.get(`${build.name} ${path}`)!;
    return `${ms(result.lcpMs)} | ${ms(result.usableMs)}${result.usableMs <= TARGET_MS ? '' : ' ✗'}`;
  };
  return {
    title,
    markdown: [
      `Chromium with Lighthouse's mobile profile applied: ${PHONE.cpuSlowdown}× slower CPU, ${PHONE.latencyMs} ms per request, ${(PHONE.downloadKbps / 1024).toFixed(2)} Mbit/s down, ` +
        `${PHONE.uploadKbps} kbit/s up; 412 × 823 px; cold cache; the Node server on loopback over HTTPS with HTTP/2 (as \`npm start\`, nginx and the CDN serve). Median of ${runs} interleaved runs; load average ${before!.toFixed(1)} before, ${after!.toFixed(1)} after ` +
        `(under load every figure inflates). Largest paint: ms from navigation (applied throttling: not Lighthouse's simulated LCP). Usable: ms from the largest paint until the island is hydrated ` +
        `and a form's own validation is on; target ≤ ${ms(TARGET_MS)} ms (✗ above). A \`client:visible\` island is scrolled into view at the largest paint and timed from then.`,
      '',
      `| page | island | ${builds.map((b) => `${b.name}: largest paint ms | ${b.name}: to usable ms`).join(' | ')} |`,
      `|---|---|${builds.map(() => '--:|--:').join('|')}|`,
      ...paths.map(({ path, island }) => `| ${path} | ${island} | ${builds.map((build) => cell(build, path)).join(' | ')} |`),
    ].join('\n'),
  };
}

if (import.meta.main) {
  const { title, markdown } = await section();
  console.log(`## ${title}\n\n${markdown}`);
}
