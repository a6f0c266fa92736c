/**
 * A fixed-window limit of accepted submissions per client network and endpoint. The counters
 * live in the database, so every instance behind a load balancer counts the same hits.
 *
 * Only accepted submissions count: a request is checked with a read before it is handled, and
 * counted inside the transaction that stores it. A refused, invalid or honeypot request writes
 * nothing (on SQLite a write is a commit with an fsync). Concurrent requests can overshoot the
 * limit by the number in flight at the moment it is reached.
 *
 * The default (120 per 10 minutes) lets a whole community event on one wifi sign up and write
 * in; what harms people, mail to one address, is held back per address (src/mail/cooldown.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Context } from 'hono';
import { MESSAGES } from '../../src/lib/messages.ts';
import { clientAddress } from './client-address.ts';
import type { Database } from './db/index.ts';
import { preparedQuery } from './db/prepared.ts';
import type { Services } from './services.ts';
import { fail } from './submission.ts';

export interface RateLimit {
  /** A 429 (or, for a browser form post, a 303 to the form's "too many" page) when over; else null. */
  refuse(c: Context): Promise<Response | null>;
  /** Counts one accepted submission, in the transaction that stores it. */
  count(trx: Kysely<Database> | Transaction<Database>, c: Context): Promise<void>;
}

/** A counter row: its bucket (limit, client and window) and the window's start (seconds). */
interface RateCounter {
  bucket: string;
  start: number;
}

function bucketOf(name: string, client: string, windowStart: number): string {
  return `${name}:${client}@${windowStart}`.slice(0, 300);
}

// Built and compiled once (src/db/prepared.ts): every accepted submission runs both.
const hitsOf = preparedQuery<{ bucket: string }, { hits: number }>((db, slot) => db.selectFrom('rate_limits').select('hits').where('bucket', '=', slot('bucket')));
const countHit = preparedQuery<{ bucket: string; start: number }>((db, slot) =>
  db
    .insertInto('rate_limits')
    .values({ bucket: slot('bucket'), window_start: slot('start'), hits: 1 })
    .onConflict((oc) => oc.column('bucket').doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` })),
);

export function rateLimit(services: Services, name: string): RateLimit {
  const { rateLimitMax: max, rateLimitWindowSeconds: window, trustProxy } = services.config;
  const windowOf = (now: number) => {
    const seconds = Math.floor(now / 1000);
    return { seconds, start: seconds - (seconds % window) };
  };
  const counter = async (trx: Kysely<Database> | Transaction<Database>, c: Context): Promise<RateCounter> => {
    const { start } = windowOf(Date.now());
    if (Math.random() < 0.02) await trx.deleteFrom('rate_limits').where('window_start', '<', start - window).execute();
    return { bucket: bucketOf(name, clientAddress(c, trustProxy), start), start };
  };
  return {
    async refuse(c) {
      if (max <= 0) return null;
      const { seconds, start } = windowOf(Date.now());
      const row = (await hitsOf(services.db.kysely, { bucket: bucketOf(name, clientAddress(c, trustProxy), start) })).rows[0];
      if (!row || Number(row.hits) < max) return null;
      c.header('Retry-After', String(Math.max(1, start + window - seconds)));
      return fail(c, name, 429, MESSAGES.tooManyRequests, 'too-many');
    },
    async count(trx, c) {
      if (max <= 0) return;
      await countHit(trx, await counter(trx, c));
    },
  };
}
