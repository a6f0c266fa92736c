/**
 * Requests per second and p50/p99 of the API's writes beside a bare Hono route and bare
 * node:http, interleaved and repeated: each round runs every server in turn (a fresh process
 * each, one second of warm-up, then BENCH_SECONDS of load from BENCH_CONNECTIONS connections),
 * and the report gives the median of the rounds. A ratio is taken within a round (the API's
 * requests per second over bare node:http's of the same round), so a busy machine moves both
 * sides of it. Every sign-up is a new address: a subscriber row, two outbox rows and a cooldown,
 * committed and fsynced before the answer.
 */
import { benchPort, startServer, type ServerKind } from './load-servers.ts';
import { contactBody, postLoad, signupBody, type LoadResult } from './http-load.ts';
import { benchPostgres } from './postgres.ts';

export interface ThroughputTarget {
  name: string;
  kind: ServerKind;
  path: string;
  body: (n: number) => string;
  database?: 'sqlite' | 'postgres';
}

export interface ThroughputRow {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Median over the rounds of (this server's requests/s ÷ bare node:http's in the same round). */
  ratioToBare: number;
  /** Each round's requests per second, in order. */
  rounds: number[];
  failures: number;
}

export interface ThroughputResult {
  rows: ThroughputRow[];
  rounds: number;
  seconds: number;
  connections: number;
  postgresSkipped?: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function apiThroughput(options: { rounds?: number; seconds?: number; connections?: number } = {}): Promise<ThroughputResult> {
  const rounds = Math.max(3, options.rounds ?? Number(process.env.BENCH_ROUNDS ?? 3));
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 5);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 50);
  const postgres = await benchPostgres('sipa_bench_load');
  const targets: ThroughputTarget[] = [
    { name: 'SIPA newsletter sign-up (SQLite)', kind: 'sipa', path: '/api/newsletter-signup', body: signupBody, database: 'sqlite' },
    { name: 'SIPA contact form (SQLite)', kind: 'sipa', path: '/api/contact', body: contactBody, database: 'sqlite' },
    ...('url' in postgres
      ? [
          { name: 'SIPA newsletter sign-up (PostgreSQL)', kind: 'sipa', path: '/api/newsletter-signup', body: signupBody, database: 'postgres' } as const,
          { name: 'SIPA contact form (PostgreSQL)', kind: 'sipa', path: '/api/contact', body: contactBody, database: 'postgres' } as const,
        ]
      : []),
    { name: 'bare Hono route', kind: 'hono', path: '/', body: signupBody },
    { name: 'bare node:http', kind: 'bare', path: '/', body: signupBody },
  ];
  const results = targets.map(() => [] as LoadResult[]);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [index, target] of targets.entries()) {
        const server = await startServer(target.kind, { port: benchPort(1 + index), databaseUrl: target.database === 'postgres' && 'url' in postgres ? postgres.url : undefined });
        try {
          const url = `http://127.0.0.1:${server.port}${target.path}`;
          await postLoad({ url, body: target.body, connections, seconds: 1 });
          results[index]!.push(await postLoad({ url, body: target.body, connections, seconds }));
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    if ('url' in postgres) await postgres.done();
  }
  const bare = results[targets.length - 1]!;
  const rows = targets.map((target, index) => {
    const runs = results[index]!;
    return {
      name: target.name,
      requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
      p50Ms: median(runs.map((r) => r.p50Ms)),
      p99Ms: median(runs.map((r) => r.p99Ms)),
      ratioToBare: Number(median(runs.map((r, round) => r.requestsPerSecond / bare[round]!.requestsPerSecond)).toFixed(3)),
      rounds: runs.map((r) => r.requestsPerSecond),
      failures: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    };
  });
  return { rows, rounds, seconds, connections, ...('skipped' in postgres ? { postgresSkipped: postgres.skipped } : {}) };
}

export function throughputMarkdown(result: ThroughputResult): string {
  const lines = [
    `${result.rounds} rounds; in each, every server runs in its own fresh process in turn: 1 s warm-up, then ${result.seconds} s of POSTs from ${result.connections} loopback connections. Medians of the rounds; the ratio is taken within each round.`,
    '',
    '| server | requests/s | p50 ms | p99 ms | ÷ bare node:http | each round (req/s) | errors + non-2xx |',
    '|---|--:|--:|--:|--:|---|--:|',
    ...result.rows.map((row) => `| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.ratioToBare.toFixed(3)} | ${row.rounds.join(', ')} | ${row.failures} |`),
  ];
  // No throughput target: the site takes hundreds of posts on its busiest day, and what a visitor
  // waits for is one request's time (bench/write-path.ts, docs/performance.md#the-write-path).
  if (result.postgresSkipped) lines.push('', `PostgreSQL: skipped (${result.postgresSkipped}).`);
  return lines.join('\n');
}

if (import.meta.main) console.log(throughputMarkdown(await apiThroughput()));
