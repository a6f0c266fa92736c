/**
 * A gift's standing, worked out from everything PayPal told about it, in whatever order it came:
 *  - the payment itself: pending (an eCheck that has not cleared, or another pending reason),
 *    completed, or failed (a failed eCheck, denied, voided, expired);
 *  - its adjustments, each a PayPal transaction of its own: refunds (partial or full) and
 *    reversals (a chargeback) with their cancellations.
 * A completed gift with a reversal not cancelled is reversed; refunds adding up to its amount make
 * it refunded; otherwise it counts with its net amount (the amount less what was refunded).
 * Pending and failed gifts count nowhere and get no receipt.
 */
import type { GiftsTable } from '../db/types.ts';

export type PaymentState = 'pending' | 'completed' | 'failed';
export type AdjustmentKind = 'refund' | 'reversal' | 'reversal-canceled';

export interface Adjustment {
  kind: AdjustmentKind;
  /** A refund's amount in cents; null when PayPal gave none (the whole gift). */
  amount_cents: number | string | null;
  at: string;
}

/** PayPal's payment_status values, as states of the payment. */
const PAYMENT_STATES: Readonly<Record<string, PaymentState>> = {
  Completed: 'completed',
  Pending: 'pending',
  Processed: 'pending',
  'In-Progress': 'pending',
  Failed: 'failed',
  Denied: 'failed',
  Voided: 'failed',
  Expired: 'failed',
};

export const paymentState = (status: string | undefined): PaymentState | undefined => PAYMENT_STATES[status ?? ''];

/** PayPal's payment_status values that adjust an earlier payment (named by parent_txn_id). */
export const ADJUSTMENT_KINDS: Readonly<Record<string, AdjustmentKind>> = { Refunded: 'refund', Reversed: 'reversal', Canceled_Reversal: 'reversal-canceled' };

/** The payment's own state, as a stored gift records it (refunded and reversed ones had completed). */
export const storedPaymentState = (status: GiftsTable['status']): PaymentState => (status === 'pending' || status === 'failed' ? status : 'completed');

export interface Standing {
  status: GiftsTable['status'];
  refunded_cents: number;
  refunded_at: string | null;
}

export function standing(payment: PaymentState, amountCents: number, adjustments: readonly Adjustment[]): Standing {
  const refunds = adjustments.filter((a) => a.kind === 'refund');
  const refunded = Math.min(amountCents, refunds.reduce((sum, a) => sum + (a.amount_cents === null ? amountCents : Math.abs(Number(a.amount_cents))), 0));
  const reversals = adjustments.filter((a) => a.kind === 'reversal').length - adjustments.filter((a) => a.kind === 'reversal-canceled').length;
  const reversal = adjustments.filter((a) => a.kind === 'reversal').map((a) => a.at).sort().at(-1);
  const lastRefund = refunds.map((a) => a.at).sort().at(-1) ?? null;
  if (payment !== 'completed') return { status: payment, refunded_cents: refunded, refunded_at: lastRefund };
  if (reversals > 0) return { status: 'reversed', refunded_cents: refunded, refunded_at: reversal ?? lastRefund };
  return { status: refunded >= amountCents ? 'refunded' : 'completed', refunded_cents: refunded, refunded_at: lastRefund };
}

/** What a gift counts for in totals and statements: its net amount when completed, else nothing. */
export const countedCents = (gift: { status: GiftsTable['status']; amount_cents: number | string; refunded_cents: number | string }) =>
  gift.status === 'completed' ? Number(gift.amount_cents) - Number(gift.refunded_cents) : 0;
