/**
 * The SQLite write path's moving parts: prepared statements reused, group commit answering only
 * after the WAL is fsynced (and with synchronous back to FULL for every other statement), the
 * shared WAL fsync, and time-ordered row ids.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { groupCommit, walFileSync } from '../src/db/group-commit.ts';
import { newId } from '../src/db/ids.ts';
import { sharedTransactions } from '../src/db/postgres-batch.ts';
import { nameStatements } from '../src/db/postgres-statements.ts';
import { pgUrl } from './helpers.ts';
import { NodeSqliteAdapter, nodeSqliteDialect, openSqlite } from '../src/db/sqlite.ts';

describe('prepared statements', () => {
  test('the same SQL is prepared once and reused; a stream gets a statement of its own', () => {
    const database = new DatabaseSync(':memory:');
    let prepared = 0;
    const prepare = database.prepare.bind(database);
    database.prepare = ((text: string) => {
      prepared += 1;
      return prepare(text);
    }) as typeof database.prepare;
    const adapter = new NodeSqliteAdapter(database);
    adapter.prepare('create table t (a integer)').run([]);
    for (let i = 0; i < 5; i++) adapter.prepare('insert into t (a) values (?)').run([i]);
    expect(prepared).toBe(2);
    const select = adapter.prepare('select a from t order by a');
    const stream = select.iterate([]) as IterableIterator<{ a: number }>;
    expect(stream.next().value).toEqual({ a: 0 });
    // The cached statement runs again while the stream is open; the stream carries on.
    expect(adapter.prepare('select a from t order by a').all([])).toHaveLength(5);
    expect([...stream].map((row) => row.a)).toEqual([1, 2, 3, 4]);
    adapter.close();
  });
});

describe('group commit with a deferred WAL fsync', () => {
  let dir: string;
  let db: Kysely<{ items: { id: number } }>;
  let database: DatabaseSync;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sipa-group-'));
    database = openSqlite(join(dir, 'g.sqlite'));
    db = new Kysely({ dialect: nodeSqliteDialect(database) });
    await db.schema.createTable('items').addColumn('id', 'integer', (c) => c.primaryKey()).execute();
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a write resolves only after the fsync that follows its commit, and the connection is back at synchronous=FULL', async () => {
    let openGate!: () => void;
    let syncs = 0;
    let syncDuringBatch: number | undefined;
    const write = groupCommit(db, {
      walSync: () => {
        syncs += 1;
        return new Promise<void>((resolve) => (openGate = resolve));
      },
    });
    let resolved = false;
    const done = write(async (trx) => {
      syncDuringBatch = Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows[0]!.synchronous);
      await trx.insertInto('items').values({ id: 1 }).execute();
      return 'stored';
    }).then((value) => {
      resolved = true;
      return value;
    });
    while (syncs === 0) await new Promise((r) => setTimeout(r, 1));
    // Committed (other readers see it) but not yet answered: the fsync has not finished.
    expect(await db.selectFrom('items').selectAll().execute()).toHaveLength(1);
    expect(resolved).toBe(false);
    expect(syncDuringBatch).toBe(1);
    expect(database.prepare('pragma synchronous').get()).toEqual({ synchronous: 2 });
    openGate();
    expect(await done).toBe('stored');
  });

  test('a failed fsync rejects every write of its batch', async () => {
    const write = groupCommit(db, { walSync: () => Promise.reject(new Error('disk gone')) });
    const outcomes = await Promise.allSettled([write((trx) => trx.insertInto('items').values({ id: 2 }).execute()), write((trx) => trx.insertInto('items').values({ id: 3 }).execute())]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('shared WAL fsync', () => {
  test('calls during a running fsync share one more fsync, started after the running one ends', async () => {
    const gates: Array<() => void> = [];
    const sync = walFileSync('/unused', () => new Promise<void>((resolve) => gates.push(resolve)));
    const first = sync();
    const second = sync();
    const third = sync();
    expect(gates).toHaveLength(1);
    gates[0]!();
    await first;
    await new Promise((r) => setTimeout(r, 0));
    expect(gates).toHaveLength(2);
    gates[1]!();
    await Promise.all([second, third]);
    expect(gates).toHaveLength(2);
  });
});

describe('row ids', () => {
  test('are version-7 UUIDs that sort in the order they were made, unique within a millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId(Date.UTC(2026, 10, 22)));
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(5000);
    expect([...ids].sort()).toEqual(ids);
    // The first 48 bits are the time in milliseconds.
    const later = newId(Date.UTC(2027, 0, 1));
    expect(parseInt(later.slice(0, 8) + later.slice(9, 13), 16)).toBe(Date.UTC(2027, 0, 1));
  });
});

describe.skipIf(!pgUrl)('named statements on PostgreSQL', () => {
  test('a text is parsed once per connection and reused; `*` results and text without values stay unnamed', async () => {
    const pool = new pg.Pool({ connectionString: pgUrl, max: 1 });
    nameStatements(pool);
    try {
      for (let i = 0; i < 3; i++) expect((await pool.query('select $1::int + 1 as n', [i])).rows).toEqual([{ n: i + 1 }]);
      await pool.query('select * from pg_class where relname = $1', ['pg_type']);
      const prepared = (await pool.query('select statement from pg_prepared_statements', [])).rows.map((row: { statement: string }) => row.statement);
      expect(prepared).toContain('select $1::int + 1 as n');
      expect(prepared.filter((text: string) => text.includes('pg_class'))).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});

describe.skipIf(!pgUrl)('shared transactions on PostgreSQL', () => {
  test('writes that wait for a connection share one; when one fails, each runs again alone', async () => {
    const pool = new pg.Pool({ connectionString: pgUrl, max: 1 });
    const db = new Kysely<{ shared_items: { id: number } }>({ dialect: new PostgresDialect({ pool }) });
    const table = `shared_items`;
    try {
      await sql`drop table if exists ${sql.table(table)}`.execute(db);
      await db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey()).execute();
      const write = sharedTransactions(db, { connections: 1 });
      const transactions: number[][] = [];
      const insert = (id: number) => async (trx: Parameters<Parameters<typeof write>[0]>[0]) => {
        const { rows } = await sql<{ xid: string }>`select txid_current()::text as xid`.execute(trx);
        transactions.push([id, Number(rows[0]!.xid)]);
        await trx.insertInto('shared_items').values({ id }).execute();
        return id;
      };
      // The first runs alone (the connection is free); the next three wait and share one.
      const first = write(insert(1));
      const shared = await Promise.all([first, write(insert(2)), write(insert(3)), write(insert(4))]);
      expect(shared).toEqual([1, 2, 3, 4]);
      const xid = new Map(transactions.map(([id, x]) => [id, x]));
      expect(xid.get(2)).toBe(xid.get(3));
      expect(xid.get(3)).toBe(xid.get(4));
      expect(xid.get(1)).not.toBe(xid.get(2));

      // A duplicate key and a job that throws after writing fail alone; the others are kept.
      const outcomes = await Promise.allSettled([
        write(insert(10)),
        write(insert(11)),
        write(insert(2)),
        write(async (trx) => {
          await insert(12)(trx);
          throw new Error('job failed after writing');
        }),
        write(insert(13)),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
      const ids = (await db.selectFrom('shared_items').select('id').orderBy('id').execute()).map((row) => row.id);
      expect(ids).toEqual([1, 2, 3, 4, 10, 11, 13]);
    } finally {
      await sql`drop table if exists ${sql.table(table)}`.execute(db).catch(() => {});
      await db.destroy();
    }
  });
});
