/**
 * The database, its -wal and -shm files and every backup are readable by their owner only (0600
 * files in 0700 folders), under the permissive umask (022) most shells and cron give; and the
 * systemd unit sets UMask=0077 for anything else the service writes.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';

const API = join(import.meta.dirname, '..');
const ROOT = join(API, '..');
const modeOf = (path: string) => (statSync(path).mode & 0o7777).toString(8);

/** Runs `script` (an ES module) in a child Node under umask 022, so the test does not depend on the runner's umask. */
function underUmask022(script: string, env: Record<string, string>) {
  const run = spawnSync('sh', ['-c', 'umask 022 && exec "$0" --input-type=module -e "$1"', process.execPath, script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    cwd: API,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sipa-modes-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a new SQLite database and its -wal and -shm files are 0600 in a 0700 folder, while it is open', () => {
  const dataDir = join(dir, 'data');
  // The stats are taken while the database is open and written to: -wal and -shm exist then only.
  const out = underUmask022(
    `import { openAndMigrate } from './src/db/index.ts';
     import { statSync } from 'node:fs';
     const db = await openAndMigrate({ dataDir: process.env.DATA_DIR });
     await db.write((trx) => trx.insertInto('app_secrets').values({ name: 'mode-check', value: 'x', created_at: new Date().toISOString() }).execute());
     const mode = (p) => (statSync(p).mode & 0o7777).toString(8);
     const file = process.env.DATA_DIR + '/sipa.sqlite';
     console.log(JSON.stringify({ dir: mode(process.env.DATA_DIR), db: mode(file), wal: mode(file + '-wal'), shm: mode(file + '-shm') }));
     await db.close();`,
    { DATA_DIR: dataDir },
  );
  expect(JSON.parse(out)).toEqual({ dir: '700', db: '600', wal: '600', shm: '600' });
});

test('a database and folder left readable by an older release (0644 in 0755) are tightened when opened', () => {
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  underUmask022(`import { openAndMigrate } from './src/db/index.ts'; await (await openAndMigrate({ dataDir: process.env.DATA_DIR })).close();`, { DATA_DIR: dataDir });
  chmodSync(join(dataDir, 'sipa.sqlite'), 0o644);
  writeFileSync(join(dataDir, 'sipa.sqlite-wal'), '', { mode: 0o644 });
  chmodSync(join(dataDir, 'sipa.sqlite-wal'), 0o644);
  chmodSync(dataDir, 0o755);
  underUmask022(`import { openAndMigrate } from './src/db/index.ts'; await (await openAndMigrate({ dataDir: process.env.DATA_DIR })).close();`, { DATA_DIR: dataDir });
  expect(modeOf(dataDir)).toBe('700');
  expect(modeOf(join(dataDir, 'sipa.sqlite'))).toBe('600');
});

test('`npm run backup` writes a 0600 file into a 0700 folder it makes, and tightens a folder it finds open', () => {
  const dataDir = join(dir, 'data');
  underUmask022(`import { openAndMigrate } from './src/db/index.ts'; await (await openAndMigrate({ dataDir: process.env.DATA_DIR })).close();`, { DATA_DIR: dataDir });
  const made = join(dir, 'backups', 'nightly');
  const found = join(dir, 'found');
  mkdirSync(found, { mode: 0o755 });
  chmodSync(found, 0o755);
  for (const backupDir of [made, found]) {
    const run = spawnSync('sh', ['-c', 'umask 022 && exec "$0" src/backup.ts', process.execPath], {
      env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: '' },
      encoding: 'utf8',
      cwd: API,
    });
    expect(run.status, run.stderr).toBe(0);
    const files = readdirSync(backupDir);
    expect(files).toHaveLength(1);
    expect(modeOf(backupDir)).toBe('700');
    expect(modeOf(join(backupDir, files[0]!))).toBe('600');
  }
  // The folders it made above the backup folder are the owner's too.
  expect(modeOf(join(dir, 'backups'))).toBe('700');
});

test('a shared folder (sticky, like /tmp) is never tightened: only the files in it are', () => {
  const shared = join(dir, 'shared');
  mkdirSync(shared);
  chmodSync(shared, 0o1777);
  underUmask022(`import { openAndMigrate } from './src/db/index.ts'; await (await openAndMigrate({ dataDir: process.env.DATA_DIR })).close();`, { DATA_DIR: shared });
  expect(modeOf(shared)).toBe('1777');
  expect(modeOf(join(shared, 'sipa.sqlite'))).toBe('600');
});

test('the systemd unit runs the service with UMask=0077', () => {
  const unit = readFileSync(join(ROOT, 'deploy', 'sipa-api@.service'), 'utf8');
  const service = /^\[Service\]$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(unit)?.[1] ?? '';
  expect(service.match(/^UMask=.*$/gm)).toEqual(['UMask=0077']);
});
