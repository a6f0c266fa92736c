/**
 * `npm run backup` on both databases: taken while submissions keep arriving, then restored the
 * way docs/operators.md says into a new server, which finds every row that existed when the backup began.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServices, closeServices, type Services } from '../src/app.ts';
import { backupDatabase, backupFileName, pgConnection, pgTool, runTool } from '../src/backup.ts';
import { loadConfig } from '../src/config.ts';
import { SQLITE_FILE } from '../src/db/index.ts';
import { listGifts } from '../src/donations/store.ts';
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
    // The copy holds password hashes, sessions and donors: its owner's only, whatever the umask
    // (made 0600 before SQLite or pg_dump writes into it; file-modes.test.ts runs it under umask 022).
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');

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

  test('donors are in the backup: gifts (found by the search after the restore), monthly donors, PayPal notifications', async () => {
    const db = api.services.db.kysely;
    const now = new Date().toISOString();
    await db.insertInto('gifts').values({ id: '01900000-0000-7000-8000-00000000b001', txn_id: 'BACKUP0000000001', receipt_number: '2026-BACKUP0000000001', email: 'backed.up@example.org', name: 'Zawadi Backup', amount_cents: 2500, kind: 'monthly', subscr_id: 'I-BACKUP', status: 'completed', lang: 'sw', paid_at: now, refunded_at: null, receipt_sent_at: now, created_at: now }).execute();
    await db.insertInto('recurring_donors').values({ subscr_id: 'I-BACKUP', email: 'backed.up@example.org', name: 'Zawadi Backup', amount_cents: 2500, lang: 'sw', status: 'active', signed_up_at: now, last_payment_at: now, last_failed_at: null, cancelled_at: null, ended_at: null, updated_at: now }).execute();
    await api.services.donations.store('txn_type=subscr_payment&txn_id=BACKUP0000000001&payer_email=backed.up%40example.org');
    const file = await backupDatabase(api.services.config, dir);

    let restored: Services;
    let dropRestored = async () => {};
    if (backend === 'sqlite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'sipa-restored-'));
      copyFileSync(file, join(dataDir, SQLITE_FILE));
      restored = await createServices(loadConfig({}, { dataDir, databaseUrl: undefined }));
      dropRestored = async () => rmSync(dataDir, { recursive: true, force: true });
    } else {
      const database = await freshPostgres('sipa_restored');
      await runTool(pgTool('pg_restore'), ['--no-owner', `--dbname=${database.url}`, file]);
      restored = await createServices(loadConfig({}, { databaseUrl: database.url, dataDir: '' }));
      dropRestored = database.drop;
    }
    try {
      const found = await listGifts(restored.db, { q: 'zawadi' }, 10);
      expect(found.items.map((gift) => [gift.txnId, gift.email, gift.amountCents])).toEqual([['BACKUP0000000001', 'backed.up@example.org', 2500]]);
      expect(await restored.db.kysely.selectFrom('recurring_donors').select(['subscr_id', 'status']).execute()).toEqual([{ subscr_id: 'I-BACKUP', status: 'active' }]);
      expect(await restored.db.kysely.selectFrom('paypal_notifications').select(['txn_id', 'payer_email']).execute()).toEqual([{ txn_id: 'BACKUP0000000001', payer_email: 'backed.up@example.org' }]);
    } finally {
      await closeServices(restored);
      await dropRestored();
    }
  });
});
