/**
 * Brute-force limits on staff sign-in (passwords and second-step codes alike), counted in the
 * database before anything is checked (attempts.ts), so every instance sees them and a burst of
 * concurrent guesses gets no more checks than a slow one:
 *  - an account from one client network (clientNetwork: an IPv4 address, an IPv6 /64): 10
 *    failures within 15 minutes stop that network's attempts at that account until the window
 *    ends. Strangers' failures elsewhere never lock the owner's own network;
 *  - a client network: 30 failures within 15 minutes, whatever the accounts (a spray);
 *  - an account as a whole, from networks it has never completed a sign-in from: 10 failures
 *    within 15 minutes, then such networks together get one attempt a minute. This slows a guess
 *    spread over many networks without locking the owner, whose known networks it does not
 *    touch; the member is mailed the moment it starts.
 * A refused attempt checks nothing and counts nothing. A right password or code gives its place
 * back; a completed sign-in also clears that network's count and remembers the network. A
 * successful password reset and `npm run staff -- unlock` clear every count of the account; the
 * unlock also lifts the lock of any network the account was refused from for a spray (one office
 * behind one address: 30 failures there lock everyone in it), and `npm run staff -- unlock-network`
 * lifts one network's locks, whatever the accounts.
 */
import type { Kysely } from 'kysely';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import type { Database } from '../db/index.ts';
import { attemptLedger, type Bucket } from './attempts.ts';

export const ACCOUNT_NETWORK_MAX_FAILURES = 10;
export const NETWORK_MAX_FAILURES = 30;
export const ACCOUNT_MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Once an account is being guessed at from unfamiliar networks: one attempt per this long. */
export const SLOWED_INTERVAL_MS = 60_000;
/** A network stays known to an account this long after its last completed sign-in. */
export const KNOWN_NETWORK_MS = 90 * 24 * 60 * 60_000;

export type LockScope = 'account' | 'address' | 'slowed';

export interface Lockout {
  scope: LockScope;
  /** Whole seconds until an attempt may be made again (for Retry-After). */
  retryAfterSeconds: number;
}

/** What a refused attempt is told. */
export function lockMessage(scope: LockScope): string {
  if (scope === 'address') return STAFF_TEXT.tooManyAttempts;
  return scope === 'slowed' ? STAFF_TEXT.slowedDown : STAFF_TEXT.lockedOut;
}

export interface Attempt {
  /** The password or code was right: its place is given back (it was not a failure). */
  passed(): Promise<void>;
}

/** How the names of the per-account-and-network counts start: `sign-in:<account>|<network>`. */
const ACCOUNT_NETWORK_PREFIX = 'sign-in:';

const buckets = {
  accountNetwork: (account: string, network: string): Bucket => ({ name: `${ACCOUNT_NETWORK_PREFIX}${account}|${network}`, account, max: ACCOUNT_NETWORK_MAX_FAILURES, windowMs: FAILURE_WINDOW_MS }),
  network: (network: string): Bucket => ({ name: `sign-in-network:${network}`, max: NETWORK_MAX_FAILURES, windowMs: FAILURE_WINDOW_MS }),
  account: (account: string): Bucket => ({ name: `sign-in-account:${account}`, account, max: ACCOUNT_MAX_FAILURES, windowMs: FAILURE_WINDOW_MS }),
  slowed: (account: string): Bucket => ({ name: `sign-in-slowed:${account}`, account, max: 1, windowMs: SLOWED_INTERVAL_MS }),
};

export interface ThrottleOptions {
  /** Called once per window when an account's failures from unfamiliar networks reach the limit. */
  onGuessing?: (account: string) => Promise<void>;
}

