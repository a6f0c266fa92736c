/**
 * The write path as a visitor and as a burst meet it, for this checkout and for other copies of
 * the repository beside it (BENCH_CHECKOUTS="label=/path/to/checkout,…", e.g. the commit before a
 * mechanism was removed), interleaved in one run: newsletter sign-ups of new addresses on SQLite
 * and on PostgreSQL, first from one connection (one visitor at a time: what a person waits for),
 * then from BENCH_CONNECTIONS (50) at once (a burst far beyond the site's busiest day). Each
 * round starts every server in turn in a fresh process; medians of BENCH_ROUNDS (3) rounds of
 * BENCH_SECONDS (3) each after a second of warm-up.
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { postLoad, signupBody, type LoadResult } from './http-load.ts';
import { benchPort, startServer } from './load-servers.ts';
import { benchPostgres } from './postgres.ts';

export interface Checkout {
  label: string;
  /** A copy of the repository; undefined: this one. */
  dir?: string;
}

export interface WritePathRow {
  checkout: string;
  database: 'sqlite' | 'postgres';
  /** One connection: median time of a sign-up, ms. */
  aloneP50Ms: number;
  aloneP99Ms: number;
  /** BENCH_CONNECTIONS at once: sign-ups per second and p99, ms. */
  burstPerSecond: number;
  burstP99Ms: number;
  failures: number;
}

export interface WritePathResult {
  rows: WritePathRow[];
  rounds: number;
  seconds: number;
  connections: number;
  postgresSkipped?: string;
  /** The machine's 1-minute load average at the start and at the end. */
  load: [number, number];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** BENCH_CHECKOUTS parsed, after this checkout. */
export function checkoutsFromEnv(value = process.env.BENCH_CHECKOUTS ?? ''): Checkout[] {
  const others = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf('=');
      if (at <= 0) throw new Error(`BENCH_CHECKOUTS: "${entry}" is not label=/path`);
      return { label: entry.slice(0, at), dir: resolve(entry.slice(at + 1)) };
    });
  return [{ label: 'this checkout' }, ...others];
}

export async function writePath(checkouts = checkoutsFromEnv(), options: { rounds?: number; seconds?: number; connections?: number } = {}): Promise<WritePathResult> {
  const rounds = options.rounds ?? Number(process.env.BENCH_ROUNDS ?? 3);
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 3);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 50);
  const loadAtStart = loadavg()[0]!;
  const postgres = await benchPostgres('sipa_bench_write');
  const databases = ['sqlite', ...('url' in postgres ? ['postgres'] : [])] as Array<'sqlite' | 'postgres'>;
  const targets = databases.flatMap((database) => checkouts.map((checkout) => ({ checkout, database })));
  const alone = targets.map(() => [] as LoadResult[]);
  const burst = targets.map(() => [] as LoadResult[]);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [index, { checkout, database }] of targets.entries()) {
        const server = await startServer('sipa', { port: benchPort(1), checkout: checkout.dir, databaseUrl: database === 'postgres' && 'url' in postgres ? postgres.url : undefined });
        try {
          const url = `http://127.0.0.1:${server.port}/api/newsletter-signup`;
          await postLoad({ url, body: signupBody, connections: 1, seconds: 1 });
          alone[index]!.push(await postLoad({ url, body: signupBody, connections: 1, seconds }));
          burst[index]!.push(await postLoad({ url, body: signupBody, connections, seconds }));
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    if ('url' in postgres) await postgres.done();
  }
  const rows = targets.map(({ checkout, database }, index) => ({
    checkout: checkout.label,
    database,
    aloneP50Ms: median(alone[index]!.map((r) => r.p50Ms)),
    aloneP99Ms: median(alone[index]!.map((r) => r.p99Ms)),
    burstPerSecond: Math.round(median(burst[index]!.map((r) => r.requestsPerSecond))),
    burstP99Ms: median(burst[index]!.map((r) => r.p99Ms)),
    failures: [...alone[index]!, ...burst[index]!].reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  }));
  return { rows, rounds, seconds, connections, load: [loadAtStart, loadavg()[0]!], ...('skipped' in postgres ? { postgresSkipped: postgres.skipped } : {}) };
}

export function writePathMarkdown(result: WritePathResult): string {
  const lines = [
    `${result.rounds} rounds; in each, every server in a fresh process in turn: 1 s warm-up, ${result.seconds} s of sign-ups from 1 connection, then ${result.seconds} s from ${result.connections}. Medians of the rounds. Every sign-up is a new address (a subscriber, two outbox rows, a cooldown and the rate-limit count, committed durably before the answer). Load average ${result.load[0].toFixed(1)} at the start, ${result.load[1].toFixed(1)} at the end (${cpus().length} cores).`,
    '',
    '| checkout | database | 1 connection: p50 ms | p99 ms | ' + result.connections + ' connections: sign-ups/s | p99 ms | errors + non-2xx |',
    '|---|---|--:|--:|--:|--:|--:|',
    ...result.rows.map((row) => `| ${row.checkout} | ${row.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${row.aloneP50Ms} | ${row.aloneP99Ms} | ${row.burstPerSecond} | ${row.burstP99Ms} | ${row.failures} |`),
  ];
  if (result.postgresSkipped) lines.push('', `PostgreSQL: skipped (${result.postgresSkipped}).`);
  return lines.join('\n');
}

if (import.meta.main) console.log(writePathMarkdown(await writePath()));
