/**
 * The write path's moving parts: SQLite statements prepared once and reused, and time-ordered
 * row ids.
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { newId } from '../src/db/ids.ts';
import { NodeSqliteAdapter } from '../src/db/sqlite.ts';

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
