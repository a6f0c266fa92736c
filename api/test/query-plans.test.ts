/**
 * No request path scans a table that grows. The API's request flows run against a database
 * seeded with many rows while every statement the database layer sends is collected (the
 * config's `onQuery` hook, so nothing is listed by hand and a new query is covered the day it is
 * written); then each one is explained: SQLite's EXPLAIN QUERY PLAN must not show a bare `SCAN`
 * of a growing table, PostgreSQL's EXPLAIN (with sequential scans priced out, so a Seq Scan means
 * no index can serve the query) must not show a `Seq Scan` on one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { closeServices, createApp, createServices, type Services } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { migrations } from '../src/db/migrations.ts';
import type { MailTransport } from '../src/mail/transport.ts';
import type { BroadcastSender } from '../src/newsletter-broadcast/sender.ts';
import { seedInbox, seededId } from '../bench/inbox-seed.ts';
import { HEALTH_TOKEN, VALID, describeBackends, freshPostgres, postJson, type Backend } from './helpers.ts';
import { ADMIN, MEMBER, cookieOf } from './staff-helpers.ts';
import { ipnBody, oneTimeGift, startFakePaypal, type FakePaypal } from './paypal-fake.ts';

/**
 * Rows per growing table. The plans do not depend on it: SQLite's planner is not given table
 * statistics, and PostgreSQL's is explained with sequential scans priced out, so a Seq Scan
 * shows only where no index can serve. With 6,000, and a statement for each seeded donor, the
 * set-up took 7 s (SQLite) and 13 s (PostgreSQL) of a quiet machine and over 240 s of a loaded
 * one; the whole file now takes 5 s where it took 26.
 */
const ROWS = 1_500;
/**
 * Seeded gifts paid in the year the flows queue statements for (2025; the others are paid in
 * 2024): each is a statement the worker writes, and one per seeded donor took 5-8 s of the set-up.
 */
const GIFTS_IN_STATEMENT_YEAR = 20;

/**
 * Tables that grow with visitors, mail or time. The rest stay a handful of rows: secrets, staff
 * accounts, migrations, and staff_verification (a pending reset code per staff account, removed
 * once it expires: Better Auth's clean-up of expired codes reads the whole of a table that small).
 */
const GROWING = [
  'subscribers',
  'contact_messages',
  'volunteer_applications',
  'partnership_inquiries',
  'outbox',
  'rate_limits',
  'mail_cooldowns',
  'staff_attempts',
  'staff_known_networks',
  'newsletter_campaigns',
  'newsletter_recipients',
  'staff_session',
  'staff_rate_limit',
  'paypal_notifications',
  'gifts',
  'donation_statement_recipients',
];

/** Statements that are not queries over tables: transaction control, pragmas, schema. */
const NOT_A_QUERY = /^\s*(begin|commit|rollback|savepoint|release|pragma|create|alter|drop|analyze|set |select 1\b)/i;

const noMail: MailTransport = { name: 'smtp', send: async () => {}, verify: async () => true, close() {} };
const noBroadcast: BroadcastSender = { name: 'smtp', send: async () => {}, close() {} };

async function freshDatabase(backend: Backend): Promise<{ config: Parameters<typeof loadConfig>[1]; drop(): Promise<void> }> {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'sipa-plans-'));
    return { config: { dataDir: dir, databaseUrl: undefined }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const database = await freshPostgres('sipa_plans');
  return { config: { databaseUrl: database.url, dataDir: '' }, drop: database.drop };
}

