/**
 * `npm run bench`: the numbers later work is watched by.
 *   1. Page weight: each route's HTML, CSS and JS bytes, raw and gzipped (needs `npm run build`).
 *   2. Plain words: the Flesch-Kincaid grade of each page's main copy (scripts/readability.ts).
 *   3. API throughput: newsletter-signup under a bounded loopback load, beside a bare node:http
 *      server measured in the same run.
 *   4. API fuzz: 10,000 seeded hostile requests on SQLite and on PostgreSQL; 5xx and rows from
 *      refused requests must both be 0.
 *   5. Newsletter broadcast: 10,000 recipients through the real server to a loopback SMTP sink,
 *      on SQLite and PostgreSQL (messages per second, time to queue, server memory).
 *   6. The staff inbox at 100,000 rows on SQLite and PostgreSQL: first page, deep page, search.
 * Deterministic byte counts are also enforced by tests; the timings here are only reported.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, htmlPages, measureSite } from './page-weight.ts';
import { PLAIN_WORDS_MAX_GRADE, PLAIN_WORDS_ROUTES, pageReadability } from './readability.ts';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printPageWeights(): void {
  if (!existsSync(distDir)) {
    console.log('No dist/: run `npm run build` first.');
    return;
  }
  const pages = measureSite();
  const rows = pages.map((p) => [
    p.route,
    kb(p.html.raw),
    kb(p.html.gzip),
    kb(p.css.raw),
    kb(p.css.gzip),
    kb(p.js.raw),
    kb(p.js.gzip),
    kb(p.html.gzip + p.css.gzip),
    p.islands ? `${p.islands}${p.loadsReact ? ' (React)' : ''}` : '-',
  ]);
  const header = ['route', 'HTML KB', 'HTML gz', 'CSS KB', 'CSS gz', 'JS KB', 'JS gz', 'first paint gz', 'islands'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log('\nPage weight (KB; "first paint gz" = HTML + render-blocking CSS, gzipped; budget 28 KB)\n');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  const heaviest = pages.reduce((a, b) => (a.html.gzip + a.css.gzip > b.html.gzip + b.css.gzip ? a : b));
  console.log(`\n${pages.length} pages; heaviest first paint: ${heaviest.route} at ${kb(heaviest.html.gzip + heaviest.css.gzip)} KB gz`);
}

function printReadability(): void {
  if (!existsSync(distDir)) return;
  const watched = new Set<string>(PLAIN_WORDS_ROUTES);
  const rows = htmlPages()
    .map((page) => ({ route: page.route, ...pageReadability(page.route, distDir, page.file) }))
    .filter((row) => row.words > 0);
  console.log(`\nPlain words: Flesch-Kincaid grade of each page's main copy (target ${PLAIN_WORDS_MAX_GRADE} or below; * = held to it by tests)\n`);
  const width = Math.max(...rows.map((row) => row.route.length)) + 2;
  console.log(`${'route'.padEnd(width)}${'grade'.padStart(6)}${'words'.padStart(8)}${'sentences'.padStart(11)}`);
  for (const row of rows) {
    const mark = watched.has(row.route) ? '*' : ' ';
    console.log(`${`${mark}${row.route}`.padEnd(width)}${row.grade.toFixed(1).padStart(6)}${String(row.words).padStart(8)}${String(row.sentences).padStart(11)}`);
  }
}

async function printApiLoad(): Promise<void> {
  const module = join(import.meta.dirname, '..', 'api', 'bench', 'newsletter-load.ts');
  if (!existsSync(module)) return;
  const { newsletterLoad } = (await import(module)) as typeof import('../api/bench/newsletter-load.ts');
  console.log('\nAPI: POST /api/newsletter-signup under loopback load (each server in its own process)\n');
  const r = await newsletterLoad();
  const rows = [
    ['server', 'requests/s', 'p50 ms', 'p99 ms'],
    ['SIPA API (SQLite)', r.rps.toFixed(0), String(r.p50), String(r.p99)],
    ['bare node:http', r.bareRps.toFixed(0), String(r.bareP50), String(r.bareP99)],
  ];
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(20) : cell.padStart(12))).join(''));
  console.log(`\nratio (API / bare): ${r.ratio.toFixed(3)}`);
}

async function printFuzz(): Promise<void> {
  const module = join(import.meta.dirname, '..', 'api', 'bench', 'fuzz-bench.ts');
  if (!existsSync(module)) return;
  const { fuzzBench, FUZZ_REQUESTS, FUZZ_SEED } = (await import(module)) as typeof import('../api/bench/fuzz-bench.ts');
  console.log(`\nAPI fuzz: ${FUZZ_REQUESTS} seeded hostile requests per database (seed ${FUZZ_SEED})\n`);
  const results = await fuzzBench();
  for (const [database, result] of Object.entries(results)) {
    if (typeof result === 'string') {
      console.log(`${database.padEnd(10)} ${result}`);
      continue;
    }
    const statuses = Object.entries(result.byStatus)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    console.log(`${database.padEnd(10)} 5xx: ${result.serverErrors}, rows from refused requests: ${result.rowsFromRefused}, accepted: ${result.accepted}, alive: ${result.alive ? 'yes' : 'NO'}`);
    console.log(`${''.padEnd(10)} answers: ${statuses}`);
  }
}

async function printBroadcast(): Promise<void> {
  const module = join(import.meta.dirname, '..', 'api', 'bench', 'newsletter-broadcast.ts');
  const { newsletterBroadcastBench, printBroadcastBench } = (await import(module)) as typeof import('../api/bench/newsletter-broadcast.ts');
  printBroadcastBench(await newsletterBroadcastBench());
}

async function printInbox(): Promise<void> {
  const { inboxBench, printInboxBench } = await import('../api/bench/inbox-bench.ts');
  printInboxBench(await inboxBench());
}

printPageWeights();
printReadability();
await printApiLoad();
await printFuzz();
await printBroadcast();
await printInbox();
