/**
 * What the islands cost a visitor: per page with an island, the JavaScript it sends at load and
 * after hydration (brotli, scripts/island-bytes.ts); and on a 4× slower CPU (Chromium's CPU
 * throttling, network unthrottled on loopback), the time from navigation until the donation and
 * contact forms are hydrated, and the longest main-thread task between the load event and then
 * (the islands wake when the browser is idle, `client:idle`).
 *
 * ISLAND_COST_BASELINE=<another build's dist/> sets that build beside this one: both are served at
 * once and measured in interleaved rounds, so a busy moment on the machine falls on both alike.
 *   node scripts/bench/island-cost.ts                          prints the Markdown section
 *   ISLAND_COST_BASELINE=/tmp/old-dist ISLAND_COST_RUNS=7 node scripts/bench/island-cost.ts
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { islandBytesOfSite, type IslandBytes } from '../island-bytes.ts';
import { distDir } from '../page-weight.ts';
import { chromiumLaunchOptions } from '../../tests/support/browser.ts';
import { serveDist } from './lighthouse.ts';

export const order = 12;

/** The forms whose hydration is timed, and the island each holds. */
export const TIMED_FORMS = [
  { route: '/donate', island: 'DonationForm' },
  { route: '/contact', island: 'ContactForm' },
] as const;
export const CPU_SLOWDOWN = 4;

interface Timing {
  /** ms from navigation start until the island's form is hydrated (it sets `novalidate`). */
  hydratedMs: number;
  /** The longest main-thread task, ms, that ended between the load event and hydration. */
  longestTaskMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Records, in the page, when the island named `island` hydrates and every long task. */
const RECORDER = (island: string) => {
  const state = { hydratedAt: 0, loadAt: 0, tasks: [] as { end: number; duration: number }[] };
  (window as unknown as { __islandCost: typeof state }).__islandCost = state;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) state.tasks.push({ end: task.startTime + task.duration, duration: task.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('load', () => (state.loadAt = performance.now()), { once: true });
  // The island's form turns its own validation on (`novalidate`) in an effect, once hydrated:
  // Astro drops `ssr` when the renderer returns, which React's concurrent hydration outlives.
  new MutationObserver(() => {
    if (!state.hydratedAt && document.querySelector(`astro-island[component-url*="/${island}."] form[novalidate]`)) state.hydratedAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['novalidate'] });
};

async function timeOnce(browser: Browser, url: string, island: string): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(RECORDER, island);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { __islandCost: { hydratedAt: number } }).__islandCost.hydratedAt > 0, null, { timeout: 60_000 });
    const state = await page.evaluate(() => (window as unknown as { __islandCost: { hydratedAt: number; loadAt: number; tasks: { end: number; duration: number }[] } }).__islandCost);
    const during = state.tasks.filter((task) => task.end >= state.loadAt && task.end <= state.hydratedAt + 1);
    return { hydratedMs: state.hydratedAt, longestTaskMs: Math.max(0, ...during.map((task) => task.duration)) };
  } finally {
    await context.close();
  }
}

interface Build {
  name: string;
  dist: string;
}

/** Each form on each build, `runs` times, rounds interleaved across builds and forms; medians. */
export async function timeHydration(builds: readonly Build[], runs: number, port: number): Promise<Map<string, Timing>> {
  const servers = await Promise.all(builds.map((build, index) => serveDist(port + index, build.dist)));
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const samples = new Map<string, Timing[]>();
    for (let round = 0; round < runs; round++) {
      for (const [index, build] of builds.entries()) {
        for (const form of TIMED_FORMS) {
          const key = `${build.name} ${form.route}`;
          samples.set(key, [...(samples.get(key) ?? []), await timeOnce(browser, `${servers[index]!.base}${form.route}`, form.island)]);
        }
      }
    }
    return new Map(
      [...samples].map(([key, all]) => [key, { hydratedMs: median(all.map((t) => t.hydratedMs)), longestTaskMs: median(all.map((t) => t.longestTaskMs)) }]),
    );
  } finally {
    await browser.close();
    for (const server of servers) server.stop();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** One row per island page in English (the other languages send the same modules but their catalogue). */
function bytesTable(builds: readonly Build[]): string[] {
  const sites = builds.map((build) => new Map(islandBytesOfSite(build.dist).map((page) => [page.route, page])));
  const last = sites.at(-1)!;
  const rows = [...last.values()].filter((page) => !/^\/(fr|sw)(\/|$)/.test(page.route) && !/\/(tag|category)\/|^\/blog\/\d|^\/events\/./.test(page.route));
  const cells = (page: IslandBytes | undefined) => (page ? [kb(page.atLoad), kb(page.afterHydration)] : ['-', '-']);
  return [
    `| route | islands | ${builds.map((b) => `${b.name}: at load KB | ${b.name}: after hydration KB`).join(' | ')} |`,
    `|---|---|${builds.map(() => '--:|--:').join('|')}|`,
    ...rows.map((page) => `| ${page.route} | ${page.islands.join(', ')} | ${sites.map((site) => cells(site.get(page.route)).join(' | ')).join(' | ')} |`),
  ];
}

export async function section(): Promise<{ title: string; markdown: string }> {
  const title = 'Islands: JavaScript sent and time to hydrate';
  if (!existsSync(join(distDir, 'index.html'))) return { title, markdown: 'No dist/: run `npm run build` first.' };
  const baseline = process.env.ISLAND_COST_BASELINE;
  const builds: Build[] = [...(baseline ? [{ name: 'baseline', dist: baseline }] : []), { name: 'this build', dist: distDir }];
  const runs = Number(process.env.ISLAND_COST_RUNS ?? 5);
  const timings = await timeHydration(builds, runs, Number(process.env.ISLAND_COST_PORT ?? 5440));
  return {
    title,
    markdown: [
      'Brotli as served (the `.br` copies). At load: what the page\'s own scripts bring before an island wakes. After hydration: with every island\'s component, renderer and UI runtime.',
      '',
      ...bytesTable(builds),
      '',
      `On a ${CPU_SLOWDOWN}× slower CPU (network unthrottled, Node server on loopback), median of ${runs} interleaved runs: ms from navigation until the form is hydrated, and the longest task between the load event and then.`,
      '',
      `| form | ${builds.map((b) => `${b.name}: hydrated ms | ${b.name}: longest task ms`).join(' | ')} |`,
      `|---|${builds.map(() => '--:|--:').join('|')}|`,
      ...TIMED_FORMS.map((form) => `| ${form.route} | ${builds.map((b) => { const t = timings.get(`${b.name} ${form.route}`)!; return `${Math.round(t.hydratedMs)} | ${Math.round(t.longestTaskMs)}`; }).join(' | ')} |`),
    ].join('\n'),
  };
}

if (import.meta.main) {
  const { title, markdown } = await section();
  console.log(`## ${title}\n\n${markdown}`);
}
