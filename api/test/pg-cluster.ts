/**
 * A PostgreSQL 15 cluster of a test's own, for the tests that stop and start the server under a
 * running API (a restart, as an operator or a failover does it) without touching the cluster the
 * other test files share (global-setup.ts). Started as global-setup.ts starts its own: from
 * PG_BIN_DIR, on loopback, as an unprivileged user when running as root. A missing PostgreSQL
 * throws, saying what to install: the test fails rather than skips.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** The `postgres` database, as the superuser. */
  url: string;
  /** Stops the server the way a restart does (`pg_ctl stop -m fast`: every session ends with 57P01). */
  stop(): void;
  start(): void;
  destroy(): void;
}

/** The user to run PostgreSQL as: nobody else when not root; `postgres` or `nobody` when root (it refuses root). */
export function postgresUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      return { name, uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8' })) };
    } catch {
      // not on this machine
    }
  }
  throw new Error('running as root and no unprivileged user (postgres, nobody) to run PostgreSQL');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPgCluster(): Promise<PgCluster> {
  if (!existsSync(join(BIN, 'initdb'))) throw new Error(`no PostgreSQL 15 at ${BIN}: install postgresql-15 (Debian) or set PG_BIN_DIR`);
  const dir = mkdtempSync(join(tmpdir(), 'sipa-pg-own-'));
  const data = join(dir, 'data');
  const user = postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const run = (command: string, args: string[]) => {
    const argv = user ? ['runuser', '-u', user.name, '--', join(BIN, command), ...args] : [join(BIN, command), ...args];
    const result = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', cwd: dir, timeout: 120_000 });
    if (result.status !== 0) throw new Error(`${command} failed: ${(result.stderr || result.stdout || String(result.error)).trim()}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']),
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']),
    destroy() {
      spawnSync(user ? 'runuser' : join(BIN, 'pg_ctl'), [...(user ? ['-u', user.name, '--', join(BIN, 'pg_ctl')] : []), '-D', data, '-m', 'immediate', '-w', 'stop'], { timeout: 60_000 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

/** One query on a connection of its own (which a restart cannot leave broken in a pool). */
export async function queryOnce<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}
