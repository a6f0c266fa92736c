/**
 * The servers the load benches measure, each in its own process (as in production, and so the
 * load generator never shares the server's event loop), on a port from BENCH_PORT up:
 *   - `sipa`: the production server (createServerApp + listen: security headers, origin check,
 *     the whole API) on a fresh SQLite file, or on PostgreSQL when given a database URL; rate
 *     limit off, mail kept in the outbox;
 *   - `hono`: a bare Hono route on @hono/node-server that reads the body and answers JSON;
 *   - `bare`: the same with nothing but node:http.
 * The parent asks a server for its memory over IPC: RSS, and the V8 heap after a full
 * garbage collection (the child runs with --expose-gc), which tells a leak from garbage not yet
 * collected.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export type ServerKind = 'sipa' | 'hono' | 'bare';

export interface ServerMemory {
  /** Resident set size of the process, MB. */
  rssMb: number;
  /** V8 heap in use after a full collection, MB. */
  heapAfterGcMb: number;
  /** Memory outside the V8 heap that V8 knows of (buffers), MB, after the same collection. */
  externalMb: number;
}

export interface BenchServer {
  kind: ServerKind;
  port: number;
  pid: number;
  memory(): Promise<ServerMemory>;
  /** RSS read from /proc without disturbing the server (no collection), MB. */
  rssNowMb(): number;
  stop(): Promise<void>;
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** BENCH_PORT (default 4951) is the broadcast bench's; the load servers take the next ones. */
export function benchPort(offset: number): number {
  return Number(process.env.BENCH_PORT ?? 4951) + offset;
}

/**
 * `checkout`: another copy of the repository (its own api/bench/load-servers.ts is run, so its
 * own API code serves), to set two versions of the server side by side in one bench run.
 */
export async function startServer(kind: ServerKind, options: { port: number; databaseUrl?: string; cpuProfileDir?: string; checkout?: string }): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sipa-bench-'));
  // BENCH_CPU_PROFILE_DIR: each SIPA server writes a .cpuprofile there when it stops (node --cpu-prof).
  const profileDir = options.cpuProfileDir ?? (kind === 'sipa' ? process.env.BENCH_CPU_PROFILE_DIR : undefined);
  const execArgv = ['--expose-gc', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
  const script = options.checkout ? join(options.checkout, 'api', 'bench', 'load-servers.ts') : import.meta.filename;
  const child = fork(script, ['--serve', kind, String(options.port), dataDir, options.databaseUrl ?? ''], { execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench ${kind} server exited with ${code} before listening`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      if ((message as { listening?: boolean }).listening) resolve();
      else reject(new Error(`bench ${kind} server: ${JSON.stringify(message)}`));
    });
  });
  return {
    kind,
    port: options.port,
    pid: child.pid!,
    memory: () => ask<ServerMemory>(child, 'memory'),
    rssNowMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
    },
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function ask<T>(child: ChildProcess, question: string): Promise<T> {
  return new Promise<T>((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(question);
  });
}

/** The child side: one server until SIGTERM. */
async function serveForBench(kind: ServerKind, port: number, dataDir: string, databaseUrl: string) {
  let server: Server;
  let close = async () => {};
  if (kind === 'sipa') {
    const { closeServices, createServices } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const { createServerApp, listen } = await import('../src/server.ts');
    const services = await createServices(loadConfig({}, { dataDir, databaseUrl: databaseUrl || undefined, smtpUrl: undefined, rateLimitMax: 0, outboxIntervalMs: 0 }));
    // One line per queued message would flood the bench's terminal; the cost of making it stays.
    console.log = () => {};
    const distDir = join(dataDir, 'dist');
    mkdirSync(distDir);
    const { app } = createServerApp({ distDir, https: false, services });
    server = (await listen(app, { port, hostname: '127.0.0.1', maxConnections: 10_000 })) as Server;
    close = () => closeServices(services);
  } else if (kind === 'hono') {
    const app = new Hono().post('/', async (c) => c.json({ message: 'ok', length: (await c.req.arrayBuffer()).byteLength }));
    server = await new Promise<Server>((resolve) => {
      const started = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(started as Server));
    });
  } else {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'ok', length: Buffer.concat(chunks).length }));
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  }
  process.on('message', (question) => {
    if (question !== 'memory') return;
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    process.send!({ rssMb: mb(usage.rss), heapAfterGcMb: mb(usage.heapUsed), externalMb: mb(usage.external + usage.arrayBuffers) } satisfies ServerMemory);
  });
  process.once('SIGTERM', () => {
    server.closeAllConnections?.();
    server.close(() => void close().finally(() => process.exit(0)));
  });
  process.send!({ listening: true });
}

if (import.meta.filename === process.argv[1] && process.argv[2] === '--serve') {
  await serveForBench(process.argv[3] as ServerKind, Number(process.argv[4]), process.argv[5]!, process.argv[6] ?? '');
}
