/**
 * The staff inbox's constants, shared by the API (api/src/inbox) and the admin islands: the three
 * kinds of submission, the work statuses, the subscriber statuses and the page size.
 */
export const INBOX_KINDS = ['contact', 'volunteer', 'partnership'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_KIND_LABELS: Readonly<Record<InboxKind, string>> = {
  contact: 'Contact messages',
  volunteer: 'Volunteer applications',
  partnership: 'Partnership inquiries',
};

export const INBOX_STATUSES = ['new', 'in_progress', 'handled'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const INBOX_STATUS_LABELS: Readonly<Record<InboxStatus, string>> = {
  new: 'New',
  in_progress: 'In progress',
  handled: 'Handled',
};

/** bounced: the mail server refused the address for good; complained: marked as spam. Neither is mailed again. */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced', 'complained'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_STATUS_LABELS: Readonly<Record<SubscriberStatus, string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Complained (marked as spam)',
};

/** Rows per page of every staff list; the API accepts up to INBOX_MAX_PAGE_SIZE. */
export const INBOX_PAGE_SIZE = 25;
export const INBOX_MAX_PAGE_SIZE = 100;
/** Longest staff note and search text the API accepts. */
export const STAFF_NOTE_MAX = 5000;
export const SEARCH_MAX = 200;
/** At most this many rows change status in one bulk request. */
export const BULK_MAX = 500;
/** Weeks in the subscriber chart. */
export const CHART_WEEKS = 52;
