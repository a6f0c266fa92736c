/**
 * Global setup of the vitest `api` project: gives the tests a PostgreSQL server.
 *  - TEST_DATABASE_URL set: that server is used as it is.
 *  - Otherwise a throwaway Debian PostgreSQL 15 cluster is created in a temp directory and
 *    started on 127.0.0.1:4363 (PG_TEST_PORT), as an unprivileged user when running as root
 *    (PostgreSQL refuses to run as root), and removed afterwards.
 *  - Where neither works, each PostgreSQL suite fails with the reason (describePostgres in
 *    helpers.ts): a test never skips itself.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    pgSkipReason: string;
  }
}

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const PORT = Number(process.env.PG_TEST_PORT ?? 4363);

function userIds(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgUrl', process.env.TEST_DATABASE_URL);
    project.provide('pgSkipReason', '');
    return;
  }
  const skip = (reason: string) => {
    console.log(`\n[api tests] no PostgreSQL: every PostgreSQL suite fails: ${reason}\n`);
    project.provide('pgUrl', '');
    project.provide('pgSkipReason', reason);
  };
  if (!existsSync(join(BIN, 'initdb'))) return skip(`no PostgreSQL 15 at ${BIN} and TEST_DATABASE_URL is not set`);

  const dir = mkdtempSync(join(tmpdir(), 'sipa-pg-'));
  const data = join(dir, 'data');
  const isRoot = process.getuid?.() === 0;
  let runAs: string[] = [];
  if (isRoot) {
    const user = ['postgres', 'nobody'].find((name) => userIds(name));
    const ids = user ? userIds(user) : null;
    if (!user || !ids) return skip('running as root and no unprivileged user (postgres, nobody) to run the server');
    chownSync(dir, ids.uid, ids.gid);
    runAs = ['runuser', '-u', user, '--'];
  }
  const run = (command: string, args: string[]) => {
    const [exe, ...rest] = runAs.length ? [...runAs, command, ...args] : [command, ...args];
    return spawnSync(exe, rest, { encoding: 'utf8', cwd: dir, timeout: 60_000 });
  };

  const init = run(join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return skip(`initdb failed: ${(init.stderr || init.stdout || String(init.error)).trim().split('\n').slice(-2).join(' ')}`);
  }
  const options = `-p ${PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = run(join(BIN, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  if (start.status !== 0) {
    const log = existsSync(join(dir, 'server.log')) ? spawnSync('tail', ['-n', '3', join(dir, 'server.log')], { encoding: 'utf8' }).stdout : '';
    rmSync(dir, { recursive: true, force: true });
    return skip(`the server did not start on 127.0.0.1:${PORT}: ${(start.stderr || log).trim().replace(/\s+/g, ' ')}`);
  }
  project.provide('pgUrl', `postgres://postgres@127.0.0.1:${PORT}/postgres`);
  project.provide('pgSkipReason', '');

  return () => {
    run(join(BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
}
