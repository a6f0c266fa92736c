/**
 * A PostgreSQL restart under a real server process that is sending a campaign, replayed on a
 * cluster of the test's own (pg-cluster.ts; `pg_ctl stop -m fast` ends every session with 57P01,
 * then connections are refused until `pg_ctl start`). Before the fix, the 'error' event of the
 * pg client whose query was cut killed the process.
 *
 * The restart is timed by gates, not sleeps: the SMTP peer holds the campaign's 50th message (the
 * end of its first batch, whose "sent" marks are not written yet), a confirmation mail and PayPal's
 * answer to a notification; the test holds a lock that a request and the campaign's heartbeat
 * wait on, so both have a query on a checked-out connection when the server goes down.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import pg from 'pg';
import { closeServices, createServices } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queueCampaign } from '../src/newsletter-broadcast/campaigns.ts';
import { NEWSLETTER, seedSubscribers } from './broadcast-helpers.ts';
import { HEALTH_TOKEN, VALID, type TestApi } from './helpers.ts';
import { oneTimeGift, startFakePaypal, type FakePaypal } from './paypal-fake.ts';
import { queryOnce, startPgCluster, type PgCluster } from './pg-cluster.ts';
import { startServerProcess, stopServerProcess } from './server-process.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { ADMIN } from './staff-helpers.ts';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 4621) + 50;
const BASE = `http://127.0.0.1:${PORT}`;
const RECIPIENTS = 200;
/** The runner claims 50 recipients at a time (max(50, 5 × concurrency)). */
const FIRST_BATCH = 50;

let cluster: PgCluster;
let sink: SmtpSink;
let paypal: FakePaypal;
let server: ChildProcess | null = null;
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  cluster = await startPgCluster();
  sink = await startSmtpSink();
  paypal = await startFakePaypal();
  config = loadConfig({}, { databaseUrl: cluster.url, dataDir: '', healthToken: HEALTH_TOKEN });
}, 180_000);

afterAll(async () => {
  if (server) await stopServerProcess(server, 'SIGKILL');
  await sink?.close();
  await paypal?.close();
  cluster?.destroy();
}, 120_000);

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const post = (path: string, body: string, type = 'application/json') => fetch(`${BASE}${path}`, { method: 'POST', body, headers: { 'content-type': type } });
const health = (token?: string) => fetch(`${BASE}/api/health`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function untilUp(child: ChildProcess): Promise<void> {
  await expect
    .poll(async () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      return (await health().catch(() => null))?.status;
    }, { timeout: 60_000, interval: 100 })
    .toBe(200);
}

const statusOf = async (id: string) => (await queryOnce<{ status: string }>(cluster.url, 'select status from newsletter_campaigns where id = $1', [id]))[0]?.status;

