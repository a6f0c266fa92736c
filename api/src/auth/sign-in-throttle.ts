/**
 * Brute-force limits on staff sign-in, counted in the database so every instance sees them:
 *  - per account: 10 failures within 15 minutes lock that account's sign-in for 15 minutes,
 *    from any address (a guess spread over many addresses still stops);
 *  - per client address: 30 failures within 15 minutes stop that address for 15 minutes (a
 *    guess sprayed across many accounts from one place).
 * While locked, attempts are refused before the password is checked and are not counted.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

export const ACCOUNT_MAX_FAILURES = 10;
export const ADDRESS_MAX_FAILURES = 30;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_MS = 15 * 60_000;

type Scope = 'account' | 'address';
const LIMITS: Record<Scope, number> = { account: ACCOUNT_MAX_FAILURES, address: ADDRESS_MAX_FAILURES };

export interface Lockout {
  scope: Scope;
  /** Whole seconds until the lock ends (for Retry-After). */
  retryAfterSeconds: number;
}

export function signInThrottle(db: Kysely<Database>) {
  /** The time the subject's lock ends, or 0 when it is not locked. */
  async function lockedUntil(scope: Scope, subject: string, now: number): Promise<number> {
    const max = LIMITS[scope];
    const rows = await db
      .selectFrom('staff_sign_in_failures')
      .select('failed_at')
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('failed_at', '>', now - FAILURE_WINDOW_MS - LOCKOUT_MS)
      .orderBy('failed_at')
      .execute();
    const times = rows.map((row) => Number(row.failed_at));
    let until = 0;
    // A lock starts at the failure that completes `max` failures within the window.
    for (let i = max - 1; i < times.length; i++) {
      if (times[i] - times[i - max + 1] <= FAILURE_WINDOW_MS) until = Math.max(until, times[i] + LOCKOUT_MS);
    }
    return until > now ? until : 0;
  }

  return {
    /** The lock that applies to this attempt, if any (the account's first). */
    async check(account: string, address: string, now = Date.now()): Promise<Lockout | null> {
      for (const [scope, subject] of [['account', account], ['address', address]] as const) {
        const until = await lockedUntil(scope, subject, now);
        if (until) return { scope, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
      }
      return null;
    },

    async recordFailure(account: string, address: string, now = Date.now()): Promise<void> {
      await db
        .insertInto('staff_sign_in_failures')
        .values([
          { id: randomUUID(), scope: 'account', subject: account, failed_at: now },
          { id: randomUUID(), scope: 'address', subject: address, failed_at: now },
        ])
        .execute();
      // Old rows decide nothing any more; drop them now and then.
      if (Math.random() < 0.05) {
        await db.deleteFrom('staff_sign_in_failures').where('failed_at', '<', now - 2 * (FAILURE_WINDOW_MS + LOCKOUT_MS)).execute();
      }
    },

    /** A successful sign-in clears the account's count (not the address's). */
    async clearAccount(account: string): Promise<void> {
      await db.deleteFrom('staff_sign_in_failures').where('scope', '=', 'account').where('subject', '=', account).execute();
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
