/**
 * What a verified notification changes, inside the transaction that marks it verified:
 *  - a completed one-time payment (web_accept) or monthly payment (subscr_payment) is a gift,
 *    one per txn_id, with its receipt queued in the same transaction;
 *  - a refund or reversal (payment_status Refunded / Reversed, parent_txn_id) marks its gift;
 *    a cancelled reversal puts it back;
 *  - subscr_signup, subscr_payment, subscr_failed, subscr_cancel and subscr_eot keep one
 *    monthly-donor record per subscription.
 * Nothing is recorded unless the receiver is the organisation's account and the currency USD;
 * a gift's amount must be positive. Each change is idempotent, so a replayed notification
 * (PayPal verifies an old genuine message again) changes nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import type { Database } from '../db/types.ts';
import { newId } from '../db/ids.ts';
import type { Mailer } from '../mail/outbox.ts';
import { cents, customLang, paypalDate, type IpnFields } from './ipn.ts';
import { receiptMail } from './receipt-mail.ts';

export const DONATION_CURRENCY = 'USD';

type Trx = Transaction<Database> | Kysely<Database>;

export interface Recorded {
  outcome: string;
  /** Outbox ids of the receipts queued, to deliver once committed. */
  mailIds: string[];
}

/** The receipt number of a payment: the year it was made and PayPal's transaction id. */
export const receiptNumber = (paidAt: string, txnId: string) => `${paidAt.slice(0, 4)}-${txnId}`;

const nothing = (outcome: string): Recorded => ({ outcome, mailIds: [] });

function payer(fields: IpnFields) {
  const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ').trim() || fields.payer_business_name || '';
  return { email: (fields.payer_email ?? '').trim().toLowerCase().slice(0, 254), name: name.slice(0, 200) };
}

