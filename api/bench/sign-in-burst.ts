/**
 * What a burst of concurrent staff sign-ins does to the rest of the site: BURST_SIZE wrong
 * passwords (each from its own address, through TRUST_PROXY=1, at its own unknown username, so
 * no brute-force limit stops them before the hash) sent at once over real sockets, and a contact
 * post sent while they are in flight. Prints the contact post's time (and a baseline without the
 * burst) and how the burst was answered. Run it with UV_THREADPOOL_SIZE=16 as well to see whether
 * the threads libuv shares between scrypt and file syncs are what the contact post waits for.
 *
 *   node bench/sign-in-burst.ts            (BURST_SIZE=300, SQLite; DATABASE_URL=postgres://… for PostgreSQL)
 */
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeServices, createServices } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createServerApp, listen } from '../src/server.ts';
import { contactBody } from './http-load.ts';

const BURST = Number(process.env.BURST_SIZE ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 4414);

function get(path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: PORT, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    }).on('error', reject);
  });
}

function post(path: string, body: string, address: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: PORT, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const signIn = (n: number) => post('/api/auth/sign-in/username', JSON.stringify({ username: `nobody${n}`, password: `Wrong#${n}abc` }), `198.18.${n >> 8}.${n & 255}`);

const dist = mkdtempSync(join(tmpdir(), 'sipa-bench-dist-'));
mkdirSync(dist, { recursive: true });
writeFileSync(join(dist, 'index.html'), '<h1>Home</h1>');
const dataDir = mkdtempSync(join(tmpdir(), 'sipa-bench-data-'));
const config = loadConfig(process.env, { dataDir, trustProxy: 1, rateLimitMax: 100_000 });
const services = await createServices(config);
const { app } = createServerApp({ distDir: dist, https: false, services });
const server = await listen(app, { port: PORT, hostname: '127.0.0.1', maxConnections: BURST + 50 });
try {
  await post('/api/contact', contactBody(0), '192.0.2.1');
  const baseline = await post('/api/contact', contactBody(1), '192.0.2.1');
  const started = performance.now();
  const burst = Promise.all(Array.from({ length: BURST }, (_, n) => signIn(n)));
  const [contact, health] = await Promise.all([post('/api/contact', contactBody(2), '192.0.2.1'), get('/api/health')]);
  const answers = await burst;
  const statuses: Record<number, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  const slowest = Math.max(...answers.map((a) => a.ms));
  console.log(
    JSON.stringify({
      database: config.databaseUrl ? 'postgres' : 'sqlite',
      threadPool: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
      burst: BURST,
      baselineContactMs: Math.round(baseline.ms),
      contactDuringBurstMs: Math.round(contact.ms),
      contactStatus: contact.status,
      healthDuringBurstMs: Math.round(health.ms),
      burstSeconds: Math.round((performance.now() - started) / 100) / 10,
      slowestSignInMs: Math.round(slowest),
      signInStatuses: statuses,
    }),
  );
} finally {
  await new Promise((resolve) => server.close(resolve));
  await closeServices(services);
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
