/**
 * Storing what PayPal posts (an IPN notification, a REST webhook) within the per-address limit
 * (PAYPAL_IPN_RATE_MAX per RATE_LIMIT_WINDOW_SECONDS), one rule for both routes. The count goes up
 * first, in the transaction that stores the message: the counter row's lock makes concurrent
 * messages from one address wait their turn, so a burst cannot pass the limit (a read, then a
 * write, let 800 through a limit of 600 on PostgreSQL). Over the limit: rolled back, nothing stored.
 */
import type { Context } from 'hono';
import { sql } from 'kysely';
import { clientAddress } from '../client-address.ts';
import type { Services } from '../services.ts';
import type { Trx } from './trx.ts';

/** A message over the address's limit: its transaction is rolled back. */
class OverLimit extends Error {}

/**
 * PayPal's answer to a message it posts: stored within the limit (then the worker is woken) is an
 * empty 200, over the limit a 429 with Retry-After and nothing stored.
 */
export async function acceptFromPaypal(services: Pick<Services, 'db' | 'config' | 'donations'>, c: Context, name: string, insert: (trx: Trx) => Promise<unknown>): Promise<Response> {
  const stored = await storeWithinLimit(services, c, name, insert);
  if (!stored.stored) {
    c.header('Retry-After', String(stored.retryAfter));
    return c.body(null, 429);
  }
  services.donations.wake();
  return c.body(null, 200);
}

/** Stores the message with `insert`; false, with the seconds to wait, when the address is over its limit. */
async function storeWithinLimit(services: Pick<Services, 'db' | 'config'>, c: Context, name: string, insert: (trx: Trx) => Promise<unknown>): Promise<{ stored: true } | { stored: false; retryAfter: number }> {
  const { db, config } = services;
  const window = config.rateLimitWindowSeconds;
  const limit = config.paypalIpnRateMax;
  const seconds = Math.floor(Date.now() / 1000);
  const start = seconds - (seconds % window);
  const bucket = `${name}:${clientAddress(c, config.trustProxy)}@${start}`.slice(0, 300);
  const stored = await db
    .write(async (trx) => {
      if (limit > 0) {
        const { hits } = await trx
          .insertInto('rate_limits')
          .values({ bucket, window_start: start, hits: 1 })
          .onConflict((oc) => oc.column('bucket').doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }))
          .returning('hits')
          .executeTakeFirstOrThrow();
        if (Number(hits) > limit) throw new OverLimit();
      }
      await insert(trx);
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof OverLimit) return false;
      throw error;
    });
  return stored ? { stored: true } : { stored: false, retryAfter: Math.max(1, start + window - seconds) };
}
