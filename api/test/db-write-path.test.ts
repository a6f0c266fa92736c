/**
 * The write path's moving parts: SQLite statements prepared once and reused, time-ordered row
 * ids, and PostgreSQL's shared transactions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/db/ids.ts';
import { sharedTransactions } from '../src/db/postgres-batch.ts';
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