/** Many rows in every growing table the seed helpers do not fill. */
async function seedTheRest(services: Services): Promise<void> {
  const db = services.db.kysely;
  await seedInbox(db, ROWS, ['contact', 'volunteer', 'partnership', 'subscribers']);
  const when = (i: number) => new Date(Date.parse('2025-01-01T00:00:00Z') + i * 60_000).toISOString();
  const lastYear = (i: number) => new Date(Date.parse('2024-06-01T00:00:00Z') + i * 60_000).toISOString();
  for (let start = 0; start < ROWS; start += 500) {
    const range = Array.from({ length: Math.min(500, ROWS - start) }, (_, k) => start + k);
    await db
      .insertInto('outbox')
      .values(range.map((i) => ({ id: seededId('e0', i), kind: 'contact.staff', to_address: `reader${i}@example.net`, subject: 'Contact form', text_body: 'x', html_body: null, headers: '{}', created_at: when(i), attempts: 1, next_attempt_at: when(i), locked_until: null, sent_at: when(i), last_error: null })))
      .execute();
    await db.insertInto('mail_cooldowns').values(range.map((i) => ({ key: `contact.ack:reader${i}@example.net`, until_at: 1_700_000_000 + i }))).execute();
    await db.insertInto('rate_limits').values(range.map((i) => ({ bucket: `contact:10.0.${i >> 8}.${i & 255}@1700000000`, window_start: 1_700_000_000 + i, hits: 1 }))).execute();
    await db.insertInto('staff_attempts').values(range.map((i) => ({ bucket: `sign-in-network:10.1.${i >> 8}.${i & 255}`, account: null, window_start: 1_700_000_000_000 + i, hits: 1 }))).execute();
    await db.insertInto('staff_known_networks').values(range.map((i) => ({ account: `member${i}`, network: `10.2.${i >> 8}.${i & 255}`, signed_in_at: 1_700_000_000_000 + i }))).execute();
  }
  await db
    .insertInto('newsletter_campaigns')
    .values({ id: seededId('a0', 0), subject: 'Last spring', body_html: '<p>x</p>', body_text: 'x', status: 'finished', total: ROWS, created_by: 'Director', created_at: when(0), finished_at: when(1), paused_reason: null, lease_owner: null, lease_until: null })
    .execute();
  for (let start = 0; start < ROWS; start += 500) {
    const range = Array.from({ length: Math.min(500, ROWS - start) }, (_, k) => start + k);
    await db
      .insertInto('newsletter_recipients')
      .values(range.map((i) => ({ campaign_id: seededId('a0', 0), seq: i, subscriber_id: seededId('d0', i), email: `reader${i}@example.net`, status: 'sent' as const, attempts: 1, next_attempt_at: null, locked_until: null, sent_at: when(i), last_error: null })))
      .execute();
    await db
      .insertInto('paypal_notifications')
      .values(range.map((i) => ({ id: seededId('c0', i), body: `txn_type=web_accept&txn_id=SEED${i}`, txn_type: 'web_accept', txn_id: `SEED${i}`, payer_email: `donor${i}@example.net`, status: 'verified' as const, outcome: 'gift recorded', attempts: 1, next_attempt_at: when(i), locked_until: null, last_error: null, received_at: when(i), verified_at: when(i) })))
      .execute();
    await db
      .insertInto('gifts')
      .values(range.map((i) => ({ id: seededId('c1', i), txn_id: `SEED${i}`, receipt_number: `2025-SEED${i}`, email: `donor${i}@example.net`, name: `Donor ${i}`, amount_cents: 2500, kind: i % 3 ? ('one-time' as const) : ('monthly' as const), subscr_id: i % 3 ? null : `I-SEED${i}`, status: 'completed' as const, lang: 'en', paid_at: i < GIFTS_IN_STATEMENT_YEAR ? when(i) : lastYear(i), refunded_at: null, receipt_sent_at: when(i), created_at: when(i) })))
      .execute();
  }
  await db.insertInto('donation_statements').values({ year: 2024, total: ROWS, created_by: 'Director', created_at: when(0), finished_at: when(1) }).execute();
  for (let start = 0; start < ROWS; start += 500) {
    const range = Array.from({ length: Math.min(500, ROWS - start) }, (_, k) => start + k);
    await db.insertInto('donation_statement_recipients').values(range.map((i) => ({ year: 2024, email: `donor${i}@example.net`, status: 'sent' as const, sent_at: when(i) }))).execute();
  }
}

