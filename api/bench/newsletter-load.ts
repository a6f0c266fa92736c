/**
 * Newsletter-signup load: requests per second and p50/p99 latency of POST /api/newsletter-signup
 * (a new address each request: validation, one subscriber row and two outbox rows in a
 * transaction on a temp SQLite file) beside a bare node:http server that answers the same JSON,
 * measured in the same run on loopback; each server runs in its own process. `npm run bench` calls newsletterLoad(); run this file
 * directly to print a table. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune it.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { closeServices, createApp, createServices } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

export interface NewsletterLoadResult {
  rps: number;
  p50: number;
  p99: number;
  bareRps: number;
  bareP50: number;
  bareP99: number;
  /** API requests per second as a share of the bare server's (1 = as fast as doing nothing). */
  ratio: number;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string, seconds: number, connections: number): Promise<Measured> {
  let counter = 0;
  const run = (autocannon as unknown as (options: Record<string, unknown>) => Promise<Record<string, any>>)({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest(request: Record<string, unknown>) {
          counter += 1;
          return { ...request, body: JSON.stringify({ email: `load-${process.pid}-${counter}@example.org` }) };
        },
      },
    ],
  });
  const result = await run;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The server side runs in its own process, as in production, so the load generator never
 *  shares (or waits on) the server's event loop. */
async function startServer(kind: 'api' | 'bare', dataDir: string): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = process.env.BENCH_CPU_PROF && kind === 'api' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, import.meta.filename, '--serve', kind, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /listening (\d+)/.exec(buffer);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench ${kind} server exited with ${code}`)));
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The child: the API on a temp SQLite file (no rate limit, mail kept in the outbox) or bare node:http. */
async function serveForBench(kind: string, dataDir: string) {
  let server: Server;
  if (kind === 'api') {
    const services = await createServices(loadConfig({}, { dataDir, databaseUrl: undefined, smtpUrl: undefined, rateLimitMax: 0 }));
    const app = createApp(services);
    console.log = () => {};
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    process.once('SIGTERM', () => server.close(() => void closeServices(services).finally(() => process.exit(0))));
  } else {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'ok', length: Buffer.concat(chunks).length }));
      });
    });
    server.listen(0, '127.0.0.1');
    process.once('SIGTERM', () => server.close(() => process.exit(0)));
  }
  server.once('listening', () => process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`));
}

export async function newsletterLoad(options: { seconds?: number; connections?: number } = {}): Promise<NewsletterLoadResult> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 5);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 10);
  const dir = mkdtempSync(join(tmpdir(), 'sipa-bench-'));
  let api: Measured;
  let bare: Measured;
  try {
    const apiServer = await startServer('api', dir);
    try {
      api = await measure(`http://127.0.0.1:${apiServer.port}/api/newsletter-signup`, seconds, connections);
    } finally {
      await apiServer.stop();
    }
    const bareServer = await startServer('bare', dir);
    try {
      bare = await measure(`http://127.0.0.1:${bareServer.port}/`, seconds, connections);
    } finally {
      await bareServer.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (api.errors || api.non2xx) console.warn(`newsletter load: ${api.errors} errors, ${api.non2xx} non-2xx answers`);
  return {
    rps: Math.round(api.rps),
    p50: api.p50,
    p99: api.p99,
    bareRps: Math.round(bare.rps),
    bareP50: bare.p50,
    bareP99: bare.p99,
    ratio: Number((api.rps / bare.rps).toFixed(3)),
  };
}

if (import.meta.filename === process.argv[1] && process.argv[2] === '--serve') {
  await serveForBench(process.argv[3], process.argv[4]);
} else if (import.meta.filename === process.argv[1]) {
  const result = await newsletterLoad();
  console.log('POST /api/newsletter-signup under loopback load (same run, same machine)');
  console.table({
    'newsletter-signup (SQLite)': { 'req/s': result.rps, 'p50 ms': result.p50, 'p99 ms': result.p99 },
    'bare node:http': { 'req/s': result.bareRps, 'p50 ms': result.bareP50, 'p99 ms': result.bareP99 },
  });
  console.log(`ratio (API / bare): ${result.ratio}`);
}
