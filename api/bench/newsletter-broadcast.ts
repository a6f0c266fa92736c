/**
 * A newsletter to 10,000 confirmed subscribers, end to end: the real server (its own process,
 * rate limit off) queues the campaign through POST /api/send-newsletter and its worker delivers
 * it to a loopback SMTP sink running in this process. Reports the time to queue (the request's
 * answer time), messages per second to the sink, and the server's peak memory (VmHWM), on SQLite
 * and, where a PostgreSQL server is available (TEST_DATABASE_URL, or a throwaway Debian cluster
 * as the API tests start one), on PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeServices, createServices } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedSubscribers } from '../test/broadcast-helpers.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { benchPostgres } from './postgres.ts';

export const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 4951);
export const CONCURRENCY = process.env.NEWSLETTER_CONCURRENCY ?? '20';
const ADMIN = { username: 'bench_admin', password: 'Harambee#2026-bench', email: 'bench@example.org' };

export interface BroadcastBenchResult {
  backend: 'sqlite' | 'postgres';
  recipients: number;
  queueMs: number;
  messagesPerSecond: number;
  serverPeakMb: number;
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function runOne(backend: 'sqlite' | 'postgres', databaseUrl?: string): Promise<BroadcastBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sipa-bench-'));
  const sink = await startSmtpSink({ keepRaw: false, port: PORT + 20 });
  // Seed the subscribers through the project's own database layer, then hand the database to the server.
  const seeding = await createServices(loadConfig({}, { dataDir, databaseUrl }));
  await seedSubscribers(seeding, RECIPIENTS, 'confirmed');
  await closeServices(seeding);

  const server = spawn(process.execPath, [join(import.meta.dirname, '..', 'src', 'server.ts')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DIST_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
      SMTP_URL: sink.url,
      NEWSLETTER_RATE_PER_SECOND: '0',
      NEWSLETTER_CONCURRENCY: CONCURRENCY,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true, 60_000, 'the server');
    const signIn = await fetch(`${base}/api/auth/sign-in/username`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    if (!signIn.ok) throw new Error(`bench: sign-in answered ${signIn.status}`);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const started = performance.now();
    const response = await fetch(`${base}/api/send-newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ subject: 'Bench edition', body_html: '<h1>News</h1><p>' + 'Our spring workshops are open. '.repeat(20) + '</p>', body_text: 'News\n\n' + 'Our spring workshops are open. '.repeat(20) }),
    });
    const queuedAt = performance.now();
    const answer = (await response.json()) as { total_subscribers: number };
    if (answer.total_subscribers !== RECIPIENTS) throw new Error(`bench: queued ${answer.total_subscribers}, expected ${RECIPIENTS}`);
    await waitFor(() => sink.messages.length >= RECIPIENTS, 30 * 60_000, 'the last message');
    const doneAt = performance.now();
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return {
      backend,
      recipients: RECIPIENTS,
      queueMs: Math.round(queuedAt - started),
      messagesPerSecond: Math.round(RECIPIENTS / ((doneAt - queuedAt) / 1000)),
      serverPeakMb: Math.round(peakKb / 1024),
    };
  } finally {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function newsletterBroadcastBench(): Promise<{ results: BroadcastBenchResult[]; skipped?: string }> {
  const results = [await runOne('sqlite')];
  const database = await benchPostgres('sipa_bench');
  if ('skipped' in database) return { results, skipped: database.skipped };
  try {
    results.push(await runOne('postgres', database.url));
  } finally {
    await database.done();
  }
  return { results };
}

export function printBroadcastBench(outcome: { results: BroadcastBenchResult[]; skipped?: string }) {
  console.log(`\nNewsletter broadcast: ${RECIPIENTS} recipients, rate limit off, ${CONCURRENCY} SMTP connections, loopback sink\n`);
  const rows = [['database', 'queue ms', 'messages/s', 'server peak MB'], ...outcome.results.map((r) => [r.backend, String(r.queueMs), String(r.messagesPerSecond), String(r.serverPeakMb)])];
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(12) : cell.padStart(16))).join(''));
  if (outcome.skipped) console.log(`postgres: skipped (${outcome.skipped})`);
}

if (import.meta.filename === process.argv[1]) printBroadcastBench(await newsletterBroadcastBench());
