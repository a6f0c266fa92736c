/**
 * Table shapes as the query layer sees them. Times are ISO-8601 strings and flags are integers
 * in both databases (node:sqlite binds neither Date nor boolean), lists are JSON text.
 */
import type { Generated, Selectable } from 'kysely';

export interface SubscribersTable {
  id: string;
  email: string;
  /** bounced: the mail server refused the address for good; complained: its owner reported our mail as spam. */
  status: 'pending' | 'confirmed' | 'unsubscribed' | 'bounced' | 'complained';
  source: string | null;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** When the newest confirmation link was made; only that link confirms, for 7 days. */
  confirm_sent_at: string | null;
  /** The visitor's language (src/lib/i18n), migration 2026-11-22-040; 'en' for older rows. */
  lang?: string;
  /** When and why the address stopped being mailed (a bounce or a complaint), migration 2026-11-27-201. */
  stopped_at?: string | null;
  stopped_reason?: string | null;
  /** When the welcome mail was queued (at the first confirmation), migration 2026-11-28-130. */
  welcomed_at?: string | null;
}
/** Staff work columns on every inbox table (migration 2026-11-22-015). */
export interface InboxWork {
  status: 'new' | 'in_progress' | 'handled';
  staff_note: string | null;
  handled_by: string | null;
  handled_at: string | null;
}
export interface ContactMessagesTable extends Partial<InboxWork> {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: string;
  /** The visitor's language (src/lib/i18n), migration 2026-11-22-040; 'en' for older rows. */
  lang?: string;
}
export interface VolunteerApplicationsTable extends Partial<InboxWork> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  interests: string;
  availability: string;
  skills: string | null;
  message: string | null;
  created_at: string;
  /** The visitor's language (src/lib/i18n), migration 2026-11-22-040; 'en' for older rows. */
  lang?: string;
}
export interface PartnershipInquiriesTable extends Partial<InboxWork> {
  id: string;
  company_name: string;
  contact_name: string;
  email: string;
  phone: string | null;
  partnership_interest: string;
  message: string | null;
  created_at: string;
  /** The visitor's language (src/lib/i18n), migration 2026-11-22-040; 'en' for older rows. */
  lang?: string;
}
export interface OutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: string;
  /** The Reply-To address, lower-cased (a staff notice names the visitor here), for forgetting an address. */
  reply_to?: string | null;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  /** What became of the message: a permanent refusal (5xx) or a provider's report. */
  feedback?: 'bounced' | 'complained' | null;
  /** JSON list of { filename, contentType, content } (a confirmation's .ics); null for none. */
  attachments?: string | null;
}
export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  hits: number;
}
export interface MailCooldownsTable {
  key: string;
  /** Unix seconds until which no other message of this kind goes to this address. */
  until_at: number;
}
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}
/** One counter of staff sign-in attempts (auth/attempts.ts). */
export interface StaffAttemptsTable {
  bucket: string;
  /** The account the bucket belongs to (lower-cased username), so unlocking finds all of them. */
  account: string | null;
  /** Milliseconds since the epoch: when this window's first attempt was reserved. */
  window_start: number;
  hits: number;
}
/** A network an account has completed a sign-in from (auth/sign-in-throttle.ts). */
export interface StaffKnownNetworksTable {
  account: string;
  network: string;
  signed_in_at: number;
}
/** A live password reset code (auth/reset-codes.ts): only its keyed hash is kept. */
export interface StaffResetCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
}
/** A newsletter broadcast; `lease_owner` is the server process running it until `lease_until`. */
export interface NewsletterCampaignsTable {
  id: string;
  subject: string;
  body_html: string;
  body_text: string;
  /** scheduled: waiting for scheduled_at, with no recipients yet (the runner queues them when it starts it). */
  status: 'scheduled' | 'running' | 'paused' | 'cancelled' | 'finished';
  /** The recipients queued; for a scheduled campaign, the audience counted when it was scheduled. */
  total: number;
  /** The administrator who queued it (display username). */
  created_by: string;
  created_at: string;
  finished_at: string | null;
  paused_reason: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  /** The mail server has refused or failed every message since then (cleared by the next one it accepts). */
  outage_since?: string | null;
  outage_error?: string | null;
  /** The language of the subscribers it goes to (en, fr, sw); null: every confirmed subscriber. Migration 2026-11-28-110. */
  audience_lang?: string | null;
  /** When it is to start (ISO, UTC); null: it was queued to start at once. */
  scheduled_at?: string | null;
}
/** One confirmed subscriber of a campaign, snapshot when it was queued. */
export interface NewsletterRecipientsTable {
  campaign_id: string;
  seq: number;
  subscriber_id: string;
  email: string;
  /** skipped: unsubscribed after the campaign was queued, or the campaign was cancelled. */
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  /** What became of the message: a permanent refusal (5xx) or a provider's report. */
  feedback?: 'bounced' | 'complained' | null;
}
/** A newsletter being written (migration 2026-11-28-120): saved as it is typed, removed when it is sent. */
export interface NewsletterDraftsTable {
  id: string;
  subject: string;
  body_html: string;
  body_text: string;
  /** The administrators (display usernames) who began it and who last changed it. */
  created_by: string;
  updated_by: string;
  created_at: string;
  updated_at: string;
}
/** A staff member's own task (the spec's Todo); only its owner sees or changes it. */
export interface TasksTable {
  id: string;
  /** The Better Auth user id of the member who made it. */
  owner_id: string;
  content: string;
  /** When it was marked done; null while it is still to do. */
  done_at: string | null;
  created_at: string;
  updated_at: string;
  /** Set by a delete; the task can be restored for TASK_UNDO_MINUTES, then it is removed. */
  deleted_at: string | null;
}

