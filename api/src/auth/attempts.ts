/**
 * Attempt counters that count before anything is spent. A password or a code is checked only
 * after one statement has taken a place in every bucket the attempt belongs to:
 *
 *   INSERT … ON CONFLICT (bucket) DO UPDATE SET hits = hits + 1 (or 1 in a new window)
 *     WHERE the window has ended OR hits < max  RETURNING hits
 *
 * The upsert is atomic on SQLite (one writer) and on PostgreSQL (the conflicting row is locked
 * and the WHERE sees its latest version), so N concurrent attempts, on one instance or on many,
 * get at most `max` places: the rest are refused before any hash or code check runs. A place
 * that turns out not to be a failure (the password was right, the server was too busy) is
 * given back; a failure keeps it.
 *
 * A window starts at its first attempt and lasts `windowMs`; a full bucket refuses until then.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

export interface Bucket {
  /** Unique name: kind, then subject(s). */
  name: string;
  /** The account it belongs to, so that unlocking an account finds every bucket of it. */
  account?: string;
  max: number;
  windowMs: number;
}

export type Reserved = { ok: true; hits: number[] } | { ok: false; bucket: Bucket; retryAfterSeconds: number };

/** Bucket names are kept short enough for the column whatever a client typed. */
const nameOf = (bucket: Bucket) => bucket.name.slice(0, 400);

export function attemptLedger(db: Kysely<Database>) {
  async function clearNamed(names: string[]): Promise<number> {
    if (!names.length) return 0;
    const result = await db.deleteFrom('staff_attempts').where('bucket', 'in', names).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }

  async function take(bucket: Bucket, now: number): Promise<number | null> {
    const ended = now - bucket.windowMs;
    const row = await db
      .insertInto('staff_attempts')
      .values({ bucket: nameOf(bucket), account: bucket.account?.slice(0, 300) ?? null, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc
          .column('bucket')
          .doUpdateSet({
            hits: sql<number>`case when staff_attempts.window_start <= ${ended} then 1 else staff_attempts.hits + 1 end`,
            window_start: sql<number>`case when staff_attempts.window_start <= ${ended} then ${now} else staff_attempts.window_start end`,
          })
          .where((eb) => eb.or([eb('staff_attempts.window_start', '<=', ended), eb('staff_attempts.hits', '<', bucket.max)])),
      )
      .returning('hits')
      .executeTakeFirst();
    return row ? Number(row.hits) : null;
  }

  async function give(bucket: Bucket): Promise<void> {
    await db.updateTable('staff_attempts').set({ hits: sql<number>`hits - 1` }).where('bucket', '=', nameOf(bucket)).where('hits', '>', 0).execute();
  }

  async function retryAfter(bucket: Bucket, now: number): Promise<number> {
    const row = await db.selectFrom('staff_attempts').select('window_start').where('bucket', '=', nameOf(bucket)).executeTakeFirst();
    const until = row ? Number(row.window_start) + bucket.windowMs : now + 1000;
    return Math.max(1, Math.ceil((until - now) / 1000));
  }

  return {
    /**
     * One place in each bucket, in order, or none: a bucket that is full gives back the places
     * already taken and names itself (with the seconds until its window ends).
     */
    async reserve(buckets: Bucket[], now = Date.now()): Promise<Reserved> {
      const hits: number[] = [];
      for (const [index, bucket] of buckets.entries()) {
        const taken = await take(bucket, now);
        if (taken === null) {
          for (const held of buckets.slice(0, index)) await give(held);
          return { ok: false, bucket, retryAfterSeconds: await retryAfter(bucket, now) };
        }
        hits.push(taken);
      }
      // Windows long over decide nothing; drop them now and then.
      if (Math.random() < 0.02) await db.deleteFrom('staff_attempts').where('window_start', '<', now - 24 * 60 * 60_000).execute();
      return { ok: true, hits };
    },

    /** Gives a place back: the attempt was not a failure. */
    async release(buckets: Bucket[]): Promise<void> {
      for (const bucket of buckets) await give(bucket);
    },

    /** Forgets buckets entirely (a success that ends a count); returns how many there were. */
    async clear(buckets: Bucket[]): Promise<number> {
      return clearNamed(buckets.map(nameOf));
    },

    /** Forgets the buckets of these names (as namesStartingWith gives them); returns how many there were. */
    clearNamed,

    /** Forgets every bucket of an account (a password reset, `npm run staff -- unlock`). */
    async clearAccount(account: string): Promise<number> {
      const result = await db.deleteFrom('staff_attempts').where('account', '=', account.slice(0, 300)).executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },

    /** The names of the buckets whose name starts with `prefix` (every network an account was tried from, say). */
    async namesStartingWith(prefix: string): Promise<string[]> {
      const rows = await db
        .selectFrom('staff_attempts')
        .select('bucket')
        .where(sql<string>`substr(bucket, 1, ${prefix.length})`, '=', prefix)
        .execute();
      return rows.map((row) => row.bucket);
    },

    /** Whether a bucket is full now (without taking a place). */
    async isFull(bucket: Bucket, now = Date.now()): Promise<boolean> {
      const row = await db.selectFrom('staff_attempts').select(['hits', 'window_start']).where('bucket', '=', nameOf(bucket)).executeTakeFirst();
      return Boolean(row && Number(row.window_start) > now - bucket.windowMs && Number(row.hits) >= bucket.max);
    },
  };
}

export type AttemptLedger = ReturnType<typeof attemptLedger>;
