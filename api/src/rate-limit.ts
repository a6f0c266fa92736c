/**
 * A fixed-window rate limit per client and route whose counters live in the database, so every
 * instance behind a load balancer counts the same hits.
 */
import { sql } from 'kysely';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { MESSAGES } from '../../src/lib/messages.ts';
import type { Services } from './services.ts';
import { fail } from './submission.ts';

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return c.req.header('x-test-client') ?? 'local';
  }
}

/** Counts one hit; returns the seconds to wait when over the limit, else 0. */
export async function hit(services: Services, key: string, now = Date.now()): Promise<number> {
  const { rateLimitMax: max, rateLimitWindowSeconds: window } = services.config;
  if (max <= 0) return 0;
  const seconds = Math.floor(now / 1000);
  const windowStart = seconds - (seconds % window);
  const bucket = `${key}@${windowStart}`.slice(0, 300);
  const row = await services.db.write(async (trx) => {
    if (Math.random() < 0.02) await trx.deleteFrom('rate_limits').where('window_start', '<', windowStart - window).execute();
    return trx
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, hits: 1 })
      .onConflict((oc) => oc.column('bucket').doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
  });
  return Number(row.hits) > max ? Math.max(1, windowStart + window - seconds) : 0;
}

export function rateLimit(services: Services, name: string): MiddlewareHandler {
  return async (c, next) => {
    const wait = await hit(services, `${name}:${clientAddress(c, services.config.trustProxy)}`);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return fail(c, name, 429, MESSAGES.tooManyRequests, 'too-many');
    }
    await next();
  };
}
