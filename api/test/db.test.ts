import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, migrateToLatest, type Db } from '../src/db/index.ts';
import { preparedQuery } from '../src/db/prepared.ts';
import { migrations } from '../src/db/migrations.ts';
import { NodeSqliteAdapter, nodeSqliteDialect, openSqlite } from '../src/db/sqlite.ts';
import { describeBackends, freshConfig } from './helpers.ts';

describe('node:sqlite adapter for Kysely', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sipa-sqlite-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('opens the file in WAL mode with full sync and a busy timeout', () => {
    const database = openSqlite(join(dir, 'pragmas.sqlite'), 4321);
    expect(database.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(database.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    expect(database.prepare('PRAGMA busy_timeout').get()).toEqual({ timeout: 4321 });
    database.close();
  });

  test('marks statements that return rows as readers and binds spread parameters', () => {
    const adapter = new NodeSqliteAdapter(new DatabaseSync(':memory:'));
    adapter.prepare('create table t (a integer, b text)').run([]);
    const insert = adapter.prepare('insert into t (a, b) values (?, ?)');
    expect(insert.reader).toBe(false);
    expect(insert.run([1, 'one'])).toEqual({ changes: 1, lastInsertRowid: 1 });
    // Booleans and dates are turned into what node:sqlite can bind.
    insert.run([true, new Date('2026-01-02T03:04:05.000Z')]);
    const select = adapter.prepare('select a, b from t order by rowid');
    expect(select.reader).toBe(true);
    expect(select.all([]).map((row) => ({ ...(row as object) }))).toEqual([
      { a: 1, b: 'one' },
      { a: 1, b: '2026-01-02T03:04:05.000Z' },
    ]);
    expect([...select.iterate([])]).toHaveLength(2);
    adapter.close();
  });

  test('runs Kysely queries, transactions and rollbacks', async () => {
    const db = new Kysely<{ items: { id: number; name: string } }>({ dialect: nodeSqliteDialect(new DatabaseSync(':memory:')) });
    await db.schema.createTable('items').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    await db.insertInto('items').values({ id: 1, name: 'first' }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 2, name: 'second' }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await db.selectFrom('items').select(['id', 'name']).execute();
    expect(rows.map((r) => ({ ...r }))).toEqual([{ id: 1, name: 'first' }]);
    const returned = await db.insertInto('items').values({ id: 3, name: 'third' }).returning('name').executeTakeFirstOrThrow();
    expect(returned.name).toBe('third');
    await db.destroy();
  });
});

describeBackends('migrations and queries', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshConfig(backend);
    drop = fresh.drop;
    db = openDatabase(fresh.config);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  test('applies every migration once and is a no-op the second time', async () => {
    const first = await migrateToLatest(db.kysely);
    expect(first.results?.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => 'Success'));
    const second = await migrateToLatest(db.kysely);
    expect(second.results).toEqual([]);
    expect(db.dialect).toBe(backend);
    expect(await db.ping()).toBe(true);
  });

  test('stores ISO times, integers and JSON text and reads them back unchanged', async () => {
    const now = new Date().toISOString();
    await db.kysely
      .insertInto('volunteer_applications')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        first_name: 'Ada',
        last_name: 'Obi',
        email: 'ada@example.org',
        phone: null,
        interests: JSON.stringify(['mentor']),
        availability: JSON.stringify([]),
        skills: null,
        message: 'Ünïcödé ✓',
        created_at: now,
      })
      .execute();
    const row = await db.kysely.selectFrom('volunteer_applications').selectAll().executeTakeFirstOrThrow();
    expect(row.created_at).toBe(now);
    expect(JSON.parse(row.interests)).toEqual(['mentor']);
    expect(row.message).toBe('Ünïcödé ✓');
    expect(row.phone).toBeNull();
  });

  test('enforces one subscriber per address', async () => {
    const values = { email: 'same@example.org', status: 'pending' as const, source: null, created_at: 'x', updated_at: 'x', confirmed_at: null, unsubscribed_at: null };
    await db.kysely.insertInto('subscribers').values({ id: '00000000-0000-4000-8000-000000000010', ...values }).execute();
    await expect(db.kysely.insertInto('subscribers').values({ id: '00000000-0000-4000-8000-000000000011', ...values }).execute()).rejects.toThrow();
  });

  test('upserts rate-limit counters atomically', async () => {
    for (let i = 0; i < 3; i++) {
      await db.kysely
        .insertInto('rate_limits')
        .values({ bucket: 'k', window_start: 1, hits: 1 })
        .onConflict((oc) => oc.column('bucket').doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }))
        .execute();
    }
    const row = await db.kysely.selectFrom('rate_limits').select('hits').where('bucket', '=', 'k').executeTakeFirstOrThrow();
    expect(Number(row.hits)).toBe(3);
  });
});

describeBackends('writes, each in a transaction of its own', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshConfig(backend);
    drop = fresh.drop;
    db = openDatabase(fresh.config);
    await migrateToLatest(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const insert = (n: number) => (trx: Parameters<Parameters<Db['write']>[0]>[0]) =>
    trx
      .insertInto('contact_messages')
      .values({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `n${n}`, email: 'a@b.org', phone: null, subject: 's', message: 'm', created_at: 'x' })
      .returning('name')
      .executeTakeFirstOrThrow()
      .then((row) => row.name);

  test('concurrent writes all commit and each resolves with its own result', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, (_, n) => db.write(insert(n))));
    expect(results).toEqual(Array.from({ length: 25 }, (_, n) => `n${n}`));
    const rows = await db.kysely.selectFrom('contact_messages').select('id').execute();
    expect(rows).toHaveLength(25);
  });

  test('a failing write is rolled back alone; the others at the same moment are kept', async () => {
    await db.write(insert(100));
    const outcomes = await Promise.allSettled([
      db.write(insert(103)),
      db.write(async (trx) => {
        await insert(101)(trx);
        throw new Error('job failed after writing');
      }),
      db.write(insert(100)), // duplicate key: fails in the database
      db.write(insert(102)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    const ids = (await db.kysely.selectFrom('contact_messages').select('name').where('name', 'in', ['n100', 'n101', 'n102', 'n103']).execute()).map((r) => r.name).sort();
    expect(ids).toEqual(['n100', 'n102', 'n103']);
  });

  test('prepared queries commit, fail and roll back per write', async () => {
    const insertPrepared = preparedQuery<{ id: string; name: string }, { name: string }>((kysely, slot) =>
      kysely.insertInto('contact_messages').values({ id: slot('id'), name: slot('name'), email: 'a@b.org', phone: null, subject: 's', message: 'm', created_at: 'x' }).returning('name'),
    );
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    expect(await db.write(async (trx) => (await insertPrepared(trx, { id: id(200), name: 'p200' })).rows[0]!.name)).toBe('p200');
    const outcomes = await Promise.allSettled([
      db.write(async (trx) => (await insertPrepared(trx, { id: id(203), name: 'p203' })).rows[0]!.name),
      db.write(async (trx) => {
        await insertPrepared(trx, { id: id(201), name: 'p201' });
        throw new Error('job failed after writing');
      }),
      db.write((trx) => insertPrepared(trx, { id: id(200), name: 'p200 again' })), // duplicate key
      db.write(async (trx) => (await insertPrepared(trx, { id: id(202), name: 'p202' })).rows[0]!.name),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))).toEqual(['p203', 'p202']);
    const names = (await db.kysely.selectFrom('contact_messages').select('name').where('name', 'like', 'p2%').execute()).map((r) => r.name).sort();
    expect(names).toEqual(['p200', 'p202', 'p203']);
  });
});
