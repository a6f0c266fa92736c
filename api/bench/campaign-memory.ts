/**
 * Does memory come back after a newsletter campaign? The production server (its own process,
 * SQLite, rate limit off) is started with the memory probe (memory-probe.ts); its memory is read
 * after start (GC settled), then BENCH_CAMPAIGNS (3) campaigns to BENCH_RECIPIENTS (10,000)
 * confirmed subscribers are sent one after another to a loopback SMTP sink, and the memory is
 * read again (GC settled) after each has finished. The target: RSS within 50 MB of where it
 * started.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeServices, createServices } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedSubscribers } from '../test/broadcast-helpers.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { benchPort, type ServerMemory } from './load-servers.ts';

const ADMIN = { username: 'bench_admin', password: 'Harambee#2026-bench', email: 'bench@example.org' };

export interface CampaignMemoryResult {
  recipients: number;
  concurrency: string;
  started: ServerMemory;
  /** After each campaign had finished, GC settled. */
  after: Array<ServerMemory & { seconds: number }>;
  peakMb: number;
  /** The machine's 1-minute load average when the first campaign started and when the last ended. */
  load: [number, number];
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function campaignMemory(options: { recipients?: number; campaigns?: number } = {}): Promise<CampaignMemoryResult> {
  const recipients = options.recipients ?? Number(process.env.BENCH_RECIPIENTS ?? 10_000);
  const campaigns = options.campaigns ?? Number(process.env.BENCH_CAMPAIGNS ?? 3);
  const concurrency = process.env.NEWSLETTER_CONCURRENCY ?? '20';
  const port = benchPort(2);
  const dataDir = mkdtempSync(join(tmpdir(), 'sipa-bench-'));
  const sink = await startSmtpSink({ keepRaw: false, port: benchPort(3) });
  const seeding = await createServices(loadConfig({}, { dataDir }));
  await seedSubscribers(seeding, recipients, 'confirmed');
  await closeServices(seeding);

  const server = fork(join(import.meta.dirname, '..', 'src', 'server.ts'), [], {
    execArgv: ['--expose-gc', '--import', join(import.meta.dirname, 'memory-probe.ts')],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: dataDir,
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      NEWSLETTER_RATE_PER_SECOND: '0',
      NEWSLETTER_CONCURRENCY: concurrency,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const memory = async () => {
    const answer = once(server, 'message');
    server.send('memory');
    return (await answer)[0] as ServerMemory;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true, 60_000, 'the server');
    const signIn = await fetch(`${base}/api/auth/sign-in/username`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    if (!signIn.ok) throw new Error(`bench: sign-in answered ${signIn.status}`);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const started = await memory();
    const loadAtStart = loadavg()[0]!;
    const after: CampaignMemoryResult['after'] = [];
    for (let n = 1; n <= campaigns; n++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/send-newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify({ subject: `Bench edition ${n}`, body_html: '<h1>News</h1><p>' + 'Our spring workshops are open. '.repeat(20) + '</p>', body_text: 'News\n\n' + 'Our spring workshops are open. '.repeat(20) }),
      });
      const answer = (await response.json()) as { total_subscribers: number; campaign_id?: string };
      if (answer.total_subscribers !== recipients) throw new Error(`bench: queued ${answer.total_subscribers}, expected ${recipients}`);
      await waitFor(() => sink.messages.length >= recipients * n, 30 * 60_000, `campaign ${n}'s last message`);
      // Finished: the runner has marked the last batch sent and let the campaign go.
      await waitFor(async () => {
        const list = await fetch(`${base}/api/newsletter-campaigns`, { headers: { cookie } }).then((r) => (r.ok ? r.json() : null)).catch(() => null);
        const rows = (list as { campaigns?: Array<{ status: string }> } | null)?.campaigns ?? [];
        return rows.length >= n && rows.every((row) => row.status === 'finished');
      }, 60_000, `campaign ${n} to finish`);
      const seconds = Math.round((performance.now() - t0) / 100) / 10;
      after.push({ ...(await memory()), seconds });
    }
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const peakMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    return { recipients, concurrency, started, after, peakMb, load: [loadAtStart, loadavg()[0]!] };
  } finally {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function campaignMemoryMarkdown(result: CampaignMemoryResult): string {
  const row = (label: string, m: ServerMemory) => `| ${label} | ${m.rssMb} | ${m.heapAfterGcMb} | ${m.externalMb} |`;
  const last = result.after.at(-1);
  const lines = [
    `The server on SQLite, its own process, rate limit off, ${result.concurrency} SMTP connections to a loopback sink; memory read once garbage collection has settled; load average ${result.load[0].toFixed(1)} when the first campaign started, ${result.load[1].toFixed(1)} when the last ended (${cpus().length} cores).`,
    '',
    '| when | RSS MB | V8 heap after GC MB | buffers MB |',
    '|---|--:|--:|--:|',
    row('started, signed in', result.started),
    ...result.after.map((m, index) => row(`after campaign ${index + 1} (${result.recipients.toLocaleString('en-US')} recipients, ${m.seconds} s)`, m)),
    `| peak (VmHWM) | ${result.peakMb} | | |`,
  ];
  if (last) {
    const growth = last.rssMb - result.started.rssMb;
    lines.push('', `RSS after ${result.after.length} campaign(s): ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB against the start (target: within 50 MB).`);
  }
  return lines.join('\n');
}

if (import.meta.main) console.log(campaignMemoryMarkdown(await campaignMemory()));
