/** The Donations panel's words for the API's values, and its money format (US dollars, cents shown). */
export const KIND_LABELS = { 'one-time': 'One-time', monthly: 'Monthly' } as const;
export const GIFT_STATUS_LABELS = { pending: 'Pending', completed: 'Completed', refunded: 'Refunded', reversed: 'Reversed', failed: 'Failed' } as const;
export const MONTHLY_STATUS_LABELS = { active: 'Active', cancelled: 'Cancelled', ended: 'Ended' } as const;

/** A monthly gift's status, saying when the donor stopped it themselves on "Manage my giving". */
export const monthlyStatus = (gift: { status: keyof typeof MONTHLY_STATUS_LABELS; cancelledBy?: string | null }) =>
  gift.status === 'cancelled' && gift.cancelledBy === 'donor' ? 'Stopped by the donor' : MONTHLY_STATUS_LABELS[gift.status];

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const money = (cents: number) => USD.format(cents / 100);

/** Which PayPal path a monthly donor is on: staff see who still gives through Payments Standard during a switch. */
export const MONTHLY_SOURCE_LABELS: Readonly<Record<'standard' | 'subscriptions', string>> = { standard: 'Payments Standard', subscriptions: 'Subscriptions API' };

/** "1 donor", "14 donors". */
export const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** A statement's year as staff choose it: the organisation's current year covers the year so far. */
export const yearLabel = (year: { year: number; current: boolean }) => (year.current ? `${year.year} so far` : String(year.year));
