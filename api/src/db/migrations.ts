/**
 * Migrations in portable DDL (text, integer, bigint; no dialect-only types), applied in order by
 * Kysely's Migrator at start and by `npm run migrate`. Never edit a shipped migration: add one.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { GIFT_SEARCH } from '../donations/search.ts';
import { inboxMigrationDown, inboxMigrationUp } from '../inbox/migration.ts';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely/migration';

const LANG_TABLES = ['subscribers', 'contact_messages', 'volunteer_applications', 'partnership_inquiries'] as const;

export const migrations: Record<string, Migration> = {
  '2026-11-01-001-forms': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('subscribers')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('source', 'varchar(200)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('confirmed_at', 'varchar(32)')
        .addColumn('unsubscribed_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('subscribers_status').on('subscribers').column('status').execute();
      await db.schema.dropIndex('staff_sign_in_failures_failed_at').ifExists().execute();

      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('phone', 'varchar(40)')
        .addColumn('subject', 'varchar(200)', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('volunteer_applications')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('first_name', 'varchar(200)', (col) => col.notNull())
        .addColumn('last_name', 'varchar(200)', (col) => col.notNull())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('phone', 'varchar(40)')
        .addColumn('interests', 'text', (col) => col.notNull())
        .addColumn('availability', 'text', (col) => col.notNull())
        .addColumn('skills', 'text')
        .addColumn('message', 'text')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('partnership_inquiries')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('company_name', 'varchar(200)', (col) => col.notNull())
        .addColumn('contact_name', 'varchar(200)', (col) => col.notNull())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('phone', 'varchar(40)')
        .addColumn('partnership_interest', 'text', (col) => col.notNull())
        .addColumn('message', 'text')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('kind', 'varchar(40)', (col) => col.notNull())
        .addColumn('to_address', 'varchar(254)', (col) => col.notNull())
        .addColumn('subject', 'varchar(300)', (col) => col.notNull())
        .addColumn('text_body', 'text', (col) => col.notNull())
        .addColumn('html_body', 'text')
        .addColumn('headers', 'text', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('locked_until', 'varchar(32)')
        .addColumn('sent_at', 'varchar(32)')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('bucket', 'varchar(300)', (col) => col.primaryKey())
        .addColumn('window_start', 'bigint', (col) => col.notNull())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute();

      await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('value', 'varchar(200)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['app_secrets', 'rate_limits', 'outbox', 'partnership_inquiries', 'volunteer_applications', 'contact_messages', 'subscribers']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  // Failed staff sign-ins, per account and per client address, so every instance sees them.
  '2026-11-22-001-staff-sign-in-failures': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('staff_sign_in_failures')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('scope', 'varchar(16)', (col) => col.notNull())
        .addColumn('subject', 'varchar(300)', (col) => col.notNull())
        .addColumn('failed_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('staff_sign_in_failures_subject').on('staff_sign_in_failures').columns(['scope', 'subject', 'failed_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('staff_sign_in_failures').ifExists().execute();
    },
  },
  '2026-11-22-002-abuse-limits': {
    async up(db: Kysely<any>) {
      // Per-address mail cooldowns (acknowledgements, newsletter confirmations).
      await db.schema
        .createTable('mail_cooldowns')
        .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
        .addColumn('until_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('mail_cooldowns_until').on('mail_cooldowns').column('until_at').execute();
      // Only the newest confirmation link of an address confirms it.
      await db.schema.alterTable('subscribers').addColumn('confirm_sent_at', 'varchar(32)').execute();
      // The outbox is trimmed oldest first while no SMTP server takes it.
      await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('outbox_created').ifExists().execute();
      await db.schema.alterTable('subscribers').dropColumn('confirm_sent_at').execute();
      await db.schema.dropTable('mail_cooldowns').ifExists().execute();
    },
  },
  // The newsletter broadcast: a campaign and one recipient row per confirmed subscriber, written
  // together, so a restart resumes exactly and `total_subscribers` is the number of rows.
  '2026-11-22-014-newsletter-campaigns': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('newsletter_campaigns')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('subject', 'varchar(300)', (col) => col.notNull())
        .addColumn('body_html', 'text', (col) => col.notNull())
        .addColumn('body_text', 'text', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('total', 'integer', (col) => col.notNull())
        .addColumn('created_by', 'varchar(200)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('finished_at', 'varchar(32)')
        .addColumn('paused_reason', 'text')
        .addColumn('lease_owner', 'varchar(64)')
        .addColumn('lease_until', 'varchar(32)')
        .execute();
      await db.schema.createIndex('newsletter_campaigns_status').on('newsletter_campaigns').columns(['status', 'lease_until']).execute();
      await db.schema
        .createTable('newsletter_recipients')
        .addColumn('campaign_id', 'varchar(36)', (col) => col.notNull())
        .addColumn('seq', 'integer', (col) => col.notNull())
        .addColumn('subscriber_id', 'varchar(36)', (col) => col.notNull())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)')
        .addColumn('locked_until', 'varchar(32)')
        .addColumn('sent_at', 'varchar(32)')
        .addColumn('last_error', 'text')
        .addPrimaryKeyConstraint('newsletter_recipients_pk', ['campaign_id', 'seq'])
        .execute();
      await db.schema.createIndex('newsletter_recipients_claim').on('newsletter_recipients').columns(['campaign_id', 'status', 'seq']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('newsletter_recipients').ifExists().execute();
      await db.schema.dropTable('newsletter_campaigns').ifExists().execute();
    },
  },
  // The staff inbox (api/src/inbox): a status, note and handler per submission, and the indexes
  // its newest-first keyset pages, filters, search and forget-by-address use.
  '2026-11-22-015-inbox': { up: inboxMigrationUp, down: inboxMigrationDown },
  // The optional attributes a staff member gave at sign-up (standard ones and custom:…), one row each.
  '2026-11-22-017-staff-attributes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('staff_attributes')
        .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('name', 'varchar(40)', (col) => col.notNull())
        .addColumn('value', 'varchar(256)', (col) => col.notNull())
        .addPrimaryKeyConstraint('staff_attributes_pk', ['user_id', 'name'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('staff_attributes').ifExists().execute();
    },
  },
  // Staff tasks (the spec's owner-only Todo): each member's list is read by owner in created
  // order, and deleted rows wait TASK_UNDO_MINUTES for an undo before they are purged.
  '2026-11-22-018-tasks': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tasks')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('owner_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('done_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('deleted_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('tasks_owner_created').on('tasks').columns(['owner_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('tasks_deleted_at').on('tasks').column('deleted_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('tasks').ifExists().execute();
    },
  },
  // Indexes the query-plan test (api/test/query-plans.test.ts) asked for: forgetting an address
  // found its staff notices by a LIKE over every outbox row's headers and its newsletter places
  // by a scan, the campaign list sorted the whole table, and the clean-up of old sign-in failures
  // (after one sign-in failure in twenty) read them all. And fewer index writes per sign-up:
  // `subscribers_status` goes (the (status, created_at, id) index answers everything it did), and
  // the indexes of columns a new row leaves empty (confirmed_at, unsubscribed_at, reply_to) hold
  // only rows that have a value, which is all their queries (`>=`, `=`) can match.
  '2026-11-22-019-query-plan-indexes': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('outbox').addColumn('reply_to', 'varchar(254)').execute();
      const replyTo = db.getExecutor().adapter instanceof PostgresAdapter ? sql`lower(headers::json->>'Reply-To')` : sql`lower(json_extract(headers, '$."Reply-To"'))`;
      await sql`update outbox set reply_to = ${replyTo} where headers like '%"Reply-To"%'`.execute(db);
      await db.schema.createIndex('outbox_reply_to').on('outbox').column('reply_to').where(sql.ref('reply_to'), 'is not', null).execute();
      await db.schema.createIndex('newsletter_recipients_email').on('newsletter_recipients').column('email').execute();
      await db.schema.createIndex('newsletter_campaigns_newest').on('newsletter_campaigns').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('staff_sign_in_failures_failed_at').on('staff_sign_in_failures').column('failed_at').execute();
      await db.schema.dropIndex('subscribers_status').ifExists().execute();
      for (const column of ['confirmed_at', 'unsubscribed_at']) {
        await db.schema.dropIndex(`subscribers_${column}`).ifExists().execute();
        await db.schema.createIndex(`subscribers_${column}`).on('subscribers').column(column).where(sql.ref(column), 'is not', null).execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const column of ['confirmed_at', 'unsubscribed_at']) {
        await db.schema.dropIndex(`subscribers_${column}`).ifExists().execute();
        await db.schema.createIndex(`subscribers_${column}`).on('subscribers').column(column).execute();
      }
      await db.schema.createIndex('subscribers_status').on('subscribers').column('status').execute();
      await db.schema.dropIndex('staff_sign_in_failures_failed_at').ifExists().execute();
      await db.schema.dropIndex('newsletter_campaigns_newest').ifExists().execute();
      await db.schema.dropIndex('newsletter_recipients_email').ifExists().execute();
      await db.schema.dropIndex('outbox_reply_to').ifExists().execute();
      await db.schema.alterTable('outbox').dropColumn('reply_to').execute();
    },
  },
  /** The language each submission and subscriber came in, so staff and mail can follow it. */
  '2026-11-22-040-submission-language': {
    async up(db: Kysely<any>) {
      for (const table of LANG_TABLES) {
        await db.schema.alterTable(table).addColumn('lang', 'varchar(8)', (col) => col.notNull().defaultTo('en')).execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const table of LANG_TABLES) await db.schema.alterTable(table).dropColumn('lang').execute();
    },
  },
  /**
   * Staff sign-in limits that count before they spend (auth/attempts.ts): one counter row per
   * bucket (an account from one network, a network, an account as a whole, a code), taken by one
   * atomic upsert before a password or code is checked; the networks each account has signed in
   * from (auth/sign-in-throttle.ts); several live password reset codes per account
   * (auth/reset-codes.ts). The per-failure rows of 2026-11-22-001 are no longer read.
   */
  '2026-11-27-101-staff-attempts': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('staff_attempts')
        .addColumn('bucket', 'varchar(400)', (col) => col.primaryKey())
        .addColumn('account', 'varchar(300)')
        .addColumn('window_start', 'bigint', (col) => col.notNull())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('staff_attempts_account').on('staff_attempts').column('account').execute();
      await db.schema.createIndex('staff_attempts_window').on('staff_attempts').column('window_start').execute();
      await db.schema
        .createTable('staff_known_networks')
        .addColumn('account', 'varchar(300)', (col) => col.notNull())
        .addColumn('network', 'varchar(100)', (col) => col.notNull())
        .addColumn('signed_in_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('staff_known_networks_pk', ['account', 'network'])
        .execute();
      await db.schema
        .createTable('staff_reset_codes')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('user_id', 'varchar(100)', (col) => col.notNull())
        .addColumn('code_hash', 'varchar(100)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('staff_reset_codes_user').on('staff_reset_codes').columns(['user_id', 'expires_at']).execute();
      await db.schema.dropTable('staff_sign_in_failures').ifExists().execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('staff_reset_codes').ifExists().execute();
      await db.schema.dropTable('staff_known_networks').ifExists().execute();
      await db.schema.dropTable('staff_attempts').ifExists().execute();
      await db.schema
        .createTable('staff_sign_in_failures')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('scope', 'varchar(16)', (col) => col.notNull())
        .addColumn('subject', 'varchar(300)', (col) => col.notNull())
        .addColumn('failed_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  },
  /**
   * Delivery faults and bounces: a campaign's mail-server outage (since when, the last error, for
   * staff), a recipient's feedback (bounced, complained), and why a subscriber is no longer mailed.
   */
  '2026-11-27-201-delivery-faults-and-bounces': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('newsletter_campaigns').addColumn('outage_since', 'varchar(32)').execute();
      await db.schema.alterTable('newsletter_campaigns').addColumn('outage_error', 'varchar(500)').execute();
      await db.schema.alterTable('newsletter_recipients').addColumn('feedback', 'varchar(16)').execute();
      await db.schema.alterTable('subscribers').addColumn('stopped_at', 'varchar(32)').execute();
      await db.schema.alterTable('subscribers').addColumn('stopped_reason', 'varchar(500)').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('subscribers').dropColumn('stopped_reason').execute();
      await db.schema.alterTable('subscribers').dropColumn('stopped_at').execute();
      await db.schema.alterTable('newsletter_recipients').dropColumn('feedback').execute();
      await db.schema.alterTable('newsletter_campaigns').dropColumn('outage_error').execute();
      await db.schema.alterTable('newsletter_campaigns').dropColumn('outage_since').execute();
    },
  },
  /**
   * Donations (api/src/donations): each PayPal notification as it arrived (kept before the
   * answer, verified after), the gifts and monthly donors it records, and the yearly statements.
   * Amounts are integer cents. One gift per PayPal transaction and one monthly donor per PayPal
   * subscription (unique keys), one yearly statement per donor and year.
   */
  '2026-11-27-601-donations': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('paypal_notifications')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('txn_type', 'varchar(64)')
        .addColumn('txn_id', 'varchar(64)')
        .addColumn('payer_email', 'varchar(254)')
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('outcome', 'varchar(300)')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('locked_until', 'varchar(32)')
        .addColumn('last_error', 'varchar(1000)')
        .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('verified_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('paypal_notifications_due').on('paypal_notifications').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('paypal_notifications_payer').on('paypal_notifications').column('payer_email').where(sql.ref('payer_email'), 'is not', null).execute();

      await db.schema
        .createTable('gifts')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('txn_id', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('receipt_number', 'varchar(40)', (col) => col.notNull().unique())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('amount_cents', 'integer', (col) => col.notNull())
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('subscr_id', 'varchar(64)')
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('lang', 'varchar(8)', (col) => col.notNull())
        .addColumn('paid_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('refunded_at', 'varchar(32)')
        .addColumn('receipt_sent_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('gifts_paid').on('gifts').columns(['paid_at', 'id']).execute();
      await db.schema.createIndex('gifts_email').on('gifts').columns(['email', 'paid_at']).execute();
      await db.schema.createIndex('gifts_subscr').on('gifts').column('subscr_id').where(sql.ref('subscr_id'), 'is not', null).execute();
      await createGiftSearch(db);

      await db.schema
        .createTable('recurring_donors')
        .addColumn('subscr_id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('amount_cents', 'integer', (col) => col.notNull())
        .addColumn('lang', 'varchar(8)', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('signed_up_at', 'varchar(32)')
        .addColumn('last_payment_at', 'varchar(32)')
        .addColumn('last_failed_at', 'varchar(32)')
        .addColumn('cancelled_at', 'varchar(32)')
        .addColumn('ended_at', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('recurring_donors_email').on('recurring_donors').column('email').execute();

      await db.schema
        .createTable('donation_statements')
        .addColumn('year', 'integer', (col) => col.primaryKey())
        .addColumn('total', 'integer', (col) => col.notNull())
        .addColumn('created_by', 'varchar(200)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('finished_at', 'varchar(32)')
        .execute();
      await db.schema
        .createTable('donation_statement_recipients')
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('sent_at', 'varchar(32)')
        .addPrimaryKeyConstraint('donation_statement_recipients_pk', ['year', 'email'])
        .execute();
      await db.schema.createIndex('donation_statement_recipients_email').on('donation_statement_recipients').column('email').execute();
      await db.schema.createIndex('donation_statement_recipients_queue').on('donation_statement_recipients').columns(['status', 'year', 'email']).execute();
    },
    async down(db: Kysely<any>) {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
        for (const trigger of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists gifts_search_${trigger}`).execute(db);
        await sql.raw('drop table if exists gifts_search').execute(db);
      }
      for (const table of ['donation_statement_recipients', 'donation_statements', 'recurring_donors', 'gifts', 'paypal_notifications']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  /**
   * A campaign's audience and time: the language it goes to (null: every confirmed subscriber)
   * and when it starts (null: at once). A scheduled campaign has no recipients until the runner
   * claims it when due (status 'scheduled' to 'running' in one UPDATE), so the index serves that scan.
   */
  '2026-11-28-110-newsletter-audience-and-schedule': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('newsletter_campaigns').addColumn('audience_lang', 'varchar(8)').execute();
      await db.schema.alterTable('newsletter_campaigns').addColumn('scheduled_at', 'varchar(32)').execute();
      await db.schema.createIndex('newsletter_campaigns_due').on('newsletter_campaigns').columns(['status', 'scheduled_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('newsletter_campaigns_due').ifExists().execute();
      await db.schema.alterTable('newsletter_campaigns').dropColumn('scheduled_at').execute();
      await db.schema.alterTable('newsletter_campaigns').dropColumn('audience_lang').execute();
    },
  },
  // Newsletter drafts (api/src/newsletter-broadcast/drafts.ts): what an administrator is writing,
  // saved as they type, shared by the administrators; listed by last edit, newest first.
  '2026-11-28-120-newsletter-drafts': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('newsletter_drafts')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('subject', 'varchar(300)', (col) => col.notNull())
        .addColumn('body_html', 'text', (col) => col.notNull())
        .addColumn('body_text', 'text', (col) => col.notNull())
        .addColumn('created_by', 'varchar(200)', (col) => col.notNull())
        .addColumn('updated_by', 'varchar(200)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('newsletter_drafts_updated').on('newsletter_drafts').columns(['updated_at', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('newsletter_drafts').ifExists().execute();
    },
  },
  /**
   * The welcome mail a subscriber receives on confirming: the text staff wrote for each language
   * (a language without a row gets the catalogue's default), and when each subscriber was welcomed,
   * so a confirm link opened twice, or a second confirmation after unsubscribing, sends no second one.
   * And the campaign previews staff open in a frame, each a document of its own for a few minutes.
   */
  '2026-11-28-130-newsletter-welcome': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('newsletter_welcome')
        .addColumn('lang', 'varchar(8)', (col) => col.primaryKey())
        .addColumn('subject', 'varchar(300)', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'varchar(200)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.alterTable('subscribers').addColumn('welcomed_at', 'varchar(32)').execute();
      // The campaign preview as a document of its own (newsletter-broadcast/preview-store.ts), for a few minutes.
      await db.schema
        .createTable('newsletter_previews')
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('owner', 'varchar(64)', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('newsletter_previews_created').on('newsletter_previews').column('created_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('newsletter_previews').ifExists().execute();
      await db.schema.alterTable('subscribers').dropColumn('welcomed_at').execute();
      await db.schema.dropTable('newsletter_welcome').ifExists().execute();
    },
  },
  /**
   * Money as PayPal counts it (api/src/donations/gift-status.ts): amounts in 64-bit cents on
   * PostgreSQL (an integer stopped at $21,474,836.47), what was refunded of each gift, its refunds
   * and reversals as transactions of their own (kept even before their gift arrives), and what
   * each donor's last statement listed, so a year's statements can be sent again to the donors
   * whose gifts changed. Gifts marked refunded or reversed before keep that standing.
   */
  '2026-12-01-001-donations-money': {
    async up(db: Kysely<any>) {
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`alter table gifts alter column amount_cents type bigint`.execute(db);
        await sql`alter table recurring_donors alter column amount_cents type bigint`.execute(db);
      }
      await db.schema.alterTable('gifts').addColumn('refunded_cents', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
      // The totals (completed gifts of a month or year) and the pending payments, without a scan.
      await db.schema.createIndex('gifts_status_paid').on('gifts').columns(['status', 'paid_at']).execute();
      await db.schema
        .createTable('gift_adjustments')
        .addColumn('txn_id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('parent_txn_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('kind', 'varchar(24)', (col) => col.notNull())
        .addColumn('amount_cents', 'bigint')
        .addColumn('payer_email', 'varchar(254)')
        .addColumn('at', 'varchar(32)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('gift_adjustments_parent').on('gift_adjustments').column('parent_txn_id').execute();
      await db.schema.createIndex('gift_adjustments_payer').on('gift_adjustments').column('payer_email').where(sql.ref('payer_email'), 'is not', null).execute();
      await sql`update gifts set refunded_cents = amount_cents where status = 'refunded'`.execute(db);
      const kinds = sql`case status when 'refunded' then 'refund' else 'reversal' end`;
      await sql`insert into gift_adjustments (txn_id, parent_txn_id, kind, amount_cents, payer_email, at, created_at)
        select 'before-2026-12-01:' || txn_id, txn_id, ${kinds}, null, email, coalesce(refunded_at, paid_at), created_at from gifts where status in ('refunded', 'reversed')`.execute(db);
      await db.schema.alterTable('donation_statement_recipients').addColumn('sent_digest', 'varchar(64)').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('donation_statement_recipients').dropColumn('sent_digest').execute();
      await db.schema.dropTable('gift_adjustments').ifExists().execute();
      await db.schema.dropIndex('gifts_status_paid').ifExists().execute();
      await db.schema.alterTable('gifts').dropColumn('refunded_cents').execute();
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`alter table recurring_donors alter column amount_cents type integer`.execute(db);
        await sql`alter table gifts alter column amount_cents type integer`.execute(db);
      }
    },
  },
  '2026-12-02-001-paypal-rest': {
    async up(db: Kysely<any>) {
      // Which PayPal path each monthly donor is on: Payments Standard (IPN) or Subscriptions v1.
      await db.schema.alterTable('recurring_donors').addColumn('source', 'varchar(16)', (col) => col.notNull().defaultTo('standard')).execute();
      await db.schema
        .createTable('paypal_webhooks')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('headers', 'text', (col) => col.notNull())
        .addColumn('event_id', 'varchar(64)')
        .addColumn('event_type', 'varchar(64)')
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('outcome', 'varchar(300)')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('locked_until', 'varchar(32)')
        .addColumn('last_error', 'varchar(1000)')
        .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('verified_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('paypal_webhooks_due').on('paypal_webhooks').columns(['status', 'next_attempt_at']).execute();
      // One recording per PayPal event id, whatever PayPal (or anyone) sends again.
      await db.schema
        .createTable('paypal_webhook_events')
        .addColumn('event_id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('recorded_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      // The product and monthly plan created on demand (PAYPAL_PLAN_ID overrides).
      await db.schema
        .createTable('paypal_catalog')
        .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'varchar(200)', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('paypal_catalog').ifExists().execute();
      await db.schema.dropTable('paypal_webhook_events').ifExists().execute();
      await db.schema.dropTable('paypal_webhooks').ifExists().execute();
      await db.schema.alterTable('recurring_donors').dropColumn('source').execute();
    },
  },
  '2026-12-03-001-donor-links': {
    async up(db: Kysely<any>) {
      // "Manage my giving": a one-time link mailed to a donor (its token's SHA-256 kept, never the
      // token), and the short session that opening it starts; both for one address only.
      await db.schema
        .createTable('donor_links')
        .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('lang', 'varchar(8)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('used_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('donor_links_expiry').on('donor_links').column('expires_at').execute();
      await db.schema
        .createTable('donor_sessions')
        .addColumn('id_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('lang', 'varchar(8)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('donor_sessions_expiry').on('donor_sessions').column('expires_at').execute();
      // Who stopped a monthly gift when the site did it for the donor ('donor'); PayPal's own stops leave it empty.
      await db.schema.alterTable('recurring_donors').addColumn('cancelled_by', 'varchar(16)').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('recurring_donors').dropColumn('cancelled_by').execute();
      await db.schema.dropTable('donor_sessions').ifExists().execute();
      await db.schema.dropTable('donor_links').ifExists().execute();
    },
  },
  /**
   * Registration for events (api/src/events): one row per address and event (a second sign-up by
   * the same address is the same registration), the party's size and needs, its state (confirmed,
   * waiting, cancelled), when it was reminded and checked in. One row
   * per event in event_places, locked by every change to that event's registrations, so two
   * people taking the last place at once are served one after the other on every database. The
   * outbox learns attachments (a confirmation's .ics).
   */
  '2026-12-03-001-event-registrations': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_places')
        .addColumn('event_id', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('changed_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('event_registrations')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('event_id', 'varchar(100)', (col) => col.notNull())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('phone', 'varchar(40)')
        .addColumn('party', 'integer', (col) => col.notNull())
        .addColumn('needs', 'text', (col) => col.notNull())
        .addColumn('notes', 'text')
        .addColumn('mail_lang', 'varchar(8)', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('queued_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('reminded_at', 'varchar(32)')
        .addColumn('attending_confirmed_at', 'varchar(32)')
        .addColumn('checked_in', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('event_registrations_address').unique().on('event_registrations').columns(['event_id', 'email']).execute();
      await db.schema.createIndex('event_registrations_queue').on('event_registrations').columns(['event_id', 'status', 'queued_at']).execute();
      await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('outbox').dropColumn('attachments').execute();
      await db.schema.dropTable('event_registrations').ifExists().execute();
      await db.schema.dropTable('event_places').ifExists().execute();
    },
  },
  /**
   * The waiting list's order is a number the database gives each registration under its event's
   * lock, one more than the last. queued_at was the order before: a time read from the clock of
   * whichever API instance served the request, so two instances a few milliseconds apart (or in
   * the same millisecond) put families in the line in another order than they were served and
   * told their place, and the second could be moved in before the first. Rows registered before
   * keep their order (queued_at, then id); rows written without one (0) come first.
   */
  '2026-12-04-001-event-queue-order': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('event_registrations').addColumn('queue_number', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      await sql`update event_registrations set queue_number = (
        select count(*) from event_registrations earlier
        where earlier.event_id = event_registrations.event_id
          and (earlier.queued_at < event_registrations.queued_at or (earlier.queued_at = event_registrations.queued_at and earlier.id <= event_registrations.id)))`.execute(db);
      await db.schema.dropIndex('event_registrations_queue').execute();
      await db.schema.createIndex('event_registrations_queue').on('event_registrations').columns(['event_id', 'status', 'queue_number']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('event_registrations_queue').execute();
      await db.schema.createIndex('event_registrations_queue').on('event_registrations').columns(['event_id', 'status', 'queued_at']).execute();
      await db.schema.alterTable('event_registrations').dropColumn('queue_number').execute();
    },
  },
  '2026-12-04-002-registration-answers': {
    async up(db: Kysely<any>) {
      // The answers to an event's own registration questions: a JSON list of { id, question, answer } in English.
      await db.schema.alterTable('event_registrations').addColumn('answers', 'text', (col) => col.notNull().defaultTo('[]')).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('event_registrations').dropColumn('answers').execute();
    },
  },
};

/**
 * The gift list's search over name, email and receipt number (GIFT_SEARCH): on PostgreSQL a
 * trigram index on that expression (when pg_trgm is available, as the inbox's), on SQLite an FTS5
 * trigram table kept in step by triggers.
 */
async function createGiftSearch(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (!available.rows.length) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index gifts_search_trgm on gifts using gin ((${sql.raw(GIFT_SEARCH())}) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql.raw(`create virtual table gifts_search using fts5(body, tokenize = 'trigram')`).execute(db);
  await sql.raw(`create trigger gifts_search_insert after insert on gifts begin insert into gifts_search(rowid, body) values (new.rowid, ${GIFT_SEARCH('new.')}); end`).execute(db);
  await sql.raw(`create trigger gifts_search_delete after delete on gifts begin delete from gifts_search where rowid = old.rowid; end`).execute(db);
  await sql.raw(`create trigger gifts_search_update after update of name, email, receipt_number on gifts begin update gifts_search set body = ${GIFT_SEARCH('new.')} where rowid = new.rowid; end`).execute(db);
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await new Migrator({ db, provider }).migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
