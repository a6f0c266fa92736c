/**
 * `npm run backup` on both databases: taken while submissions keep arriving, then restored the
 * way docs/operators.md says into a new server, which finds every row that existed when the backup began.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServices, closeServices, type Services } from '../src/app.ts';
import { backupDatabase, backupFileName, pgConnection, pgTool, runTool } from '../src/backup.ts';
import { loadConfig } from '../src/config.ts';
import { SQLITE_FILE } from '../src/db/index.ts';
import { describeBackends, ENDPOINTS, FORM_TABLES, freshPostgres, makeApi, postJson, VALID, type TestApi } from './helpers.ts';

async function idsByTable(services: Services): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of FORM_TABLES) {
    const rows = await services.db.kysely.selectFrom(table).select('id').execute();
    result[table] = rows.map((row) => row.id).sort();
  }
  return result;
}

async function submitMany(api: TestApi, round: number, count: number) {
  for (let i = 0; i < count; i++) {
    const n = `${round}-${i}`;
    const answers = await Promise.all([
      postJson(api.app, ENDPOINTS.newsletter.path, { email: `reader-${n}@example.org` }),
      postJson(api.app, ENDPOINTS.contact.path, { ...VALID.contact, email: `amara-${n}@example.org` }),
      postJson(api.app, ENDPOINTS.volunteer.path, { ...VALID.volunteer, email: `kofi-${n}@example.org` }),
      postJson(api.app, ENDPOINTS.partnership.path, { ...VALID.partnership, email: `dana-${n}@example.org` }),
    ]);
    for (const answer of answers) expect(answer.status).toBeLessThan(300);
  }
}

test('backup files are named by the moment they were taken', () => {
  const at = new Date('2026-11-22T06:30:05.123Z');
  expect(backupFileName('sqlite', at)).toBe('sipa-2026-11-22T06-30-05Z.sqlite');
  expect(backupFileName('postgres', at)).toBe('sipa-2026-11-22T06-30-05Z.dump');
});

test('the PostgreSQL password goes to PGPASSWORD, never onto the command line', () => {
  const connection = pgConnection('postgres://sipa:s%40cret@db.example:5432/sipa');
  expect(connection.url).toBe('postgres://sipa@db.example:5432/sipa');
  expect(connection.env).toEqual({ PGPASSWORD: 's@cret' });
  expect(pgConnection('postgres://postgres@127.0.0.1:5432/x').env).toEqual({});
});

test('`npm run backup` writes the file into BACKUP_DIR and says where', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sipa-cli-data-'));
  const backupDir = mkdtempSync(join(tmpdir(), 'sipa-cli-backups-'));
  try {
    const services = await createServices(loadConfig({}, { dataDir, databaseUrl: undefined }));
    await closeServices(services);
    const env = { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: '' };
    const run = spawnSync(process.execPath, [join(import.meta.dirname, '..', 'src', 'backup.ts')], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const [file] = readdirSync(backupDir);
    expect(file).toMatch(/^sipa-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sqlite$/);
    expect(run.stdout).toContain(`backup of sqlite written to ${join(backupDir, file)}`);
    expect(existsSync(join(backupDir, file))).toBe(true);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  }
});

describeBackends('backup and restore', (backend) => {
  let api: TestApi;
  let dir: string;
  beforeAll(async () => {
    api = await makeApi(backend);
    dir = mkdtempSync(join(tmpdir(), 'sipa-backup-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a backup taken during writes restores into a new server with every earlier row', async () => {
    await submitMany(api, 1, 5);
    const before = await idsByTable(api.services);
    expect(before.contact_messages).toHaveLength(5);

    // Writers carry on while the backup runs.
    const [file] = await Promise.all([backupDatabase(api.services.config, dir), submitMany(api, 2, 5)]);
    const after = await idsByTable(api.services);

    let restored: Services;
    let dropRestored = async () => {};
    if (backend === 'sqlite') {
      // docs/operators.md: stop the server, copy the backup over data/sipa.sqlite, start again.
      const dataDir = mkdtempSync(join(tmpdir(), 'sipa-restored-'));
      copyFileSync(file, join(dataDir, SQLITE_FILE));
      restored = await createServices(loadConfig({}, { dataDir, databaseUrl: undefined }));
      dropRestored = async () => rmSync(dataDir, { recursive: true, force: true });
    } else {
      // docs/operators.md: create an empty database, pg_restore into it, point DATABASE_URL at it.
      const database = await freshPostgres('sipa_restored');
      await runTool(pgTool('pg_restore'), ['--no-owner', `--dbname=${database.url}`, file]);
      restored = await createServices(loadConfig({}, { databaseUrl: database.url, dataDir: '' }));
      dropRestored = database.drop;
    }
    try {
      const copy = await idsByTable(restored);
      for (const table of FORM_TABLES) {
        // Everything written before the backup began is there; nothing that never existed is.
        expect(copy[table], table).toEqual(expect.arrayContaining(before[table]));
        for (const id of copy[table]) expect(after[table], table).toContain(id);
      }
    } finally {
      await closeServices(restored);
      await dropRestored();
    }
  });
});
