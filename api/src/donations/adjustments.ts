/**
 * Refunds, reversals and cancelled reversals (PayPal's payment_status Refunded, Reversed,
 * Canceled_Reversal, each naming its payment in parent_txn_id). Each is kept as a transaction of
 * its own, once per PayPal transaction id, even when its payment has not been recorded yet (its
 * notification is still being verified); the gift's standing is then worked out again from its
 * payment and every adjustment (gift-status.ts), so the order of arrival changes nothing.
 */
import type { IpnFields } from './ipn.ts';
import { cents, paypalDate } from './ipn.ts';
import { standing, storedPaymentState, type AdjustmentKind } from './gift-status.ts';
import type { Trx } from './trx.ts';

/** Works a gift's standing out again from its payment and its adjustments; false when the gift is not recorded yet. */
export async function settleGift(trx: Trx, txnId: string): Promise<boolean> {
  const gift = await trx.selectFrom('gifts').select(['status', 'amount_cents']).where('txn_id', '=', txnId).executeTakeFirst();
  if (!gift) return false;
  const adjustments = await trx.selectFrom('gift_adjustments').select(['kind', 'amount_cents', 'at']).where('parent_txn_id', '=', txnId).execute();
  const next = standing(storedPaymentState(gift.status), Number(gift.amount_cents), adjustments);
  await trx.updateTable('gifts').set(next).where('txn_id', '=', txnId).execute();
  return true;
}

/** Keeps one adjustment and settles its gift; the outcome says what changed. */
export async function recordAdjustment(trx: Trx, fields: IpnFields, kind: AdjustmentKind, now: string): Promise<string> {
  const parent = fields.parent_txn_id!.trim().slice(0, 64);
  const at = paypalDate(fields.payment_date) ?? now;
  // A refund's mc_gross is negative ('-5.00'); none given: the whole gift.
  const amount = cents(fields.mc_gross);
  const txnId = (fields.txn_id?.trim() || `${parent}:${kind}:${at}`).slice(0, 64);
  const inserted = await trx
    .insertInto('gift_adjustments')
    .values({
      txn_id: txnId,
      parent_txn_id: parent,
      kind,
      amount_cents: kind === 'refund' && amount !== null && amount !== 0 ? Math.abs(amount) : null,
      payer_email: fields.payer_email?.trim().toLowerCase().slice(0, 254) || null,
      at,
      created_at: now,
    })
    .onConflict((oc) => oc.column('txn_id').doNothing())
    .returning('txn_id')
    .execute();
  if (!inserted.length) return `already recorded: ${kind} ${txnId} of gift ${parent}`;
  const known = await settleGift(trx, parent);
  const gift = known ? await trx.selectFrom('gifts').select(['status', 'refunded_cents']).where('txn_id', '=', parent).executeTakeFirst() : undefined;
  return gift ? `${kind} ${txnId} recorded: gift ${parent} ${gift.status}, ${Number(gift.refunded_cents)} cents refunded` : `${kind} ${txnId} kept for gift ${parent}, not recorded yet`;
}
