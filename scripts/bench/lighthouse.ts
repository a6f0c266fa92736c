/**
 * Lighthouse on the built site: every main route in the mobile preset (simulated throttling: a slow
 * 4G network and a 4× slower CPU), three runs each, the median reported. Targets: performance 100
 * and LCP at most 1.0 s on every route, CLS 0.
 *
 * Each table ends with a control, a bare page measured in the same rounds (control-page.ts): the
 * floor this machine sets for any page. A second table names, per route, the LCP element and what
 * ends last on the simulated LCP path (lcp-path.ts).
 *
 * Needs `npm run build`. Measures the site from the fronts the README describes, interleaved
 * (each route from each front in turn, every round), and drives the system Chromium (CHROME_PATH,
 * else CHROMIUM_PATH, else /usr/bin/chromium) headless:
 *   - `node`: the project's own server (api/src/server.ts, `npm start`: its compression and
 *     headers are those of production) on LIGHTHOUSE_PORT (default 5430), over HTTPS with HTTP/2
 *     and the local certificate it makes at start (both-protocols.ts, tls.ts);
 *   - `node-http1`: the same server over its plain HTTP/1.1 on the same port (not in the
 *     section unless LIGHTHOUSE_FRONT names it: what HTTP/2 changes);
 *   - `nginx`: the many-machine deployment's front, nginx with the generated site
 *     (deploy/nginx-config.ts), TLS and HTTP/2, serving dist/ (a copy of it, with the control
 *     page) and passing /api/ to that server; started from Debian's package as the deployment
 *     test starts it (deploy/test/topology.ts, its ports from DEPLOY_TEST_PORT).
 *   node scripts/bench/lighthouse.ts            prints the Markdown section
 *   LIGHTHOUSE_RUNS=5 LIGHTHOUSE_FRONT=node,node-http1,nginx node scripts/bench/lighthouse.ts / /donate
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { distDir } from '../page-weight.ts';
import { chromiumExecutable } from '../../tests/support/browser.ts';
import { CONTROL_ROUTE, distWithControlPage } from './control-page.ts';
import { lcpPath, type LcpPath } from './lcp-path.ts';

/** The routes a visitor lands on: one of every template the site has. */
export const MAIN_ROUTES = [
  '/',
  '/about',
  '/programs',
  '/programs/early-learning',
  '/get-involved',
  '/donate',
  '/events',
  '/blog',
  '/faq',
  '/contact',
  '/team',
  '/impact',
] as const;

export const TARGET_SCORE = 100;
export const TARGET_LCP_MS = 1000;

export interface LighthouseRow {
  route: string;
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every run's score and LCP, so a reader sees the spread behind the median. */
  runs: { score: number; lcpMs: number }[];
  /** The LCP element and what ends last on the simulated LCP path, in the median run. */
  path: LcpPath;
  /**
   * Lighthouse's measure of this machine's CPU speed during the route's runs (median; higher is
   * faster). Lantern slows every recorded main-thread task down by 4, so the same page scores a
   * later FCP and LCP on a slower or busier machine: this says which kind of machine ran it.
   */
  benchmarkIndex: number;
}

/** Performance, LCP and CLS all on target. The control page (CONTROL_ROUTE) has none to meet. */
const meetsTargets = (r: LighthouseRow) => r.score >= TARGET_SCORE && r.lcpMs <= TARGET_LCP_MS && r.cls === 0;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`lighthouse bench: the server exited with ${child.exitCode}`);
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`lighthouse bench: no answer from ${url} within 60 s`);
}

/**
 * Starts the project's server on dist/ with a throwaway database; returns its plain-HTTP address,
 * its HTTPS one (HTTP/2, the local certificate it makes at start) and a stop.
 */
