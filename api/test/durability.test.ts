/**
 * An acknowledged write is on disk: the connections the API writes through keep their database's
 * durability on. SQLite: WAL mode at synchronous=FULL (2) once a write is answered (a write's own
 * commit and its fsync are held by db-write-path.test.ts). PostgreSQL: synchronous_commit on in
 * the transaction a write runs in and on the pool. A change that switched either off (a pragma, a
 * connection option) fails here.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeBackends, makeApi, type TestApi } from './helpers.ts';

const CONTACT = { name: 'Amara Okafor', email: 'amara@example.org', subject: 'Hello', message: 'A question about the programs.' };

describeBackends('durability of acknowledged writes', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend);
  });
  afterAll(() => api.close());

  test('the connections a form post is written through keep durability on', async () => {
    const db = api.services.db;
    const response = await api.app.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CONTACT) });
    expect(response.status).toBe(201);
    if (backend === 'sqlite') {
      expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely)).rows[0]!.journal_mode).toBe('wal');
      expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely)).rows[0]!.synchronous).toBe(2);
    } else {
      const inWrite = await db.write(async (trx) => (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx)).rows[0]!.synchronous_commit);
      expect(inWrite).toBe('on');
      expect((await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db.kysely)).rows[0]!.synchronous_commit).toBe('on');
    }
  });
});