async function recurringDonor(trx: Trx, fields: IpnFields, amountCents: number | null, now: string) {
  const subscrId = fields.subscr_id!;
  const who = payer(fields);
  await trx
    .insertInto('recurring_donors')
    .values({
      subscr_id: subscrId,
      email: who.email,
      name: who.name,
      amount_cents: amountCents ?? 0,
      lang: langOrDefault(customLang(fields)),
      status: 'active',
      signed_up_at: null,
      last_payment_at: null,
      last_failed_at: null,
      cancelled_at: null,
      ended_at: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('subscr_id').doNothing())
    .execute();
  // A payment may be told before the sign-up: the amount comes from whichever arrives with one.
  if (amountCents) await trx.updateTable('recurring_donors').set({ amount_cents: amountCents }).where('subscr_id', '=', subscrId).where('amount_cents', '=', 0).execute();
  return subscrId;
}

/** Keeps the later of two times in a column (a replay or an older message never moves it back). */
async function later(trx: Trx, subscrId: string, column: 'signed_up_at' | 'last_payment_at' | 'last_failed_at', at: string, now: string) {
  await trx
    .updateTable('recurring_donors')
    .set({ [column]: at, updated_at: now })
    .where('subscr_id', '=', subscrId)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<', at)]))
    .execute();
}

async function recordGift(trx: Trx, mailer: Mailer, fields: IpnFields, kind: 'one-time' | 'monthly', now: string): Promise<Recorded> {
  const txnId = fields.txn_id?.trim();
  if (!txnId) return nothing('ignored: no txn_id');
  if ((fields.payment_status ?? '') !== 'Completed') return nothing(`not recorded: payment ${fields.payment_status || 'without a status'}`);
  const amount = cents(fields.mc_gross);
  if (amount === null || amount <= 0) return nothing('ignored: the amount is not positive');
  const who = payer(fields);
  if (!who.email) return nothing('ignored: no payer_email');
  const paidAt = paypalDate(fields.payment_date) ?? now;
  const lang = langOrDefault(customLang(fields));
  const gift = {
    id: newId(),
    txn_id: txnId.slice(0, 64),
    receipt_number: receiptNumber(paidAt, txnId.slice(0, 30)),
    email: who.email,
    name: who.name,
    amount_cents: amount,
    kind,
    subscr_id: kind === 'monthly' ? (fields.subscr_id?.slice(0, 64) ?? null) : null,
    status: 'completed' as const,
    lang,
    paid_at: paidAt,
    refunded_at: null,
    receipt_sent_at: now,
    created_at: now,
  };
  const inserted = await trx.insertInto('gifts').values(gift).onConflict((oc) => oc.doNothing()).returning('id').execute();
  if (kind === 'monthly' && gift.subscr_id) {
    await recurringDonor(trx, fields, amount, now);
    await later(trx, gift.subscr_id, 'last_payment_at', paidAt, now);
  }
  if (!inserted.length) return nothing(`already recorded: gift ${txnId}`);
  const mailIds = await mailer.enqueue(trx, [receiptMail(gift, lang)]);
  return { outcome: `gift ${txnId} recorded, receipt ${gift.receipt_number} queued`, mailIds };
}

async function refund(trx: Trx, fields: IpnFields, status: string, now: string): Promise<Recorded> {
  const parent = fields.parent_txn_id?.trim();
  if (!parent) return nothing(`ignored: ${status} without parent_txn_id`);
  const to = status === 'Refunded' ? 'refunded' : status === 'Reversed' ? 'reversed' : 'completed';
  const result = await trx
    .updateTable('gifts')
    .set({ status: to, refunded_at: to === 'completed' ? null : (paypalDate(fields.payment_date) ?? now) })
    .where('txn_id', '=', parent)
    .where('status', '=', to === 'completed' ? 'reversed' : 'completed')
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  return nothing(changed ? `gift ${parent} ${to}` : `no change: no completed gift ${parent}`);
}

export async function recordNotification(trx: Trx, mailer: Mailer, business: string, fields: IpnFields): Promise<Recorded> {
  const now = new Date().toISOString();
  const receiver = (fields.receiver_email ?? '').trim().toLowerCase();
  if (receiver !== business.trim().toLowerCase()) return nothing(`ignored: receiver ${receiver || '(none)'} is not the organisation's account`);
  if (fields.mc_currency !== DONATION_CURRENCY) return nothing(`ignored: currency ${fields.mc_currency || '(none)'} is not ${DONATION_CURRENCY}`);
  const type = fields.txn_type ?? '';
  const status = fields.payment_status ?? '';
  if (status === 'Refunded' || status === 'Reversed' || status === 'Canceled_Reversal') return refund(trx, fields, status, now);
  if (type === 'web_accept') return recordGift(trx, mailer, fields, 'one-time', now);
  if (!type.startsWith('subscr_')) return nothing(`ignored: txn_type ${type || '(none)'}`);
  if (!fields.subscr_id) return nothing(`ignored: ${type} without subscr_id`);
  if (type === 'subscr_payment') return recordGift(trx, mailer, fields, 'monthly', now);
  const at = paypalDate(fields.subscr_date) ?? paypalDate(fields.payment_date) ?? now;
  if (type === 'subscr_signup') {
    const amount = cents(fields.mc_amount3);
    if (amount === null || amount <= 0) return nothing('ignored: the monthly amount is not positive');
    const id = await recurringDonor(trx, fields, amount, now);
    await later(trx, id, 'signed_up_at', at, now);
    return nothing(`monthly donor ${id} signed up`);
  }
  const id = await recurringDonor(trx, fields, cents(fields.mc_amount3), now);
  if (type === 'subscr_failed') {
    await later(trx, id, 'last_failed_at', at, now);
    return nothing(`monthly donor ${id}: a payment failed`);
  }
  if (type === 'subscr_cancel') {
    await trx.updateTable('recurring_donors').set({ status: 'cancelled', cancelled_at: at, updated_at: now }).where('subscr_id', '=', id).where('status', '=', 'active').execute();
    return nothing(`monthly donor ${id} cancelled`);
  }
  if (type === 'subscr_eot') {
    // The end of a cancelled subscription keeps "cancelled" (the donor's choice); otherwise it ended.
    await trx.updateTable('recurring_donors').set({ ended_at: at, updated_at: now }).where('subscr_id', '=', id).where('ended_at', 'is', null).execute();
    await trx.updateTable('recurring_donors').set({ status: 'ended' }).where('subscr_id', '=', id).where('status', '=', 'active').execute();
    return nothing(`monthly donor ${id} ended`);
  }
  return nothing(`ignored: txn_type ${type}`);
}
