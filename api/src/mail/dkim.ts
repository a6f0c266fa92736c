/**
 * DKIM signing, the same for every mail the product sends: the outbox's (confirmations, welcome
 * mails, receipts, statements, staff codes, notices) and the newsletter's. nodemailer signs as it
 * transmits, covering those of the listed headers a message has. RFC 8058 section 3 asks that
 * List-Unsubscribe and List-Unsubscribe-Post both be signed for one-click unsubscribe to be
 * trusted, and nodemailer's default list leaves the second out: hence a list of our own.
 */
import type { ApiConfig } from '../config.ts';

export type DkimKey = NonNullable<ApiConfig['dkim']>;

/** nodemailer's default DKIM header list, plus List-Unsubscribe-Post (RFC 8058) and Auto-Submitted. */
export const DKIM_HEADER_FIELDS = [
  'from', 'sender', 'reply-to', 'subject', 'date', 'message-id', 'to', 'cc', 'mime-version', 'content-type',
  'content-transfer-encoding', 'content-id', 'content-description', 'resent-date', 'resent-from', 'resent-sender',
  'resent-to', 'resent-cc', 'resent-message-id', 'in-reply-to', 'references', 'list-id', 'list-help',
  'list-unsubscribe', 'list-unsubscribe-post', 'list-subscribe', 'list-post', 'list-owner', 'list-archive',
  'auto-submitted',
].join(':');

/** nodemailer's `dkim` option for the key. */
export const dkimSigning = (key: DkimKey) => ({ ...key, headerFieldNames: DKIM_HEADER_FIELDS });
