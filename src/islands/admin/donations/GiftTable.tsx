import type { GiftItem } from '../../../../api/src/donations/store.ts';
import { formatDate } from '../inbox/staff-api.ts';
import { GIFT_STATUS_LABELS, KIND_LABELS, money } from './labels.ts';

/** The gifts as a table: date, donor (opens their history), amount, kind, status, receipt. */
export function GiftTable({ gifts, busy, onDonor, onResend }: { gifts: GiftItem[]; busy?: boolean; onDonor?: (email: string) => void; onResend: (gift: GiftItem) => void }) {
  return (
    <div className="donation-scroll">
      <table className="donation-table donation-table--cards" aria-busy={busy || undefined}>
        <caption className="sipa-visually-hidden">Gifts, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Donor</th>
            <th scope="col">Amount</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {gifts.map((gift) => (
            <tr key={gift.id}>
              <td data-label="Date">
                <time dateTime={gift.paidAt}>{formatDate(gift.paidAt)}</time>
              </td>
              <td data-label="Donor">
                {onDonor ? (
                  <button type="button" className="donation-link" onClick={() => onDonor(gift.email)}>
                    {gift.name || gift.email}
                  </button>
                ) : (
                  gift.name || gift.email
                )}
                <span className="inbox-muted donation-email">{gift.email}</span>
              </td>
              <td data-label="Amount">
                {money(gift.amountCents)}
                {gift.refundedCents && gift.status === 'completed' ? <span className="inbox-muted donation-refund">{money(gift.refundedCents)} refunded, {money(gift.netCents)} counted</span> : null}
              </td>
              <td data-label="Kind">{KIND_LABELS[gift.kind]}</td>
              <td data-label="Status">
                <span className={`inbox-status donation-status--${gift.status}`}>{GIFT_STATUS_LABELS[gift.status]}</span>
              </td>
              <td data-label="Receipt">
                <span className="donation-receipt">{gift.receiptNumber}</span>
                {gift.status === 'pending' ? (
                  <span className="inbox-muted">Receipt sent when it clears</span>
                ) : gift.status === 'failed' ? (
                  <span className="inbox-muted">No receipt: the payment failed</span>
                ) : (
                  <button type="button" className="sipa-button sipa-button--secondary inbox-small" onClick={() => onResend(gift)} aria-label={`Resend receipt ${gift.receiptNumber}`}>
                    Resend receipt
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
