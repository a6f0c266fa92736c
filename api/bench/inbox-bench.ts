/**
 * `npm run bench` (and `npm run bench:inbox -w api`): the staff inbox at 100,000 rows on SQLite and
 * PostgreSQL. Times through the real app (app.request with an admin session): the first page, a
 * deep page (99,000 rows in, by cursor), a search, a filtered page, the subscriber list, and a
 * full CSV export. PostgreSQL comes from TEST_DATABASE_URL or a throwaway local cluster (as the
 * API tests do) on PG_TEST_PORT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { closeServices, createApp, createServices } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { encodeCursor } from '../src/inbox/paging.ts';
import { seedInbox, seededId, seededTime } from './inbox-seed.ts';
import { benchPostgres } from './postgres.ts';

export const ROWS = 100_000;
export const RUNS = 15;
const ADMIN = { username: 'bench.admin', email: 'bench@example.org', password: 'Bench#Inbox2026' };

export interface InboxTiming {
  name: string;
  medianMs: number;
  p95Ms: number;
}

async function timed(run: () => Promise<void>, runs = RUNS): Promise<{ medianMs: number; p95Ms: number }> {
  await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
  return { medianMs: at(0.5), p95Ms: at(0.95) };
}

async function benchBackend(databaseUrl: string | undefined): Promise<{ seedMs: number; timings: InboxTiming[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'sipa-bench-inbox-'));
  const services = await createServices(loadConfig({}, { dataDir: dir, databaseUrl, rateLimitMax: 0, outboxIntervalMs: 0 }));
  try {
    const app = createApp(services);
    await services.staff.accounts.create({ ...ADMIN, admin: true });
    const signIn = await app.request('/api/auth/sign-in/username', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const seedStart = performance.now();
    await seedInbox(services.db.kysely, ROWS, ['contact', 'subscribers']);
    const seedMs = performance.now() - seedStart;
    // What autovacuum does soon after a bulk load on a real server; SQLite's planner needs no statistics.
    if (databaseUrl) await sql`analyze`.execute(services.db.kysely);
    const get = async (path: string) => {
      const response = await app.request(path, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      await response.arrayBuffer();
    };
    const deep = encodeCursor({ created_at: seededTime(1_000), id: seededId('c0', 1_000) });
    const cases: Array<[string, string]> = [
      ['contact: first page', '/api/inbox/contact'],
      ['contact: deep page (99,000 rows in)', `/api/inbox/contact?cursor=${deep}`],
      ['contact: search "visitor 4242" (rare)', '/api/inbox/contact?q=visitor%204242'],
      ['contact: search "garden" (common)', '/api/inbox/contact?q=garden'],
      ['contact: status=handled + date range', '/api/inbox/contact?status=handled&from=2025-02-01&to=2025-02-28'],
      ['subscribers: first page, confirmed', '/api/subscribers?status=confirmed'],
      ['subscribers: search "reader777"', '/api/subscribers?q=reader777'],
      ['new-item count (navigation)', '/api/inbox/counts'],
    ];
    const timings: InboxTiming[] = [];
    for (const [name, path] of cases) timings.push({ name, ...(await timed(() => get(path))) });
    timings.push({ name: 'contact: CSV export, all 100,000 rows', ...(await timed(() => get('/api/inbox/contact/export.csv'), 3)) });
    return { seedMs, timings };
  } finally {
    await closeServices(services);
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function inboxBench(): Promise<Record<'sqlite' | 'postgres', { seedMs: number; timings: InboxTiming[] } | { skip: string }>> {
  const sqlite = await benchBackend(undefined);
  const server = await benchPostgres('sipa_bench_inbox');
  if ('skipped' in server) return { sqlite, postgres: { skip: server.skipped } };
  try {
    return { sqlite, postgres: await benchBackend(server.url) };
  } finally {
    await server.done();
  }
}

export function printInboxBench(result: Awaited<ReturnType<typeof inboxBench>>): void {
  console.log(`\nStaff inbox at ${ROWS.toLocaleString('en-US')} rows per table (ms through app.request, median and p95 of ${RUNS}; target: pages under 100 ms)\n`);
  for (const backend of ['sqlite', 'postgres'] as const) {
    const r = result[backend];
    if ('skip' in r) {
      console.log(`${backend}: skipped (${r.skip})`);
      continue;
    }
    console.log(`${backend} (seeded ${ROWS.toLocaleString('en-US')} messages + ${ROWS.toLocaleString('en-US')} subscribers in ${(r.seedMs / 1000).toFixed(1)} s)`);
    for (const t of r.timings) console.log(`  ${t.name.padEnd(44)}${String(t.medianMs).padStart(10)}${String(t.p95Ms).padStart(10)}`);
  }
}

if (import.meta.main) printInboxBench(await inboxBench());
