/**
 * Refunds, reversals and cancelled reversals (PayPal's payment_status Refunded, Reversed,
 * Canceled_Reversal, each naming its payment in parent_txn_id). Each is kept as a transaction of
 * its own, once per PayPal transaction id, even when its payment has not been recorded yet (its
 * notification is still being verified); the gift's standing is then worked out again from its
 * payment and every adjustment (gift-status.ts), so the order of arrival changes nothing.
 */
import type { GiftRow } from '../db/types.ts';
import { standing, storedPaymentState, type AdjustmentKind } from './gift-status.ts';
import type { Trx } from './trx.ts';

/** Works a gift's standing out again from its payment and its adjustments; the gift as it now stands, or undefined when it is not recorded yet. */
export async function settleGift(trx: Trx, txnId: string): Promise<GiftRow | undefined> {
  const gift = await trx.selectFrom('gifts').selectAll().where('txn_id', '=', txnId).executeTakeFirst();
  if (!gift) return undefined;
  const adjustments = await trx.selectFrom('gift_adjustments').select(['kind', 'amount_cents', 'at']).where('parent_txn_id', '=', txnId).execute();
  const next = standing(storedPaymentState(gift.status), Number(gift.amount_cents), adjustments);
  await trx.updateTable('gifts').set(next).where('txn_id', '=', txnId).execute();
  return { ...gift, ...next };
}

/** An adjustment as any of PayPal's paths tells it (IPN's Refunded/Reversed fields, a Payments v2 refund). */
export interface AdjustmentEvent {
  /** PayPal's own id of the refund or reversal; null: one is made from the parent, kind and time. */
  txnId: string | null;
  /** The payment it adjusts (IPN's parent_txn_id, a capture id). */
  parent: string;
  kind: AdjustmentKind;
  /** A refund's amount in cents, either sign; null or 0: the whole gift. */
  amountCents: number | null;
  payerEmail: string | null;
  at: string;
}

/** Keeps one adjustment and settles its gift; the outcome says what changed. */
export async function recordAdjustment(trx: Trx, event: AdjustmentEvent, now: string): Promise<string> {
  const { kind, at } = event;
  const parent = event.parent.trim().slice(0, 64);
  const amount = event.amountCents;
  const txnId = (event.txnId?.trim() || `${parent}:${kind}:${at}`).slice(0, 64);
  const inserted = await trx
    .insertInto('gift_adjustments')
    .values({
      txn_id: txnId,
      parent_txn_id: parent,
      kind,
      amount_cents: kind === 'refund' && amount !== null && amount !== 0 ? Math.abs(amount) : null,
      payer_email: event.payerEmail?.trim().toLowerCase().slice(0, 254) || null,
      at,
      created_at: now,
    })
    .onConflict((oc) => oc.column('txn_id').doNothing())
    .returning('txn_id')
    .execute();
  if (!inserted.length) return `already recorded: ${kind} ${txnId} of gift ${parent}`;
  const gift = await settleGift(trx, parent);
  return gift ? `${kind} ${txnId} recorded: gift ${parent} ${gift.status}, ${Number(gift.refunded_cents)} cents refunded` : `${kind} ${txnId} kept for gift ${parent}, not recorded yet`;
}