export interface Database {
  subscribers: SubscribersTable;
  contact_messages: ContactMessagesTable;
  volunteer_applications: VolunteerApplicationsTable;
  partnership_inquiries: PartnershipInquiriesTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  app_secrets: AppSecretsTable;
  mail_cooldowns: MailCooldownsTable;
  donor_links: DonorLinksTable;
  donor_sessions: DonorSessionsTable;
  staff_attempts: StaffAttemptsTable;
  staff_known_networks: StaffKnownNetworksTable;
  staff_reset_codes: StaffResetCodesTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  newsletter_recipients: NewsletterRecipientsTable;
  newsletter_drafts: NewsletterDraftsTable;
  staff_attributes: StaffAttributesTable;
  tasks: TasksTable;
  paypal_notifications: PaypalNotificationsTable;
  gifts: GiftsTable;
  gift_adjustments: GiftAdjustmentsTable;
  recurring_donors: RecurringDonorsTable;
  paypal_webhooks: PaypalWebhooksTable;
  paypal_webhook_events: PaypalWebhookEventsTable;
  paypal_catalog: PaypalCatalogTable;
  donation_statements: DonationStatementsTable;
  donation_statement_recipients: DonationStatementRecipientsTable;
  newsletter_welcome: NewsletterWelcomeTable;
  newsletter_previews: NewsletterPreviewsTable;
  event_places: EventPlacesTable;
  event_registrations: EventRegistrationsTable;
}

/** One row per event with registrations: the row every change to them locks (migration 2026-12-03-001). */
export interface EventPlacesTable {
  event_id: string;
  changed_at: string;
}

export type RegistrationStatus = 'confirmed' | 'waiting' | 'cancelled';

/** One address's registration for one event (api/src/events/registrations.ts). */
export interface EventRegistrationsTable {
  id: string;
  event_id: string;
  email: string;
  name: string;
  phone: string | null;
  /** How many people are coming, the registrant included. */
  party: number;
  /** JSON list of REGISTRATION_NEEDS. */
  needs: string;
  notes: string | null;
  /** JSON list of the answers to the event's own questions, in English (StoredAnswer in src/lib/registration-questions.ts). */
  answers: string;
  /** The language the registrant wants mail in. */
  mail_lang: string;
  status: RegistrationStatus;
  /** When the address registered or joined the waiting list. */
  queued_at: string;
  /**
   * First come, first served: the waiting list's order, one more than the event's last, given
   * under the event's lock (migration 2026-12-04-001), so the order the database served the
   * requests in, whichever instance served them and whatever its clock said.
   */
  queue_number: number;
  reminded_at: string | null;
  /** When the registrant answered the reminder's Confirm. */
  attending_confirmed_at: string | null;
  /** How many of the party staff checked in. */
  checked_in: number;
  created_at: string;
  updated_at: string;
}

/** A campaign preview as its own document (migration 2026-11-28-130), readable by its owner (a staff user id) until it expires. */
export interface NewsletterPreviewsTable {
  id: string;
  owner: string;
  document: string;
  created_at: string;
}

/** The welcome mail staff wrote for one language (migration 2026-11-28-130); none: the catalogue's default. */
export interface NewsletterWelcomeTable {
  lang: string;
  subject: string;
  body: string;
  updated_by: string;
  updated_at: string;
}

/**
 * A PayPal notification (IPN) exactly as it arrived (`body`, the urlencoded bytes as ASCII text),
 * stored before the answer. received: waiting to be verified with PayPal (again after a failed
 * try, at next_attempt_at); verified: PayPal said VERIFIED and `outcome` says what it changed;
 * invalid: PayPal said INVALID; failed: PayPal could not be reached after every retry.
 */
