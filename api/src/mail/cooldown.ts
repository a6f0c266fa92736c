/**
 * Per-address mail cooldowns: at most one message of a kind to one address per period, so the
 * site's forms cannot be used to fill someone else's inbox, whatever network the requests come
 * from. Kept in the database (shared by every instance) and claimed atomically in the
 * transaction that queues the message.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/index.ts';
import { preparedQuery } from '../db/prepared.ts';

/** One acknowledgement per address per form per hour. */
export const ACK_COOLDOWN_SECONDS = 60 * 60;

/**
 * Claims `key` for `seconds`: true when no claim was running (the caller may send), false while
 * an earlier one runs. Expired claims are taken over in the same statement.
 */
const claim = preparedQuery<{ key: string; until: number; now: number }, { key: string }>((db, slot) =>
  db
    .insertInto('mail_cooldowns')
    .values({ key: slot('key'), until_at: slot('until') })
    .onConflict((oc) => oc.column('key').doUpdateSet({ until_at: slot('until') }).where('mail_cooldowns.until_at', '<=', slot('now')))
    .returning('key'),
);

/** A cooldown's key as it is stored. */
const cooldownKey = (key: string) => key.slice(0, 300);

/** Now and then (one call in fifty), removes the claims that have run out; undefined when not. */
function sweepCooldowns(trx: Kysely<Database> | Transaction<Database>, nowSeconds: number): Promise<unknown> | undefined {
  return Math.random() < 0.02 ? trx.deleteFrom('mail_cooldowns').where('until_at', '<', nowSeconds).execute() : undefined;
}

export async function claimCooldown(trx: Kysely<Database> | Transaction<Database>, key: string, seconds: number, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  const sweep = sweepCooldowns(trx, nowSeconds);
  if (sweep) await sweep;
  const claimed = await claim(trx, { key: cooldownKey(key), until: nowSeconds + seconds, now: nowSeconds });
  return claimed.rows.length > 0;
}
