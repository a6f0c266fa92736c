/**
 * The broadcast under a failing mail server, with a real SMTP peer on loopback, on both
 * databases: an outage of each kind (451 to everything, 554 to everything, refused connections,
 * a server that stops answering at DATA) lasts until the test ends it (a gate, not a clock), and
 * the campaign must end by itself with every recipient mailed once or reported as failed, staff
 * told while it lasts. Then bounces: a 550 marks the address bounced and the next campaign does
 * not mail it; the provider's webhook reports bounces and complaints.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { describeBackends, makeApi, type TestApi } from './helpers.ts';
import { NEWSLETTER, recipientStatuses, seedSubscribers, sendNewsletter, staffCookies } from './broadcast-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { parseCsv } from '../src/inbox/csv.ts';

const RECIPIENTS = 60;
const WEBHOOK_TOKEN = 'test-webhook-token-0123456789';

type Outage = '451' | '554' | 'refused' | 'stall';

describeBackends('newsletter broadcast through a failing mail server', (backend) => {
  vi.setConfig({ testTimeout: 120_000 });
  let sink: SmtpSink;
  let api: TestApi;
  let cookies: { admin: string; member: string };
  let logs: ReturnType<typeof vi.spyOn>[];
  beforeEach(async () => {
    sink = await startSmtpSink();
    api = await makeApi(backend, {
      smtpUrl: sink.url,
      newsletterRatePerSecond: 0,
      newsletterConcurrency: 2,
      // The outage's clocks, shortened: retries and tries of the server 20 ms apart (doubling), a
      // silent server given up after 1 s, staff told at once.
      newsletterRetrySeconds: 0.02,
      smtpTimeoutSeconds: 1,
      newsletterOutageNoticeMinutes: 0,
      bounceWebhookToken: WEBHOOK_TOKEN,
    });
    cookies = await staffCookies(api);
    logs = [vi.spyOn(console, 'warn').mockImplementation(() => {}), vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'log').mockImplementation(() => {})];
  });
  afterEach(async () => {
    for (const log of logs) log.mockRestore();
    sink.hold = null;
    await api.close();
    await sink.close();
  });

  const campaign = async (id: string) => (await (await api.app.request(`/api/newsletter-campaigns/${id}`, { headers: { cookie: cookies.admin } })).json()) as Record<string, any>;

  test.each<[Outage]>([['451'], ['554'], ['refused'], ['stall']])('an outage (%s) ends with every recipient mailed once or reported as failed, without anyone pressing Resume', async (kind) => {
    const emails = await seedSubscribers(api.services, RECIPIENTS, 'confirmed');
    // The outage starts before the campaign and ends when `end()` is called.
    let failures = 0;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    if (kind === '451' || kind === '554') {
      let over = false;
      void ended.then(() => (over = true));
      sink.refuse = () => {
        if (over) return null;
        failures += 1;
        return { code: Number(kind), message: kind === '451' ? 'Try again later' : 'Transaction failed' };
      };
    } else if (kind === 'refused') {
      await sink.goDark();
      sink.onRefusedConnection = () => void (failures += 1);
    } else {
      sink.hold = ended;
      sink.onArrival = () => void (failures += 1);
    }
    const { campaign_id: id } = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string };
    const run = api.services.broadcast.runner.runOnce();

    // Enough failures that the campaign has given the server up at least once and tried again.
    await expect.poll(() => failures, { timeout: 60_000 }).toBeGreaterThanOrEqual(kind === 'stall' ? 6 : 28);
    if (kind !== 'stall') {
      // Staff see it on the campaign while it lasts; the campaign is still running, not paused.
      const during = await campaign(id);
      expect(during.status).toBe('running');
      expect(during.deliveryProblem).toMatchObject({ since: expect.any(String), lastError: expect.any(String) });
    }
    if (kind === 'refused') await sink.comeBack();
    end();
    await run;

    const after = await campaign(id);
    expect(after.status).toBe('finished');
    expect(after.deliveryProblem).toBeNull();
    const rows = await api.services.db.kysely.selectFrom('newsletter_recipients').select(['email', 'status', 'last_error']).where('campaign_id', '=', id).execute();
    const mailed = sink.messages.map((m) => m.to);
    // Nobody twice; everyone mailed or failed with the reason, and the campaign's counts say so.
    expect(new Set(mailed).size).toBe(mailed.length);
    expect(rows.filter((r) => r.status === 'sent').map((r) => r.email).sort()).toEqual([...mailed].sort());
    for (const row of rows.filter((r) => r.status !== 'sent')) {
      expect(row.status).toBe('failed');
      expect(row.last_error).toBeTruthy();
    }
    expect(after.sent + after.failed).toBe(RECIPIENTS);
    expect(after.remaining).toBe(0);
    expect(rows.map((r) => r.email).sort()).toEqual([...emails].sort());
    // The refusals of an outage were the server's: no address is marked bounced for them.
    expect(after.bounced).toBe(0);
    expect(await api.services.db.kysely.selectFrom('subscribers').select('id').where('status', '!=', 'confirmed').execute()).toEqual([]);
  });

  test('a 550 for one address marks it bounced: staff see it, the CSV has it, and the next campaign does not mail it', async () => {
    await seedSubscribers(api.services, 30, 'confirmed');
    const gone = 'confirmed-7@example.org';
    sink.refuse = (to) => (to === gone ? { code: 550, message: '5.1.1 No such mailbox' } : null);
    const first = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string };
    await api.services.broadcast.runner.runOnce();
    expect(await recipientStatuses(api.services, first.campaign_id)).toEqual({ sent: 29, failed: 1 });
    expect(await campaign(first.campaign_id)).toMatchObject({ status: 'finished', sent: 29, failed: 1, bounced: 1, complained: 0 });

    const list = (await (await api.app.request('/api/subscribers?status=bounced', { headers: { cookie: cookies.admin } })).json()) as { items: Array<Record<string, unknown>> };
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ email: gone, status: 'bounced' });
    expect(String(list.items[0]!.stoppedReason)).toContain('No such mailbox');
    const csv = parseCsv(await (await api.app.request('/api/subscribers/export.csv?status=bounced', { headers: { cookie: cookies.admin } })).text()).map((r) => r.cells);
    expect(csv[0]).toEqual(['Email', 'Status', 'Signed up', 'Confirmed', 'Unsubscribed', 'Signed up from', 'Stopped', 'Why stopped']);
    expect(csv[1]![0]).toBe(gone);
    expect(csv[1]![1]).toBe('bounced');
    expect(csv[1]![7]).toContain('No such mailbox');

    sink.refuse = null;
    const before = sink.messages.length;
    const second = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string; total_subscribers: number };
    expect(second.total_subscribers).toBe(29);
    await api.services.broadcast.runner.runOnce();
    const mailedAgain = sink.messages.slice(before).map((m) => m.to);
    expect(mailedAgain).toHaveLength(29);
    expect(mailedAgain).not.toContain(gone);
  });

  test('the provider webhook: a bearer token, then bounces and complaints stop the address and count in the campaign', async () => {
    await seedSubscribers(api.services, 5, 'confirmed');
    const first = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string };
    await api.services.broadcast.runner.runOnce();
    const report = (body: unknown, token = WEBHOOK_TOKEN) =>
      api.app.request('/api/mail-feedback', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const events = {
      events: [
        { type: 'complaint', email: 'confirmed-1@example.org' },
        { type: 'bounce', email: 'Confirmed-2@example.org', reason: '550 5.1.1 user unknown' },
        { type: 'bounce', email: 'confirmed-3@example.org', permanent: false },
        { type: 'bounce', email: 'stranger@example.org' },
      ],
    };
    expect((await report(events, 'wrong-token-0123456789012345')).status).toBe(401);
    expect((await api.app.request('/api/mail-feedback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(events) })).status).toBe(401);
    expect((await report({ events: [{ type: 'nonsense', email: 'x@example.org' }] })).status).toBe(400);
    const answer = await report(events);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ applied: 3, unknown: 1 });
    const statuses = Object.fromEntries(
      (await api.services.db.kysely.selectFrom('subscribers').select(['email', 'status', 'stopped_reason']).execute()).map((r) => [r.email, [r.status, r.stopped_reason]]),
    );
    expect(statuses['confirmed-1@example.org']).toEqual(['complained', 'Marked as spam (reported by the mail provider)']);
    expect(statuses['confirmed-2@example.org']).toEqual(['bounced', '550 5.1.1 user unknown']);
    expect(statuses['confirmed-3@example.org']).toEqual(['confirmed', null]);
    expect(await campaign(first.campaign_id)).toMatchObject({ sent: 5, bounced: 1, complained: 1 });

    const before = sink.messages.length;
    await sendNewsletter(api, NEWSLETTER, cookies.admin);
    await api.services.broadcast.runner.runOnce();
    expect(sink.messages.slice(before).map((m) => m.to).sort()).toEqual(['confirmed-0@example.org', 'confirmed-3@example.org', 'confirmed-4@example.org']);

    // Without BOUNCE_WEBHOOK_TOKEN the webhook does not exist.
    const off = await makeApi('sqlite');
    try {
      const response = await off.app.request('/api/mail-feedback', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer anything' }, body: JSON.stringify(events) });
      expect(response.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