export function signInThrottle(db: Kysely<Database>, options: ThrottleOptions = {}) {
  const ledger = attemptLedger(db);

  async function isKnown(account: string, network: string, now: number): Promise<boolean> {
    const row = await db.selectFrom('staff_known_networks').select('signed_in_at').where('account', '=', account).where('network', '=', network).executeTakeFirst();
    return Boolean(row && Number(row.signed_in_at) > now - KNOWN_NETWORK_MS);
  }

  return {
    /**
     * Takes a place for one attempt at `account` from `network`, before the password or code is
     * checked; or the lock that refuses it. Keep the place on a failure; `passed()` otherwise.
     */
    async begin(account: string, network: string, now = Date.now()): Promise<{ attempt: Attempt } | { lock: Lockout }> {
      const known = await isKnown(account, network, now);
      const base = [buckets.accountNetwork(account, network), buckets.network(network)];
      let held = known ? base : [...base, buckets.account(account)];
      let reserved = await ledger.reserve(held, now);
      if (!reserved.ok && reserved.bucket.name === buckets.account(account).name) {
        held = [...base, buckets.slowed(account)];
        reserved = await ledger.reserve(held, now);
        if (!reserved.ok && reserved.bucket.name === buckets.slowed(account).name) return { lock: { scope: 'slowed', retryAfterSeconds: reserved.retryAfterSeconds } };
      }
      if (!reserved.ok) {
        const scope: LockScope = reserved.bucket.name.startsWith('sign-in-network:') ? 'address' : 'account';
        return { lock: { scope, retryAfterSeconds: reserved.retryAfterSeconds } };
      }
      // The attempt that fills the account's bucket: the member hears of it (once per window).
      if (held.length === 3 && held[2]!.name === buckets.account(account).name && reserved.hits[2] === ACCOUNT_MAX_FAILURES) {
        await options.onGuessing?.(account).catch((error: unknown) => console.error('staff sign-in: could not tell the member of failed sign-ins', error));
      }
      return { attempt: { passed: () => ledger.release(held) } };
    },

    /** A completed sign-in (password and any second step): that network's count ends and it becomes known. */
    async signedIn(account: string, network: string, now = Date.now()): Promise<void> {
      await ledger.clear([buckets.accountNetwork(account, network)]);
      await db
        .insertInto('staff_known_networks')
        .values({ account, network, signed_in_at: now })
        .onConflict((oc) => oc.columns(['account', 'network']).doUpdateSet({ signed_in_at: now }))
        .execute();
    },

    /** Every count of the account ends (a successful password reset, `npm run staff -- unlock`). */
    async unlock(account: string): Promise<number> {
      return ledger.clearAccount(account);
    },

    /**
     * What an operator's `unlock` does: every count of the account ends, and so does the lock of
     * each network the account was tried from that is locked as a whole (its per-network counts
     * name them; a refused attempt leaves its count in place, at the hits it had). Returns how
     * many of the account's counts ended and the networks whose lock was lifted.
     */
    async unlockWithNetworks(account: string, now = Date.now()): Promise<{ counts: number; networks: string[] }> {
      const prefix = `${ACCOUNT_NETWORK_PREFIX}${account}|`;
      const tried = (await ledger.namesStartingWith(prefix)).map((name) => name.slice(prefix.length));
      const networks: string[] = [];
      for (const network of tried) if (await ledger.isFull(buckets.network(network), now)) networks.push(network);
      await ledger.clear(networks.map(buckets.network));
      return { counts: await ledger.clearAccount(account), networks };
    },

    /** One network's locks end: its own count and every account's count from it. Returns how many counts ended. */
    async unlockNetwork(network: string): Promise<number> {
      const fromIt = (await ledger.namesStartingWith(ACCOUNT_NETWORK_PREFIX)).filter((name) => name.endsWith(`|${network}`));
      return ledger.clearNamed([buckets.network(network).name, ...fromIt]);
    },

    /** Whether the account is locked for this network right now (without counting anything). */
    async isLocked(account: string, network: string, now = Date.now()): Promise<boolean> {
      return ledger.isFull(buckets.accountNetwork(account, network), now);
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
