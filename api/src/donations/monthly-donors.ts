/**
 * Monthly donors: one record per PayPal subscription (subscr_id), kept from the subscription's
 * notifications (subscr_signup, subscr_payment, subscr_failed, subscr_cancel, subscr_eot) in any
 * order. Its status follows from what is known, not from the order it was told: cancelled once a
 * cancellation is known (the donor's choice, even when the end of term came first), else ended
 * once the end is known, else active. The amount is the sign-up's (mc_amount3) once known, until
 * then a payment's.
 */
import { sql } from 'kysely';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import type { Trx } from './trx.ts';

export type MonthlyDonorSource = 'standard' | 'subscriptions';

/** A subscription as any of PayPal's paths tells it: IPN's subscr_* fields or a Subscriptions v1 resource. */
export interface Subscriber {
  subscrId: string;
  email: string;
  name: string;
  lang: string | null;
  /** Which PayPal path it is on: Payments Standard (IPN) or Subscriptions v1 (webhooks). */
  source: MonthlyDonorSource;
}

/** The subscription's record, created on the first message about it; returns its id. */
export async function monthlyDonor(trx: Trx, who: Subscriber, amountCents: number | null, now: string): Promise<string> {
  const subscrId = who.subscrId.slice(0, 64);
  await trx
    .insertInto('recurring_donors')
    .values({
      subscr_id: subscrId,
      email: who.email,
      name: who.name,
      amount_cents: amountCents ?? 0,
      lang: langOrDefault(who.lang),
      status: 'active',
      source: who.source,
      signed_up_at: null,
      last_payment_at: null,
      last_failed_at: null,
      cancelled_at: null,
      ended_at: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('subscr_id').doNothing())
    .execute();
  // A record a payment started without the payer's address (a webhook told before the sign-up) takes it now.
  if (who.email) await trx.updateTable('recurring_donors').set({ email: who.email, name: who.name }).where('subscr_id', '=', subscrId).where('email', '=', '').execute();
  return subscrId;
}

/** A payment's amount, where no sign-up has told the subscription's own. */
export async function paymentAmount(trx: Trx, subscrId: string, amountCents: number) {
  await trx.updateTable('recurring_donors').set({ amount_cents: amountCents }).where('subscr_id', '=', subscrId).where('signed_up_at', 'is', null).execute();
}

/** The sign-up: its amount is the subscription's, whatever a payment told before. */
export async function signedUp(trx: Trx, subscrId: string, amountCents: number, at: string, now: string) {
  await trx.updateTable('recurring_donors').set({ amount_cents: amountCents, updated_at: now }).where('subscr_id', '=', subscrId).execute();
  await later(trx, subscrId, 'signed_up_at', at, now);
}

/** Keeps the later of two times in a column (a replay or an older message never moves it back). */
export async function later(trx: Trx, subscrId: string, column: 'signed_up_at' | 'last_payment_at' | 'last_failed_at', at: string, now: string) {
  await trx
    .updateTable('recurring_donors')
    .set({ [column]: at, updated_at: now })
    .where('subscr_id', '=', subscrId)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<', at)]))
    .execute();
}

/** Cancelled: the first cancellation's time is kept. */
export async function cancelled(trx: Trx, subscrId: string, at: string, now: string) {
  await trx
    .updateTable('recurring_donors')
    .set({ status: 'cancelled', cancelled_at: sql<string>`coalesce(cancelled_at, ${at})`, updated_at: now })
    .where('subscr_id', '=', subscrId)
    .execute();
}

/** The end of the subscription's term: ended, unless the donor had cancelled it. */
export async function ended(trx: Trx, subscrId: string, at: string, now: string) {
  await trx
    .updateTable('recurring_donors')
    .set({
      ended_at: sql<string>`coalesce(ended_at, ${at})`,
      status: sql<'cancelled' | 'ended'>`case when cancelled_at is null then 'ended' else 'cancelled' end`,
      updated_at: now,
    })
    .where('subscr_id', '=', subscrId)
    .execute();
}
