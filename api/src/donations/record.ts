/**
 * What a verified notification changes, inside the transaction that marks it verified:
 *  - a one-time payment (web_accept) or monthly payment (subscr_payment) is a gift, one per
 *    txn_id: pending until PayPal says it completed (an eCheck clearing), receipted once when it
 *    does, never when it failed;
 *  - a refund, reversal or cancelled reversal (parent_txn_id) is an adjustment of its gift
 *    (adjustments.ts): a partial refund leaves the gift with its net amount;
 *  - subscr_signup, subscr_payment, subscr_failed, subscr_cancel and subscr_eot keep one
 *    monthly-donor record per subscription (monthly-donors.ts).
 * Nothing is recorded unless the receiver is the organisation's account and the currency USD; a
 * gift's amount must be positive and no larger than PayPal's amounts go. Each change is
 * idempotent and the record ends the same whatever order the notifications come in, so a
 * replayed notification (PayPal verifies an old genuine message again) changes nothing.
 */
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { zonedYear } from '../../../src/lib/organisation-calendar.ts';
import type { Db } from '../db/index.ts';
import { newId } from '../db/ids.ts';
import type { GiftRow } from '../db/types.ts';
import type { Mailer } from '../mail/outbox.ts';
import { recordAdjustment, settleGift, type AdjustmentEvent } from './adjustments.ts';
import { lockPayment } from './gift-lock.ts';
import { ADJUSTMENT_KINDS, paymentState, type PaymentState } from './gift-status.ts';
import { cents, customLang, MAX_PAYPAL_AMOUNT_CENTS, paypalDate, type IpnFields } from './ipn.ts';
import { cancelled, ended, later, monthlyDonor, paymentAmount, signedUp, type Subscriber } from './monthly-donors.ts';
import { payer } from './payer.ts';
import { receiptMail } from './receipt-mail.ts';
import type { Trx } from './trx.ts';

export const DONATION_CURRENCY = 'USD';

export interface Recorded {
  outcome: string;
  /** Outbox ids of the receipts queued, to deliver once committed. */
  mailIds: string[];
}

/** The receipt number of a payment: the organisation's year it was made in and PayPal's transaction id. */
export const receiptNumber = (paidAt: string, txnId: string) => `${zonedYear(paidAt)}-${txnId}`;

export const nothing = (outcome: string): Recorded => ({ outcome, mailIds: [] });

/** An amount PayPal can have sent for a gift, or why not. */
export function giftAmount(value: string | undefined): number | string {
  const amount = cents(value);
  if (amount === null || amount <= 0) return `ignored: the amount ${value ?? '(none)'} is not positive`;
  if (amount > MAX_PAYPAL_AMOUNT_CENTS) return `refused: the amount ${value} is larger than any PayPal payment (at most 9999999999.99)`;
  return amount;
}

/** The gift's receipt, queued once: when its payment has completed and it has not been refunded in full meanwhile. */
async function receiptIfDue(trx: Trx, mailer: Mailer, gift: GiftRow, now: string): Promise<string[]> {
  if (gift.status !== 'completed' || gift.receipt_sent_at) return [];
  await trx.updateTable('gifts').set({ receipt_sent_at: now }).where('txn_id', '=', gift.txn_id).execute();
  return mailer.enqueue(trx, [receiptMail(gift, langOrDefault(gift.lang))]);
}

/**
 * A payment as any of PayPal's paths tells it: IPN's web_accept and subscr_payment, a Payments v2
 * capture (Orders v2), a Subscriptions v1 sale. One gift per txnId whatever told it first.
 */
export interface Payment {
  /** IPN's txn_id, a capture's id, a subscription sale's id. */
  txnId: string;
  state: PaymentState;
  /** Positive integer cents, at most MAX_PAYPAL_AMOUNT_CENTS (giftAmount). */
  amountCents: number;
  email: string;
  name: string;
  paidAt: string;
  lang: string | null;
  kind: 'one-time' | 'monthly';
  /** The subscription of a monthly payment, and the path it is on. */
  subscriber: Subscriber | null;
}