export interface PaypalNotificationsTable {
  id: string;
  body: string;
  txn_type: string | null;
  txn_id: string | null;
  /** The payer's address, lower-cased, for forgetting a person. */
  payer_email: string | null;
  status: 'received' | 'verified' | 'invalid' | 'failed';
  outcome: string | null;
  attempts: number;
  next_attempt_at: string;
  /** Set while one server verifies it; a server killed meanwhile leaves it to expire. */
  locked_until: string | null;
  last_error: string | null;
  received_at: string;
  verified_at: string | null;
}
/** One completed payment (a one-time gift or one monthly payment); refunds and reversals change its status. */
export interface GiftsTable {
  id: string;
  txn_id: string;
  receipt_number: string;
  /** The payer's address, lower-cased. */
  email: string;
  name: string;
  /** What was paid, in cents (bigint on PostgreSQL: kysely reads it as a string there). */
  amount_cents: number;
  kind: 'one-time' | 'monthly';
  subscr_id: string | null;
  /** api/src/donations/gift-status.ts: pending and failed payments count nowhere. */
  status: 'pending' | 'completed' | 'refunded' | 'reversed' | 'failed';
  /** What was refunded of it so far, in cents (migration 2026-12-01-001). */
  refunded_cents: Generated<number>;
  lang: string;
  paid_at: string;
  refunded_at: string | null;
  receipt_sent_at: string | null;
  created_at: string;
}
/** A gift as it is read. */
export type GiftRow = Selectable<GiftsTable>;
/**
 * A refund, a reversal or a reversal's cancellation of a gift, each PayPal's own transaction
 * (migration 2026-12-01-001). Kept even before its gift is known, so the order PayPal's
 * notifications arrive in does not change the record.
 */
export interface GiftAdjustmentsTable {
  txn_id: string;
  parent_txn_id: string;
  kind: 'refund' | 'reversal' | 'reversal-canceled';
  amount_cents: number | null;
  payer_email: string | null;
  at: string;
  created_at: string;
}
/** A monthly donor: one PayPal subscription, from sign-up to cancellation or end. */
export interface RecurringDonorsTable {
  subscr_id: string;
  email: string;
  name: string;
  amount_cents: number;
  lang: string;
  status: 'active' | 'cancelled' | 'ended';
  signed_up_at: string | null;
  last_payment_at: string | null;
  last_failed_at: string | null;
  cancelled_at: string | null;
  ended_at: string | null;
  updated_at: string;
  /** standard: Payments Standard, told by IPN; subscriptions: Subscriptions v1, told by webhooks (migration 2026-12-02-001). */
  source: Generated<'standard' | 'subscriptions'>;
  /** 'donor' when the donor stopped it on the site ("Manage my giving", migration 2026-12-03-001); null otherwise. */
  cancelled_by: Generated<'donor' | null>;
}
/**
 * A PayPal webhook (REST) exactly as it arrived, its body and PayPal's transmission headers,
 * stored before the answer; verified with PayPal (verify-webhook-signature) before it is believed.
 * Statuses as PaypalNotificationsTable's.
 */
export interface PaypalWebhooksTable {
  id: string;
  body: string;
  /** JSON of the paypal-transmission-*, paypal-cert-url and paypal-auth-algo headers. */
  headers: string;
  event_id: string | null;
  event_type: string | null;
  status: 'received' | 'verified' | 'invalid' | 'failed';
  outcome: string | null;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  received_at: string;
  verified_at: string | null;
}
/** A webhook event id already recorded: a replay of it changes nothing. */
export interface PaypalWebhookEventsTable {
  event_id: string;
  recorded_at: string;
}
/** The Subscriptions v1 product and plan made on demand. */
export interface PaypalCatalogTable {
  name: string;
  value: string;
}
/** A yearly statement run (one per calendar year of gifts), its recipients queued with it. */
export interface DonationStatementsTable {
  year: number;
  total: number;
  created_by: string;
  created_at: string;
  finished_at: string | null;
}
export interface DonationStatementRecipientsTable {
  year: number;
  email: string;
  status: 'queued' | 'sent';
  sent_at: string | null;
  /** What the last statement sent listed (statements.ts), to find donors whose gifts changed since. */
  sent_digest: string | null;
}

/** An optional attribute given at staff sign-up (a standard one such as given_name, or custom:…). */
export interface StaffAttributesTable {
  user_id: string;
  name: string;
  value: string;
}

/** A one-time "Manage my giving" link (migration 2026-12-03-001): the SHA-256 of its token, for one address, until it expires or is used. */
export interface DonorLinksTable {
  token_hash: string;
  email: string;
  lang: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/** A donor's short session, started by opening their link: the SHA-256 of the cookie's value. */
export interface DonorSessionsTable {
  id_hash: string;
  email: string;
  lang: string;
  created_at: string;
  expires_at: string;
}
