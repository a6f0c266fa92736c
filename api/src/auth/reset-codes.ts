/**
 * Password reset codes that nobody else can void or outguess:
 *  - a request mails a new 6-digit code and leaves the codes already sent alive (at most
 *    RESET_LIVE_CODES at once per account, each valid RESET_CODE_SECONDS): a stranger's request
 *    cannot cancel the one the owner is about to type;
 *  - reset mails are limited per account (RESET_MAILS_PER_HOUR) whoever asks, and requests per
 *    client network, with the same answer for any address;
 *  - each attempt takes its place in the counts before the code is compared (attempts.ts): 3 per
 *    account from one network, 10 per account in all within the code's lifetime, after which every
 *    live code of the account is voided;
 *  - a code is used once (its row is deleted by the attempt that matched it, so of two racing
 *    attempts one wins), and a successful reset voids every other code, ends every session and
 *    every sign-in limit of the account (sign-in-throttle.ts).
 * Only a keyed hash (HMAC-SHA-256 with the auth secret) of each code is stored.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { attemptLedger, type Bucket } from './attempts.ts';

export const RESET_LIVE_CODES = 3;
export const RESET_MAILS_PER_HOUR = 5;
export const RESET_REQUESTS_PER_NETWORK_PER_MINUTE = 3;
export const RESET_ATTEMPTS_PER_NETWORK = 3;
export const RESET_ATTEMPTS_PER_ACCOUNT = 10;

export interface ResetCodeOptions {
  secret: string;
  codeLength: number;
  validSeconds: number;
}

const buckets = {
  requests: (network: string): Bucket => ({ name: `reset-request:${network}`, max: RESET_REQUESTS_PER_NETWORK_PER_MINUTE, windowMs: 60_000 }),
  mails: (account: string): Bucket => ({ name: `reset-mail:${account}`, account, max: RESET_MAILS_PER_HOUR, windowMs: 60 * 60_000 }),
};

export function resetCodes(db: Kysely<Database>, { secret, codeLength, validSeconds }: ResetCodeOptions) {
  const ledger = attemptLedger(db);
  const attemptBuckets = (account: string, network: string): Bucket[] => [
    { name: `reset-code:${account}|${network}`, account, max: RESET_ATTEMPTS_PER_NETWORK, windowMs: validSeconds * 1000 },
    { name: `reset-code-account:${account}`, account, max: RESET_ATTEMPTS_PER_ACCOUNT, windowMs: validSeconds * 1000 },
  ];
  const hashOf = (userId: string, code: string) => createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');

  return {
    /** A request from this network may go on, or the seconds until one may. */
    async requestAllowed(network: string, now = Date.now()): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
      const reserved = await ledger.reserve([buckets.requests(network)], now);
      return reserved.ok ? { ok: true } : { ok: false, retryAfterSeconds: reserved.retryAfterSeconds };
    },

    /** A new code for the member, or null when they already have enough live codes or mails this hour. */
    async issue(userId: string, account: string, now = Date.now()): Promise<string | null> {
      const live = await db
        .selectFrom('staff_reset_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(live.n) >= RESET_LIVE_CODES) return null;
      if (!(await ledger.reserve([buckets.mails(account)], now)).ok) return null;
      const code = String(randomInt(10 ** codeLength)).padStart(codeLength, '0');
      await db.insertInto('staff_reset_codes').values({ id: randomUUID(), user_id: userId, code_hash: hashOf(userId, code), created_at: now, expires_at: now + validSeconds * 1000 }).execute();
      // Expired codes decide nothing; drop them now and then.
      if (Math.random() < 0.05) await db.deleteFrom('staff_reset_codes').where('expires_at', '<', now).execute();
      return code;
    },

    /**
     * Uses a code: 'used' when it was one of the member's live codes (now gone), 'wrong' when it
     * was not, 'locked' when the attempt was refused before any comparison. `userId` null (an
     * address nobody uses) is counted the same way and is always 'wrong'.
     */
    async use(userId: string | null, account: string, network: string, code: string, now = Date.now()): Promise<'used' | 'wrong' | 'locked'> {
      const held = attemptBuckets(account, network);
      const reserved = await ledger.reserve(held, now);
      if (!reserved.ok) return 'locked';
      if (userId) {
        const wanted = Buffer.from(hashOf(userId, code));
        const rows = await db.selectFrom('staff_reset_codes').select(['id', 'code_hash']).where('user_id', '=', userId).where('expires_at', '>', now).execute();
        const match = rows.find((row) => row.code_hash.length === wanted.length && timingSafeEqual(Buffer.from(row.code_hash), wanted));
        // Deleting the row is what uses it: of two attempts racing with the same code, one deletes it.
        if (match && Number((await db.deleteFrom('staff_reset_codes').where('id', '=', match.id).executeTakeFirst()).numDeletedRows) === 1) {
          await ledger.release(held);
          return 'used';
        }
        // The account's last allowed attempt failed: every live code dies with it.
        if (reserved.hits[1] === RESET_ATTEMPTS_PER_ACCOUNT) await db.deleteFrom('staff_reset_codes').where('user_id', '=', userId).execute();
      }
      return 'wrong';
    },

    /** Voids every code of the member (a successful reset). */
    async voidAll(userId: string): Promise<void> {
      await db.deleteFrom('staff_reset_codes').where('user_id', '=', userId).execute();
    },
  };
}

export type ResetCodes = ReturnType<typeof resetCodes>;