/** Every request path the API has, as a visitor, a mail provider and staff use them. */
async function runRequestFlows(services: Services, paypal: FakePaypal): Promise<void> {
  const app = createApp(services);
  const expectStatus = async (response: Response | Promise<Response>, status: number) => {
    const answer = await response;
    const body = await answer.text();
    if (answer.status !== status) throw new Error(`${answer.status} instead of ${status}: ${body.slice(0, 300)}`);
    return body;
  };
  const json = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(app, path, body, headers);

  // Visitors.
  await expectStatus(app.request('/api/health'), 200);
  await expectStatus(app.request('/api/health', { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } }), 200);
  await expectStatus(json('/api/newsletter-signup', { email: 'new.reader@example.org' }), 200);
  await expectStatus(json('/api/newsletter-signup', { email: 'new.reader@example.org' }), 200);
  await expectStatus(json('/api/newsletter-signup', { email: 'reader3@example.net' }), 200);
  await expectStatus(json('/api/contact', VALID.contact), 201);
  await expectStatus(json('/api/volunteer-application', VALID.volunteer), 201);
  await expectStatus(json('/api/partnership-inquiry', VALID.partnership), 201);
  const subscriber = await services.db.kysely.selectFrom('subscribers').select(['id', 'confirm_sent_at']).where('email', '=', 'new.reader@example.org').executeTakeFirstOrThrow();
  const confirm = await services.tokens.sign('confirm', subscriber.id, Date.parse(subscriber.confirm_sent_at!));
  const unsubscribe = await services.tokens.sign('unsubscribe', subscriber.id);
  await expectStatus(app.request(`/api/newsletter/confirm?token=${confirm}`), 303);
  await expectStatus(json('/api/newsletter/confirm', { token: confirm }), 200);
  await expectStatus(
    app.request(`/api/newsletter/unsubscribe?token=${unsubscribe}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }),
    200,
  );

  // Mail: deliver what the forms queued, retry and trim.
  await services.mailer.settled();
  await services.mailer.processOutbox();
  await services.mailer.status();

  // Staff: sign-in (a failure first), the inbox, subscribers, the broadcast.
  await services.staff.accounts.create({ ...ADMIN, admin: true });
  await services.staff.accounts.create({ ...MEMBER });
  await expectStatus(json('/api/auth/sign-in/username', { username: ADMIN.username, password: 'wrong password' }), 401);
  const signIn = await app.request('/api/auth/sign-in/username', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }) });
  await expectStatus(signIn.clone(), 200);
  const cookie = cookieOf(signIn);
  const get = (path: string) => expectStatus(app.request(path, { headers: { cookie } }), 200);
  // As a browser sends a POST: with the page's origin.
  const post = (path: string, body: unknown, status = 200) => expectStatus(json(path, body, { cookie, origin: 'http://localhost' }), status);
  await get('/api/staff/me');
  await get('/api/inbox/counts');
  for (const kind of ['contact', 'volunteer', 'partnership']) {
    const first = JSON.parse(await get(`/api/inbox/${kind}`)) as { items: Array<{ id: string }>; nextCursor: string };
    await get(`/api/inbox/${kind}?cursor=${first.nextCursor}`);
    await get(`/api/inbox/${kind}?status=handled&from=2025-01-02&to=2025-01-03`);
    await get(`/api/inbox/${kind}?q=garden`);
    await get(`/api/inbox/${kind}?q=garden&status=new`);
    await get(`/api/inbox/${kind}/${first.items[0]!.id}`);
    await post(`/api/inbox/${kind}/status`, { ids: [first.items[0]!.id, first.items[1]!.id], status: 'handled' });
    await post(`/api/inbox/${kind}/${first.items[0]!.id}/note`, { note: 'Called back on Monday.' });
    await get(`/api/inbox/${kind}/export.csv?status=new&from=2025-01-02&to=2025-01-02`);
  }
  await get('/api/inbox/volunteer?interest=mentor&availability=weekendMornings');
  await get('/api/inbox/partnership?interest=Financial%20Sponsorship');
  await post('/api/inbox/forget', { email: 'reader7@example.net' });
  const subscribers = JSON.parse(await get('/api/subscribers?status=confirmed')) as { items: Array<{ id: string }>; nextCursor: string };
  await get(`/api/subscribers?status=confirmed&cursor=${subscribers.nextCursor}`);
  await get(`/api/subscribers?cursor=${subscribers.nextCursor}`);
  await get('/api/subscribers?q=reader777');
  await get('/api/subscribers/chart');
  await get('/api/subscribers/export.csv?q=reader4242');
  await expectStatus(app.request('/api/subscribers/import', { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: 'email\nimported@example.org,2026-01-05\nlater@example.org\nreader9@example.net\n' }), 200);
  await post(`/api/subscribers/${subscribers.items[0]!.id}/unsubscribe`, {});
  await post(`/api/subscribers/${subscribers.items[1]!.id}/delete`, {});
  await get('/api/newsletter-campaigns/audience');
  await post('/api/newsletter-campaigns/preview', { body_html: '<p>Hello</p>' });
  await post('/api/newsletter-campaigns/test', { subject: 'Spring', body_html: '<p>Hello</p>', body_text: 'Hello' });
  const queued = JSON.parse(await post('/api/send-newsletter', { subject: 'Spring', body_html: '<p>Hello</p>', body_text: 'Hello' })) as { campaign_id: string };
  await get('/api/newsletter-campaigns');
  await get(`/api/newsletter-campaigns/${queued.campaign_id}`);
  await post(`/api/newsletter-campaigns/${queued.campaign_id}/pause`, {});
  await post(`/api/newsletter-campaigns/${queued.campaign_id}/resume`, {});
  await services.broadcast.runner.runOnce();
  await post('/api/send-newsletter', { subject: 'Summer', body_html: '<p>Hello</p>', body_text: 'Hello' });
  const second = JSON.parse(await get('/api/newsletter-campaigns')) as { campaigns: Array<{ id: string; status: string }> };
  await post(`/api/newsletter-campaigns/${second.campaigns.find((campaign) => campaign.status === 'running')!.id}/cancel`, {});
  // Newsletter drafts: saved as typed, listed, reopened, sent (which removes it) and deleted.
  const change = (method: string, path: string, body?: unknown) =>
    expectStatus(app.request(path, { method, headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }), 200);
  const draft = JSON.parse(await post('/api/newsletter-drafts', { subject: 'Autumn', body_html: 'Hello', body_text: '' }, 201)) as { id: string };
  await change('PUT', `/api/newsletter-drafts/${draft.id}`, { subject: 'Autumn', body_html: '<p>Hello</p>', body_text: 'Hello' });
  await get('/api/newsletter-drafts');
  await get(`/api/newsletter-drafts/${draft.id}`);
  await post('/api/send-newsletter', { subject: 'Autumn', body_html: '<p>Hello</p>', body_text: 'Hello', draft_id: draft.id });
  const dropped = JSON.parse(await post('/api/newsletter-drafts', { subject: '', body_html: 'Maybe later', body_text: '' }, 201)) as { id: string };
  await change('DELETE', `/api/newsletter-drafts/${dropped.id}`);
  // PayPal: notifications of a gift, a monthly sign-up, payment and cancellation, and a refund,
  // verified by the loopback fake; then the Donations screen.
  const donor = { payer_email: 'giver@example.org', first_name: 'Giver', last_name: 'One', custom: 'lang=fr' };
  const notifications = [
    oneTimeGift('PLANGIFT00000001', donor),
    ipnBody({ txn_type: 'subscr_signup', subscr_id: 'I-PLANS', mc_amount3: '25.00', ...donor }),
    ipnBody({ txn_type: 'subscr_payment', subscr_id: 'I-PLANS', txn_id: 'PLANMONTH0000001', payment_status: 'Completed', mc_gross: '25.00', ...donor }),
    ipnBody({ txn_type: 'subscr_failed', subscr_id: 'I-PLANS', ...donor }),
    ipnBody({ txn_type: 'subscr_cancel', subscr_id: 'I-PLANS', ...donor }),
    ipnBody({ txn_type: 'subscr_eot', subscr_id: 'I-PLANS', ...donor }),
    ipnBody({ payment_status: 'Refunded', txn_id: 'PLANREFUND000001', parent_txn_id: 'PLANGIFT00000001', mc_gross: '-50.00', ...donor }),
  ];
  for (const body of notifications) {
    paypal.genuine.add(body);
    await expectStatus(app.request('/api/paypal/ipn', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }), 200);
  }
  await services.donations.runOnce();
  await get('/api/donations/summary');
  const gifts = JSON.parse(await get('/api/donations/gifts')) as { items: Array<{ id: string }>; nextCursor: string };
  await get(`/api/donations/gifts?cursor=${gifts.nextCursor}`);
  await get('/api/donations/gifts?kind=monthly&from=2025-01-02&to=2025-01-03');
  await get('/api/donations/gifts?q=donor42');
  await get('/api/donations/gifts/export.csv?q=donor4242');
  await get('/api/donations/donor?email=donor7@example.net');
  await post(`/api/donations/gifts/${gifts.items[0]!.id}/receipt`, {});
  await post('/api/donations/statements', { year: 2025 });
  await services.donations.runOnce();
  await get('/api/donations/statements');
  await post('/api/inbox/forget', { email: 'donor8@example.net' });
  await expectStatus(json('/api/auth/email-otp/request-password-reset', { email: ADMIN.email }), 200);
  await expectStatus(json('/api/auth/email-otp/reset-password', { email: ADMIN.email, otp: '000000', password: 'Another#Pass2026' }), 400);
  await post('/api/auth/revoke-sessions', {});
}

interface Finding {
  sql: string;
  plan: string;
}

async function explain(services: Services, statement: string, parameters: readonly unknown[]): Promise<string[]> {
  const db = services.db.kysely;
  if (services.db.dialect === 'sqlite') {
    const rows = await db.executeQuery<{ detail: string }>({ sql: `explain query plan ${statement}`, parameters, query: { kind: 'RawNode' } as never, queryId: { queryId: 'plan' } });
    return rows.rows.map((row) => row.detail);
  }
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const rows = await connection.executeQuery<{ 'QUERY PLAN': string }>({ sql: `explain ${statement}`, parameters, query: { kind: 'RawNode' } as never, queryId: { queryId: 'plan' } });
      return rows.rows.map((row) => row['QUERY PLAN']);
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

/** The growing tables a plan reads from start to end. */
function fullScans(dialect: 'sqlite' | 'postgres', plan: string[]): string[] {
  const scanned: string[] = [];
  for (const line of plan) {
    const match = dialect === 'sqlite' ? /^SCAN (\w+)(?: AS \w+)?$/.exec(line.trim()) : /Seq Scan on (\w+)/.exec(line);
    if (match && GROWING.includes(match[1]!)) scanned.push(match[1]!);
  }
  return scanned;
}

describeBackends('query plans of every request path', (backend) => {
  const statements = new Map<string, readonly unknown[]>();
  let services: Services;
  let drop: () => Promise<void>;
  let paypal: FakePaypal;
  let collecting = false;

  beforeAll(async () => {
    paypal = await startFakePaypal();
    const database = await freshDatabase(backend);
    drop = database.drop;
    const config = loadConfig({}, {
      ...database.config,
      rateLimitMax: 1000,
      healthToken: HEALTH_TOKEN,
      outboxIntervalMs: 0,
      paypalVerifyUrl: paypal.url,
      onQuery: (text, parameters) => {
        if (collecting && !NOT_A_QUERY.test(text) && !statements.has(text)) statements.set(text, [...parameters]);
      },
    });
    services = await createServices(config, noMail, noBroadcast);
    await seedTheRest(services);
    if (backend === 'postgres') await sql`analyze`.execute(services.db.kysely);
    collecting = true;
    // Clean-ups that run after one request in fifty (or twenty) run every time here, so their
    // statements are explained too.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.001);
    try {
      await runRequestFlows(services, paypal);
    } finally {
      random.mockRestore();
      collecting = false;
    }
  }, 240_000);
  afterAll(async () => {
    if (services) await closeServices(services);
    await drop?.();
    await paypal?.close();
  });

  test('the flows reached the statements of every part of the API', () => {
    const all = [...statements.keys()].join('\n');
    for (const table of ['subscribers', 'contact_messages', 'volunteer_applications', 'partnership_inquiries', 'outbox', 'rate_limits', 'mail_cooldowns', 'staff_attempts', 'staff_known_networks', 'newsletter_campaigns', 'newsletter_recipients', 'staff_session', 'paypal_notifications', 'gifts', 'recurring_donors', 'donation_statement_recipients']) {
      expect(all, table).toContain(`"${table}"`);
    }
    expect(statements.size).toBeGreaterThan(60);
    // The occasional clean-ups are among them.
    for (const cleanup of ['delete from "mail_cooldowns" where "until_at" <', 'delete from "staff_attempts" where "window_start" <']) expect(all).toContain(cleanup);
  });

  test('no statement scans a growing table from start to end', async () => {
    const findings: Finding[] = [];
    for (const [statement, parameters] of statements) {
      const plan = await explain(services, statement, parameters);
      if (fullScans(services.db.dialect, plan).length) findings.push({ sql: statement, plan: plan.join(' | ') });
    }
    expect(findings).toEqual([]);
  }, 120_000);
});

describeBackends('the query-plan index migration', (backend) => {
  test('fills reply_to from the headers of mail queued before it, lower-cased, so forgetting an address still finds it', async () => {
    const database = await freshDatabase(backend);
    const db = openDatabase(loadConfig({}, database.config));
    try {
      const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('2026-11-22-015-inbox')).error).toBeUndefined();
      const row = (id: string, headers: Record<string, string>) => ({ id, kind: 'contact.staff', to_address: 'staff@sipa.example.org', subject: 's', text_body: 't', html_body: null, headers: JSON.stringify(headers), created_at: '2026-01-01T00:00:00.000Z', attempts: 0, next_attempt_at: '2026-01-01T00:00:00.000Z', locked_until: null, sent_at: null, last_error: null });
      await (db.kysely as Kysely<any>).insertInto('outbox').values([row(seededId('b0', 1), { 'Auto-Submitted': 'auto-generated', 'Reply-To': 'Amara@Example.org' }), row(seededId('b0', 2), { 'Auto-Submitted': 'auto-replied' })]).execute();
      await migrateToLatest(db.kysely);
      const rows = await db.kysely.selectFrom('outbox').select(['id', 'reply_to']).orderBy('id').execute();
      expect(rows.map((r) => r.reply_to)).toEqual(['amara@example.org', null]);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