/** Records a payment once (pending payments move on when PayPal tells the end), its receipt queued when due. */
export async function recordPayment(trx: Trx, dialect: Db['dialect'], mailer: Mailer, payment: Payment, now: string): Promise<Recorded> {
  const txnId = payment.txnId.trim().slice(0, 64);
  if (!txnId) return nothing('ignored: no transaction id');
  if (!payment.email) return nothing('ignored: no payer address');
  await lockPayment(trx, dialect, txnId);
  const { state, amountCents: amount, paidAt } = payment;
  const subscrId = payment.subscriber ? payment.subscriber.subscrId.slice(0, 64) : null;
  if (payment.subscriber && subscrId) {
    await monthlyDonor(trx, payment.subscriber, amount, now);
    await paymentAmount(trx, subscrId, amount);
    if (state === 'completed') await later(trx, subscrId, 'last_payment_at', paidAt, now);
    if (state === 'failed') await later(trx, subscrId, 'last_failed_at', paidAt, now);
  }
  const inserted = await trx
    .insertInto('gifts')
    .values({
      id: newId(),
      txn_id: txnId,
      receipt_number: receiptNumber(paidAt, txnId.slice(0, 30)),
      email: payment.email,
      name: payment.name,
      amount_cents: amount,
      refunded_cents: 0,
      kind: payment.kind,
      subscr_id: subscrId,
      status: state,
      lang: langOrDefault(payment.lang),
      paid_at: paidAt,
      refunded_at: null,
      receipt_sent_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  let outcome: string;
  if (inserted.length) outcome = `gift ${txnId} recorded (${state})`;
  else {
    // Known already: only a pending payment moves on (cleared or failed); the rest is a replay.
    const moved = state === 'pending' ? undefined : await trx.updateTable('gifts').set({ status: state }).where('txn_id', '=', txnId).where('status', '=', 'pending').executeTakeFirst();
    if (!moved || Number(moved.numUpdatedRows) === 0) return nothing(`already recorded: gift ${txnId}`);
    outcome = `gift ${txnId} ${state} (was pending)`;
  }
  // Refunds or a reversal told before the payment apply now.
  const gift = (await settleGift(trx, txnId))!;
  const mailIds = await receiptIfDue(trx, mailer, gift, now);
  if (gift.status !== state) outcome += `, now ${gift.status}`;
  return { outcome: mailIds.length ? `${outcome}, receipt ${gift.receipt_number} queued` : outcome, mailIds };
}

/** Keeps a refund, reversal or cancelled reversal of a payment, under that payment's lock. */
export async function recordPaymentAdjustment(trx: Trx, dialect: Db['dialect'], event: AdjustmentEvent, now: string): Promise<Recorded> {
  await lockPayment(trx, dialect, event.parent.trim().slice(0, 64));
  return nothing(await recordAdjustment(trx, event, now));
}

/** What a subscription's own event tells, from either path. */
export type SubscriptionChange = { type: 'signup'; amountCents: number } | { type: 'failed' } | { type: 'cancelled' } | { type: 'ended' } | { type: 'suspended' };

export async function recordSubscriptionChange(trx: Trx, who: Subscriber, change: SubscriptionChange, amountCents: number | null, at: string, now: string): Promise<Recorded> {
  if (change.type === 'signup') {
    const id = await monthlyDonor(trx, who, change.amountCents, now);
    await signedUp(trx, id, change.amountCents, at, now);
    return nothing(`monthly donor ${id} signed up`);
  }
  const id = await monthlyDonor(trx, who, amountCents, now);
  if (change.type === 'failed' || change.type === 'suspended') {
    await later(trx, id, 'last_failed_at', at, now);
    return nothing(change.type === 'failed' ? `monthly donor ${id}: a payment failed` : `monthly donor ${id} suspended by PayPal`);
  }
  if (change.type === 'cancelled') {
    await cancelled(trx, id, at, now);
    return nothing(`monthly donor ${id} cancelled`);
  }
  await ended(trx, id, at, now);
  return nothing(`monthly donor ${id} ended`);
}

/** The subscriber an IPN message names (Payments Standard). */
function ipnSubscriber(fields: IpnFields): Subscriber {
  return { subscrId: fields.subscr_id!, ...payer(fields), lang: customLang(fields), source: 'standard' as const };
}

async function recordIpnPayment(trx: Trx, dialect: Db['dialect'], mailer: Mailer, fields: IpnFields, kind: 'one-time' | 'monthly', now: string): Promise<Recorded> {
  const txnId = fields.txn_id?.trim().slice(0, 64);
  if (!txnId) return nothing('ignored: no txn_id');
  const state = paymentState(fields.payment_status);
  if (!state) return nothing(`not recorded: payment ${fields.payment_status || 'without a status'}`);
  const amount = giftAmount(fields.mc_gross);
  if (typeof amount === 'string') return nothing(amount);
  const who = payer(fields);
  if (!who.email) return nothing('ignored: no payer_email');
  const paidAt = paypalDate(fields.payment_date) ?? now;
  const subscriber = kind === 'monthly' && fields.subscr_id ? ipnSubscriber(fields) : null;
  return recordPayment(trx, dialect, mailer, { txnId, state, amountCents: amount, ...who, paidAt, lang: customLang(fields), kind, subscriber }, now);
}

async function recordIpnSubscription(trx: Trx, fields: IpnFields, type: string, now: string): Promise<Recorded> {
  const at = paypalDate(fields.subscr_date) ?? paypalDate(fields.payment_date) ?? now;
  const who = ipnSubscriber(fields);
  if (type === 'subscr_signup') {
    const amount = giftAmount(fields.mc_amount3);
    if (typeof amount === 'string') return nothing(amount.replace('the amount', 'the monthly amount'));
    return recordSubscriptionChange(trx, who, { type: 'signup', amountCents: amount }, amount, at, now);
  }
  const changes: Record<string, SubscriptionChange> = { subscr_failed: { type: 'failed' }, subscr_cancel: { type: 'cancelled' }, subscr_eot: { type: 'ended' } };
  const change = changes[type];
  if (!change) return nothing(`ignored: txn_type ${type}`);
  const amount = giftAmount(fields.mc_amount3);
  return recordSubscriptionChange(trx, who, change, typeof amount === 'number' ? amount : null, at, now);
}

export async function recordNotification(trx: Trx, dialect: Db['dialect'], mailer: Mailer, business: string, fields: IpnFields): Promise<Recorded> {
  const now = new Date().toISOString();
  const receiver = (fields.receiver_email ?? '').trim().toLowerCase();
  if (receiver !== business.trim().toLowerCase()) return nothing(`ignored: receiver ${receiver || '(none)'} is not the organisation's account`);
  if (fields.mc_currency !== DONATION_CURRENCY) return nothing(`ignored: currency ${fields.mc_currency || '(none)'} is not ${DONATION_CURRENCY}`);
  const type = fields.txn_type ?? '';
  const adjustment = ADJUSTMENT_KINDS[fields.payment_status ?? ''];
  if (adjustment) {
    const parent = fields.parent_txn_id?.trim();
    if (!parent) return nothing(`ignored: ${fields.payment_status} without parent_txn_id`);
    // A refund's mc_gross is negative ('-5.00'); none given: the whole gift.
    const event = { txnId: fields.txn_id ?? null, parent, kind: adjustment, amountCents: cents(fields.mc_gross), payerEmail: fields.payer_email ?? null, at: paypalDate(fields.payment_date) ?? now };
    return recordPaymentAdjustment(trx, dialect, event, now);
  }
  if (type === 'web_accept' || type === 'subscr_payment') {
    if (type === 'subscr_payment' && !fields.subscr_id) return nothing(`ignored: ${type} without subscr_id`);
    return recordIpnPayment(trx, dialect, mailer, fields, type === 'web_accept' ? 'one-time' : 'monthly', now);
  }
  if (!type.startsWith('subscr_')) return nothing(`ignored: txn_type ${type || '(none)'}`);
  if (!fields.subscr_id) return nothing(`ignored: ${type} without subscr_id`);
  return recordIpnSubscription(trx, fields, type, now);
}
