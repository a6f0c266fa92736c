/**
 * `npm run backup`: a consistent copy of the configured database, taken while the server runs.
 *  - SQLite: SQLite's online backup API (node:sqlite `backup`) from a read-only connection of its
 *    own, all pages in one step, so the copy is one point in time and writers never wait for it.
 *  - PostgreSQL: `pg_dump` in its custom format (one snapshot transaction), for `pg_restore`.
 * The file goes to BACKUP_DIR (default ./backups), named by the moment it was taken, readable by
 * its owner only (0600 in a 0700 folder: it holds password hashes, sessions and donor data).
 * README.md ("Backups") gives the restore steps; api/test/backup.test.ts follows them.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { loadConfig, type ApiConfig } from './config.ts';
import { SQLITE_FILE } from './db/index.ts';
import { ownerOnlyDir, ownerOnlyFile } from './file-modes.ts';

/** Where PostgreSQL's client programs are looked for after PG_BIN_DIR: Debian's server package. */
const DEBIAN_PG_BIN = '/usr/lib/postgresql/15/bin';

export function backupFileName(dialect: 'sqlite' | 'postgres', now: Date): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  return `sipa-${stamp}.${dialect === 'sqlite' ? 'sqlite' : 'dump'}`;
}

/** A PostgreSQL client program: PG_BIN_DIR, then Debian's server package, then PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore', env: Record<string, string | undefined> = process.env): string {
  for (const dir of [env.PG_BIN_DIR, DEBIAN_PG_BIN]) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return name;
}

/**
 * A connection URL without its password, and the password for PGPASSWORD, so the password never
 * shows in the process list.
 */
export function pgConnection(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export function runTool(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

/** Writes the backup into `dir` and returns its path. */
export async function backupDatabase(config: Pick<ApiConfig, 'dataDir' | 'databaseUrl'>, dir: string, now = new Date()): Promise<string> {
  ownerOnlyDir(dir);
  if (config.databaseUrl) {
    const target = join(dir, backupFileName('postgres', now));
    // Made 0600 before pg_dump opens it: a file it creates would follow the umask (0644).
    ownerOnlyFile(target);
    const connection = pgConnection(config.databaseUrl);
    await runTool(pgTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${connection.url}`], connection.env).catch((error: unknown) => {
      // No empty or partial file left to pass for a backup.
      rmSync(target, { force: true });
      throw error;
    });
    return target;
  }
  const source = join(config.dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new Error(`No SQLite database at ${source}`);
  const target = join(dir, backupFileName('sqlite', now));
  // An empty file is an empty database to SQLite: the copy, and any journal beside it, keep its 0600.
  ownerOnlyFile(target);
  const database = new DatabaseSync(source, { readOnly: true, timeout: 5000 });
  try {
    // One step copies every page under one read lock: no restart when a writer commits meanwhile.
    await sqliteBackup(database, target, { rate: 2 ** 31 - 1 });
  } finally {
    database.close();
  }
  return target;
}

const isMain = import.meta.filename === process.argv[1];
if (isMain) {
  const config = loadConfig();
  const dir = resolve(process.env.INIT_CWD || process.cwd(), process.env.BACKUP_DIR || 'backups');
  try {
    const file = await backupDatabase(config, dir);
    console.log(`backup of ${config.databaseUrl ? 'postgres' : 'sqlite'} written to ${file} (${statSync(file).size} bytes)`);
  } catch (error) {
    console.error('backup failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