export async function serveDist(port: number, dist = distDir): Promise<{ base: string; secureBase: string; stop: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sipa-lighthouse-'));
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', '..', 'api', 'src', 'server.ts')], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DIST_DIR: dist, DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/api/health`, child);
  return {
    base,
    secureBase: `https://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

function readRun(result: LighthouseResult): { score: number; lcpMs: number; fcpMs: number; tbtMs: number; cls: number; benchmarkIndex: number } {
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Where the pages come from: the Node server alone as `npm start` serves them (HTTPS with HTTP/2),
 * the same server over its plain HTTP/1.1, or nginx in front of it as deployed.
 */
export type Front = 'node' | 'node-http1' | 'nginx';
export const FRONTS: readonly Front[] = ['node', 'node-http1', 'nginx'];

interface RunningFronts {
  bases: Map<Front, string>;
  /** The Node server's plain-HTTP address. */
  plainBase: string;
  chromeFlags: string[];
  stop: () => Promise<void>;
}

/**
 * Starts one Node server on `dist` and, when asked for, nginx in front of it; returns each
 * front's address, the Chromium flags that reach them all, and a stop.
 */
async function startFronts(fronts: readonly Front[], port: number, dist: string): Promise<RunningFronts> {
  const server = await serveDist(port, dist);
  const bases = new Map<Front, string>();
  if (fronts.includes('node')) bases.set('node', server.secureBase);
  if (fronts.includes('node-http1')) bases.set('node-http1', server.base);
  // The server's local certificate (and nginx's throwaway one) is accepted, as a visitor's
  // browser accepts the site's real one.
  const certificateFlags = ['--ignore-certificate-errors'];
  if (!fronts.includes('nginx')) return { bases, plainBase: server.base, chromeFlags: certificateFlags, stop: async () => server.stop() };
  const { startNginx, ORIGIN, HOST } = await import('../../deploy/test/topology.ts');
  const nginx = await startNginx([`127.0.0.1:${port}`], dist).catch((error: unknown) => {
    server.stop();
    throw error;
  });
  bases.set('nginx', ORIGIN);
  return {
    bases,
    plainBase: server.base,
    // The site's name resolves to loopback.
    chromeFlags: [...certificateFlags, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    stop: async () => {
      await nginx.stop();
      server.stop();
    },
  };
}

/**
 * One Lighthouse run. A trace that lost its navigation start (NO_NAVSTART, seen on a fresh
 * browser's first page now and then) is Lighthouse's own "run again": up to two more tries.
 */
async function measureOnce(url: string, port: number): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile', throttlingMethod: 'simulate' });
    if (!result) throw new Error(`lighthouse: no result for ${url}`);
    if (result.lhr.runtimeError?.code !== 'NO_NAVSTART' || attempt === 3) return result;
  }
}

export async function lighthouseRoutes(
  options: { routes?: readonly string[]; runs?: number; port?: number; dist?: string; front?: Front } = {},
): Promise<LighthouseRow[]> {
  const front = options.front ?? 'node';
  return (await lighthouseFronts({ ...options, fronts: [front] })).get(front)!;
}

/**
 * Every route from every front in `fronts`, `runs` rounds; within a round each route is measured
 * from each front in turn, the fronts' order alternating from round to round, so a busy moment
 * on the machine falls on all fronts alike and their medians can be compared.
 */
export async function lighthouseFronts(
  options: { fronts: readonly Front[]; routes?: readonly string[]; runs?: number; port?: number; dist?: string },
): Promise<Map<Front, LighthouseRow[]>> {
  // The site's routes, then the bare control page, measured alike in every round.
  const routes = [...(options.routes ?? MAIN_ROUTES), CONTROL_ROUTE];
  const runs = options.runs ?? 3;
  const served = distWithControlPage(options.dist ?? distDir);
  const fronts = await startFronts(options.fronts, options.port ?? 5430, served.dir).catch((error: unknown) => {
    served.remove();
    throw error;
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? chromiumExecutable(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...fronts.chromeFlags],
  }).catch(async (error: unknown) => {
    await fronts.stop();
    served.remove();
    throw error;
  });
  try {
    // The server compresses a file on its first request and keeps the result (static-site.ts): one
    // request per page first, so the first round does not time a one-off brotli run as server time.
    // nginx serves dist/ itself and compresses on every request: nothing to warm there.
    // (Through its plain-HTTP side, which shares the HTTPS side's files and their compressed copies.)
    if (fronts.bases.has('node') || fronts.bases.has('node-http1')) {
      for (const route of routes) await fetch(`${fronts.plainBase}${route}`, { headers: { 'accept-encoding': 'br, gzip' } }).then((response) => response.arrayBuffer());
    }
    const keys = [...fronts.bases.keys()];
    const samples = new Map<string, (ReturnType<typeof readRun> & { path: LcpPath })[]>();
    // Rounds interleave the routes, so a busy moment on the machine does not land on one route only.
    for (let round = 0; round < runs; round++) {
      for (const route of routes) {
        for (const front of round % 2 ? [...keys].reverse() : keys) {
          const result = await measureOnce(`${fronts.bases.get(front)}${route}`, chrome.port);
          const key = `${front} ${route}`;
          samples.set(key, [...(samples.get(key) ?? []), { ...readRun(result), path: await lcpPath(result) }]);
        }
      }
    }
    return new Map(keys.map((front) => [front, routes.map((route) => summarise(route, samples.get(`${front} ${route}`)!))]));
  } finally {
    chrome.kill();
    await fronts.stop();
    served.remove();
  }
}

function summarise(route: string, all: (ReturnType<typeof readRun> & { path: LcpPath })[]): LighthouseRow {
  const lcpMs = median(all.map((r) => r.lcpMs));
  const medianRun = all.reduce((best, r) => (Math.abs(r.lcpMs - lcpMs) < Math.abs(best.lcpMs - lcpMs) ? r : best));
  return {
    route,
    score: median(all.map((r) => r.score)),
    lcpMs,
    fcpMs: median(all.map((r) => r.fcpMs)),
    tbtMs: median(all.map((r) => r.tbtMs)),
    cls: median(all.map((r) => r.cls)),
    runs: all.map((r) => ({ score: r.score, lcpMs: r.lcpMs })),
    path: medianRun.path,
    benchmarkIndex: median(all.map((r) => r.benchmarkIndex)),
  };
}

export function lighthouseMarkdown(allRows: readonly LighthouseRow[], runs: number): string {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const rows = allRows.filter((r) => r.route !== CONTROL_ROUTE);
  const control = allRows.find((r) => r.route === CONTROL_ROUTE);
  const tableRow = (r: LighthouseRow, name: string, verdict: string) =>
    `| ${name} | ${r.score} | ${s(r.lcpMs)} | ${s(r.fcpMs)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${r.runs.map((x) => `${x.score} / ${s(x.lcpMs)}`).join(', ')} | ${verdict} |`;
  const lines = [
    `Lighthouse ${'mobile'} preset, simulated throttling, median of ${runs} runs per route (runs interleaved across routes). ` +
      `Targets: performance ${TARGET_SCORE}, LCP at most ${s(TARGET_LCP_MS)} s, CLS 0.`,
    '',
    '| route | performance | LCP s | FCP s | TBT ms | CLS | runs (score / LCP s) | on target |',
    '|---|---:|---:|---:|---:|---:|---|:-:|',
    ...rows.map((r) => tableRow(r, r.route, meetsTargets(r) ? 'yes' : '**no**')),
    ...(control ? [tableRow(control, 'bare page (control)', 'control')] : []),
  ];
  const misses = rows.filter((r) => !meetsTargets(r));
  lines.push('', misses.length ? `${misses.length} of ${rows.length} routes miss a target: ${misses.map((r) => r.route).join(', ')}.` : `All ${rows.length} routes meet every target.`);
  if (control) {
    const above = rows.map((r) => r.lcpMs - control.lcpMs);
    lines.push(
      '',
      `The control is a bare page (one heading, one paragraph; no stylesheet, font, image or script) from the same front in the same rounds ` +
        `(control-page.ts): its LCP, ${s(control.lcpMs)} s, is what this machine gives a page with nothing to load. ` +
        `The routes' LCP is ${s(Math.min(...above))} to ${s(Math.max(...above))} s above it: what the routes themselves cost.`,
    );
  }
  const indices = rows.map((r) => r.benchmarkIndex).filter(Number.isFinite);
  if (indices.length) {
    lines.push(
      '',
      `Lighthouse's CPU benchmark index during these runs: ${Math.round(median(indices))} (median of the routes' medians, ` +
        `from ${Math.round(Math.min(...indices))} to ${Math.round(Math.max(...indices))}; higher is faster). ` +
        "Every recorded main-thread task is slowed down 4 times in the simulation, so compare runs made on machines of similar index.",
    );
  }
  lines.push(
    '',
    'What sets LCP (run nearest the median): the LCP element, the simulated end of the document, and the requests that end last on ' +
      "Lantern's LCP path (every request that finished before the observed LCP is on it, see lcp-path.ts).",
    '',
    '| route | LCP element | document ends s | last on the LCP path (simulated end s) |',
    '|---|---|---:|---|',
    ...rows.map((r) => `| ${r.route} | ${r.path.element} | ${s(r.path.documentEndMs)} | ${r.path.lastRequests.map((q) => `${q.path} ${s(q.endMs)}`).join(', ')} |`),
  );
  return lines.join('\n');
}

