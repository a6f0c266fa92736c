/**
 * Newsletter-signup load: requests per second and p50/p99 latency of POST /api/newsletter-signup
 * (a new address each request: validation, one subscriber row and two outbox rows in a
 * transaction on a temp SQLite file) beside a bare node:http server that answers the same JSON,
 * measured in the same run on loopback. `npm run bench` calls newsletterLoad(); run this file
 * directly to print a table. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune it.
 */
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

const listening = (server: Server) =>
  new Promise<number>((resolve) => server.once('listening', () => resolve((server.address() as AddressInfo).port)));

export async function newsletterLoad(options: { seconds?: number; connections?: number } = {}): Promise<NewsletterLoadResult> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 5);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 10);
  const dir = mkdtempSync(join(tmpdir(), 'sipa-bench-'));
  // No rate limit for the load; mail stays in the outbox (no SMTP) and its log lines are muted.
  const services = await createServices(loadConfig({}, { dataDir: dir, databaseUrl: undefined, smtpUrl: undefined, rateLimitMax: 0 }));
  const app = createApp(services);
  const log = console.log;
  console.log = () => {};
  let api: Measured;
  let bare: Measured;
  try {
    const apiServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    const apiPort = await listening(apiServer);
    api = await measure(`http://127.0.0.1:${apiPort}/api/newsletter-signup`, seconds, connections);
    await new Promise((resolve) => apiServer.close(resolve));

    const bareServer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'ok', length: Buffer.concat(chunks).length }));
      });
    });
    bareServer.listen(0, '127.0.0.1');
    const barePort = await listening(bareServer);
    bare = await measure(`http://127.0.0.1:${barePort}/`, seconds, connections);
    await new Promise((resolve) => bareServer.close(resolve));
  } finally {
    console.log = log;
    await closeServices(services);
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

if (import.meta.filename === process.argv[1]) {
  const result = await newsletterLoad();
  console.log('POST /api/newsletter-signup under loopback load (same run, same machine)');
  console.table({
    'newsletter-signup (SQLite)': { 'req/s': result.rps, 'p50 ms': result.p50, 'p99 ms': result.p99 },
    'bare node:http': { 'req/s': result.bareRps, 'p50 ms': result.bareP50, 'p99 ms': result.bareP99 },
  });
  console.log(`ratio (API / bare): ${result.ratio}`);
}
