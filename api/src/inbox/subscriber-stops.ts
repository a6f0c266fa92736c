/**
 * When an address stops being mailed for a reason of its own: the mail provider reports a bounce
 * or a complaint (routes/mail-feedback.ts). The rule, in one place: a complaint outranks every
 * status (the person said it is spam); a bounce stops only an address that is still mailed or
 * waiting for its confirmation, so it never overwrites an unsubscribe (whose date staff and the
 * chart read) or a complaint.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

export type StopKind = 'bounced' | 'complained';

/** Statuses a bounce may replace. */
const BOUNCEABLE = ['confirmed', 'pending'] as const;

/** Stops the subscriber for `kind`; whether its status changed. The status test is in the update itself, so a concurrent unsubscribe is never overwritten. */
export async function stopSubscriber(trx: Kysely<Database>, id: string, kind: StopKind, reason: string, now: string): Promise<boolean> {
  let update = trx.updateTable('subscribers').set({ status: kind, stopped_at: now, stopped_reason: reason.slice(0, 500), updated_at: now }).where('id', '=', id);
  if (kind === 'bounced') update = update.where('status', 'in', BOUNCEABLE);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