const FRONT_TITLES: Record<Front, string> = {
  nginx: 'Through nginx with TLS and HTTP/2, as the many-machine deployment serves the site',
  node: 'From the Node server alone with TLS and HTTP/2 (`npm start`, its local certificate)',
  'node-http1': 'From the same Node server over its plain HTTP/1.1 (the address `npm start` prints first)',
};

/**
 * The fronts' LCP side by side, route by route, from one interleaved run; beside each, when the
 * last request on the simulated LCP path ends (network alone: the machine's load moves the LCP,
 * not this), and how many routes each front keeps within the target.
 */
export function frontsMarkdown(results: ReadonlyMap<Front, readonly LighthouseRow[]>, load: string): string {
  const fronts = [...results.keys()];
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const first = results.get(fronts[0]!)!;
  const pathEnd = (row: LighthouseRow) => Math.max(row.path.documentEndMs, ...row.path.lastRequests.map((request) => request.endMs));
  const cell = (front: Front, route: string) => {
    const row = results.get(front)!.find((r) => r.route === route)!;
    return `${s(row.lcpMs)}${route === CONTROL_ROUTE || row.lcpMs <= TARGET_LCP_MS ? '' : ' **over**'} (${s(pathEnd(row))})`;
  };
  const within = (front: Front) => {
    const routes = results.get(front)!.filter((r) => r.route !== CONTROL_ROUTE);
    return `${FRONT_NAMES[front]} ${routes.filter((r) => r.lcpMs <= TARGET_LCP_MS).length} of ${routes.length}`;
  };
  return [
    `LCP s (median; in brackets, when the last request on the LCP path ends in the run nearest the median), each route ` +
      `measured from every front in turn in each round, the fronts' order alternating. ${load}`,
    '',
    `| route | ${fronts.map((front) => FRONT_NAMES[front]).join(' | ')} |`,
    `|---|${fronts.map(() => '---:').join('|')}|`,
    ...first.map((r) => `| ${r.route === CONTROL_ROUTE ? 'bare page (control)' : r.route} | ${fronts.map((front) => cell(front, r.route)).join(' | ')} |`),
    '',
    `Routes with LCP at most ${s(TARGET_LCP_MS)} s: ${fronts.map(within).join('; ')}.`,
  ].join('\n');
}