test('a PostgreSQL restart while a campaign is sending: the process stays up, 503 in the visitor\'s language meanwhile, everything goes on by itself, each recipient mailed once', async () => {
  // The data: subscribers, a campaign running, one scheduled to start a second from now.
  const seeding = await createServices(config);
  const emails = await seedSubscribers(seeding, RECIPIENTS, 'confirmed');
  const running = await queueCampaign(seeding.db, { subject: 'Running edition', bodyHtml: NEWSLETTER.body_html, bodyText: NEWSLETTER.body_text, createdBy: 'Director' });
  const scheduled = await queueCampaign(seeding.db, {
    subject: 'Scheduled edition',
    bodyHtml: NEWSLETTER.body_html,
    bodyText: NEWSLETTER.body_text,
    createdBy: 'Director',
    scheduledAt: new Date(Date.now() + 1000).toISOString(),
  });
  await closeServices(seeding);

  // The SMTP peer holds everything from the campaign's 50th message on.
  const smtpHold = gate();
  const fiftieth = gate();
  const arrived = new Set<string>();
  let campaignArrivals = 0;
  sink.onArrival = (to) => {
    arrived.add(to);
    if (emails.includes(to) && ++campaignArrivals === FIRST_BATCH) {
      sink.hold = smtpHold.opened;
      fiftieth.open();
    }
  };
  const stderr: string[] = [];
  server = startServerProcess({ services: { config } } as TestApi, sink, PORT, {
    HEALTH_TOKEN,
    RATE_LIMIT_MAX: '1000',
    NEWSLETTER_RATE_PER_SECOND: '0',
    NEWSLETTER_CONCURRENCY: '1',
    OUTBOX_INTERVAL_MS: '1000',
    PAYPAL_VERIFY_URL: paypal.url,
    PAYPAL_IPN_LEASE_SECONDS: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: ADMIN.email,
  });
  server.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exits: Array<number | string> = [];
  server.on('exit', (code, signal) => exits.push(code ?? signal ?? 'exit'));
  await untilUp(server);
  // A staff member signed in before the restart.
  const signedIn = await post('/api/auth/sign-in/username', JSON.stringify({ username: ADMIN.username, password: ADMIN.password }));
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const staffMe = () => fetch(`${BASE}/api/staff/me`, { headers: { cookie } });
  const meBefore = (await staffMe()).status;
  await fiftieth.opened;

  // A sign-up whose confirmation mail is held at DATA too, and a PayPal notification whose
  // verification PayPal holds.
  expect((await post('/api/newsletter-signup', JSON.stringify({ email: 'late-reader@example.org' }))).status).toBe(200);
  await expect.poll(() => arrived.has('late-reader@example.org'), { timeout: 30_000, interval: 20 }).toBe(true);
  const ipn = oneTimeGift('8RESTART00000001', { payer_email: 'giver@example.org', custom: 'lang=en' });
  paypal.genuine.add(ipn);
  const paypalHold = gate();
  const postback = gate();
  paypal.hold = paypalHold.opened;
  paypal.onArrival = () => postback.open();
  expect((await post('/api/paypal/ipn', ipn, 'application/x-www-form-urlencoded')).status).toBe(200);
  await postback.opened;

  // Queries on checked-out connections when the server goes: the campaign's heartbeat and a
  // contact message's transaction both wait on tables the test has locked.
  const locker = new pg.Client({ connectionString: cluster.url });
  locker.on('error', () => {});
  await locker.connect();
  await locker.query('begin');
  await locker.query('lock table newsletter_campaigns, contact_messages in access exclusive mode');
  // Awaited after the restart: a server that died would reject it, which is an answer too.
  const inFlight = post('/api/contact', JSON.stringify(VALID.contact)).catch((error: unknown) => error);
  await expect
    .poll(async () => Number((await locker.query<{ n: string }>("select count(*) as n from pg_stat_activity where wait_event_type = 'Lock'")).rows[0]!.n), { timeout: 30_000, interval: 50 })
    .toBeGreaterThanOrEqual(2);

  cluster.stop();
  await locker.end().catch(() => {});

  // The request in flight and every one after it: 503, Retry-After, the visitor's language.
  const cut = await inFlight;
  if (!(cut instanceof Response)) throw new Error(`the request in flight got no answer (the server exited: ${exits.join(', ') || 'no'})`, { cause: cut });
  expect(cut.status).toBe(503);
  expect(cut.headers.get('retry-after')).toBe('30');
  expect(await cut.json()).toEqual({ message: 'An unexpected error occurred. Please try again later.' });
  const french = await post('/api/contact', JSON.stringify({ ...VALID.contact, lang: 'fr' }));
  expect(french.status).toBe(503);
  expect(french.headers.get('retry-after')).toBe('30');
  expect(await french.json()).toEqual({ message: 'Une erreur inattendue est survenue. Veuillez réessayer plus tard.' });
  const plainForm = await fetch(`${BASE}/api/contact`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ ...VALID.contact, lang: 'sw' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(plainForm.status).toBe(303);
  expect(plainForm.headers.get('location')).toBe('/sw/form-error?form=contact#failed');
  // Staff are not told they are signed out.
  const me = await staffMe();
  expect(me.status).toBe(503);
  expect(me.headers.get('retry-after')).toBe('30');
  // PayPal is told to send the notification again.
  expect((await post('/api/paypal/ipn', oneTimeGift('8RESTART00000002'), 'application/x-www-form-urlencoded')).status).toBe(503);
  const publicHealth = await health();
  expect(publicHealth.status).toBe(503);
  expect(await publicHealth.json()).toEqual({ status: 'database-unavailable' });
  expect(await (await health(HEALTH_TOKEN)).json()).toMatchObject({ status: 'database-unavailable', database: { dialect: 'postgres', ok: false, unavailableSince: expect.any(String) } });

  // SMTP and PayPal answer while the database is still down: the 50 deliveries, the confirmation
  // and the verdict cannot be recorded yet.
  paypal.hold = null;
  paypalHold.open();
  sink.hold = null;
  smtpHold.open();
  await expect.poll(() => sink.messages.some((m) => m.to === 'late-reader@example.org') && sink.messages.length >= FIRST_BATCH + 1, { timeout: 30_000, interval: 20 }).toBe(true);
  expect((await health()).status).toBe(503);
  expect(exits).toEqual([]);

  cluster.start();

  // Everything goes on by itself: both campaigns, the outbox, the PayPal notification.
  await expect.poll(() => statusOf(running.id), { timeout: 120_000, interval: 250 }).toBe('finished');
  await expect.poll(() => statusOf(scheduled.id), { timeout: 120_000, interval: 250 }).toBe('finished');
  await expect
    .poll(async () => (await queryOnce<{ sent: boolean }>(cluster.url, "select sent_at is not null as sent from outbox where to_address = 'late-reader@example.org'"))[0]?.sent, { timeout: 60_000, interval: 250 })
    .toBe(true);
  await expect
    .poll(async () => (await queryOnce<{ status: string }>(cluster.url, "select status from paypal_notifications where txn_id = '8RESTART00000001'"))[0]?.status, { timeout: 60_000, interval: 250 })
    .toBe('verified');
  await expect.poll(() => sink.messages.filter((m) => m.to === 'giver@example.org').length, { timeout: 60_000, interval: 100 }).toBe(1);

  // Each recipient of each campaign mailed once, the confirmation once, one gift.
  const copies = new Map<string, number>();
  for (const message of sink.messages) {
    const subject = /\r\nSubject: ([^\r]+)/.exec(message.raw)?.[1] ?? '';
    copies.set(`${subject}|${message.to}`, (copies.get(`${subject}|${message.to}`) ?? 0) + 1);
  }
  for (const subject of ['Running edition', 'Scheduled edition']) {
    const perRecipient = emails.map((email) => copies.get(`${subject}|${email}`) ?? 0);
    expect(perRecipient.filter((n) => n !== 1), `${subject}: recipients not mailed exactly once`).toEqual([]);
  }
  expect(sink.messages.filter((m) => m.to === 'late-reader@example.org')).toHaveLength(1);
  const recipients = await queryOnce<{ status: string; n: string }>(cluster.url, 'select status, count(*) as n from newsletter_recipients group by status');
  expect(recipients.map((r) => [r.status, Number(r.n)])).toEqual([['sent', 2 * RECIPIENTS]]);
  expect(await queryOnce(cluster.url, 'select txn_id from gifts')).toEqual([{ txn_id: '8RESTART00000001' }]);

  // Up all along, answering again, and the outage took one log line each way, with no stack.
  expect(exits).toEqual([]);
  expect((await health()).status).toBe(200);
  expect((await post('/api/contact', JSON.stringify(VALID.contact))).status).toBe(201);
  expect((await staffMe()).status).toBe(meBefore);
  const log = stderr.join('');
  expect(log.match(/is unavailable \(/g) ?? []).toHaveLength(1);
  expect(log).toMatch(/api: the database at 127\.0\.0\.1:\d+\/postgres is unavailable \(.+\); requests are answered 503 and the workers wait until it is back/);
  expect(log.match(/api: the database at \S+ is back after \d+ s/g) ?? []).toHaveLength(1);
  expect(log).not.toMatch(/\n\s+at |\[staff auth\]|api error/);
}, 300_000);