const FRONT_NAMES: Record<Front, string> = { node: '`npm start` (HTTP/2)', 'node-http1': '`npm start` (plain HTTP/1.1)', nginx: 'nginx' };

/** The machine's load averages (1 and 5 minutes), to state beside figures taken under it. */
export function loadNow(): string {
  const [one, five] = loadavg();
  return `${one!.toFixed(2)} / ${five!.toFixed(2)}`;
}

/** LIGHTHOUSE_FRONT: one front (`nginx`) or several measured interleaved (`node,nginx`). */
function frontsFromEnv(fallback: string): Front[] {
  const names = (process.env.LIGHTHOUSE_FRONT || fallback).split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(FRONTS as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`LIGHTHOUSE_FRONT: no front named ${unknown.join(', ')} (${FRONTS.join(', ')})`);
  return names as Front[];
}

/** The bench report's section (scripts/bench.ts loads every module here that exports one). */
export async function section(): Promise<{ title: string; markdown: string }> {
  const title = 'Lighthouse (mobile, simulated throttling)';
  if (!existsSync(join(distDir, 'index.html'))) return { title, markdown: 'No dist/: run `npm run build` first.' };
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 5430);
  const hasNginx = existsSync(process.env.NGINX_BIN ?? '/usr/sbin/nginx');
  const fronts = frontsFromEnv('node,nginx').filter((front) => front !== 'nginx' || hasNginx);
  const before = loadNow();
  const results = await lighthouseFronts({ fronts, runs, port });
  const load = `Load average (1 / 5 min, ${cpus().length} cores) ${before} at the start, ${loadNow()} at the end.`;
  const parts = ['### `npm start` beside nginx', '', frontsMarkdown(results, load), ''];
  for (const front of FRONTS.filter((name) => name !== 'node-http1' || results.has(name))) {
    parts.push(`### ${FRONT_TITLES[front]}`, '');
    const rows = results.get(front);
    parts.push(rows ? lighthouseMarkdown(rows, runs) : 'nginx is not installed (apt-get install nginx): not measured.', '');
  }
  return { title, markdown: parts.join('\n').trimEnd() };
}

if (import.meta.main) {
  const routes = process.argv.slice(2);
  if (routes.length) {
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    const fronts = frontsFromEnv('node');
    const before = loadNow();
    const results = await lighthouseFronts({ routes, runs, port: Number(process.env.LIGHTHOUSE_PORT ?? 5430), fronts });
    const load = `Load average (1 / 5 min, ${cpus().length} cores) ${before} at the start, ${loadNow()} at the end.`;
    if (fronts.length > 1) console.log(`${frontsMarkdown(results, load)}\n`);
    for (const [front, rows] of results) console.log(`${FRONT_TITLES[front]}\n\n${lighthouseMarkdown(rows, runs)}\n`);
  } else {
    const { title, markdown } = await section();
    console.log(`## ${title}\n\n${markdown}`);
  }
}
