/**
 * The newsletter broadcast through the API on both databases, delivered by the worker to a real
 * SMTP peer: who may send, what a refused request leaves behind, what every recipient receives.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { count, describeBackends, makeApi, type TestApi } from './helpers.ts';
import { NEWSLETTER, recipientStatuses, seedSubscribers, sendNewsletter, staffCookies } from './broadcast-helpers.ts';
import { decodedBody, headersOf, startSmtpSink, startSmtpSinkProcess, type SmtpSink } from './smtp-sink.ts';

describeBackends('newsletter broadcast: who may send and what is refused', (backend) => {
  let api: TestApi;
  let cookies: { admin: string; member: string };
  beforeAll(async () => {
    api = await makeApi(backend);
    cookies = await staffCookies(api);
    await seedSubscribers(api.services, 3, 'confirmed');
  });
  afterAll(() => api.close());

  test('signed out: 401; a staff member who is not an administrator: 403; nothing queued', async () => {
    expect((await sendNewsletter(api, NEWSLETTER)).status).toBe(401);
    expect((await sendNewsletter(api, NEWSLETTER, cookies.member)).status).toBe(403);
    expect((await api.app.request('/api/newsletter-campaigns', { headers: { cookie: cookies.member } })).status).toBe(403);
    expect((await api.app.request('/api/newsletter-campaigns/audience')).status).toBe(401);
    expect(await count(api.services, 'newsletter_campaigns')).toBe(0);
  });

  test('a request from a foreign origin is refused with 403 and queues nothing', async () => {
    const response = await sendNewsletter(api, NEWSLETTER, cookies.admin, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await count(api.services, 'newsletter_campaigns')).toBe(0);
  });

  test.each([
    ['subject', 'Subject Line is required'],
    ['body_html', 'HTML Content is required'],
    ['body_text', 'Plain Text Content is required'],
  ])('a missing %s is a 400 with its message, and nothing is queued', async (field, message) => {
    const body: Record<string, string> = { ...NEWSLETTER };
    delete body[field];
    const response = await sendNewsletter(api, body, cookies.admin);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { message: string; issues: Array<{ path: string; message: string }> };
    expect(answer.message).toBe(message);
    expect(answer.issues).toContainEqual({ path: field, message });
    const blank = await sendNewsletter(api, { ...NEWSLETTER, [field]: '   ' }, cookies.admin);
    expect(blank.status).toBe(400);
    expect(await count(api.services, 'newsletter_campaigns')).toBe(0);
    expect(await count(api.services, 'newsletter_recipients')).toBe(0);
  });

  test('HTML with nothing left after cleaning is refused; broken JSON is a 400, not a 500', async () => {
    const onlyScript = await sendNewsletter(api, { ...NEWSLETTER, body_html: '<script>alert(1)</script>' }, cookies.admin);
    expect(onlyScript.status).toBe(400);
    expect(((await onlyScript.json()) as { message: string }).message).toBe('HTML Content has nothing left to send once scripts, forms and frames are removed');
    const broken = await sendNewsletter(api, '{"subject":', cookies.admin);
    expect(broken.status).toBe(400);
    expect(await count(api.services, 'newsletter_campaigns')).toBe(0);
  });

  test('preview cleans the HTML on the server and offers its plain text', async () => {
    const response = await api.app.request('/api/newsletter-campaigns/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies.admin },
      body: JSON.stringify({ body_html: '<p onclick="x()">Hello <a href="javascript:alert(1)">bad</a> <a href="https://sipa.example.org/faq">FAQ</a></p><iframe src="https://x.example"></iframe><img src="http://x.example/a.png"><img src="https://x.example/b.png" alt="B">' }),
    });
    expect(response.status).toBe(200);
    const { html, text } = (await response.json()) as { html: string; text: string };
    expect(html).toBe('<p>Hello <a rel="noopener">bad</a> <a href="https://sipa.example.org/faq" rel="noopener">FAQ</a></p><img src="https://x.example/b.png" alt="B" />');
    expect(text).toBe('Hello bad FAQ [https://sipa.example.org/faq]');
  });

  test('the audience is the number of confirmed subscribers, per language they signed up in', async () => {
    const response = await api.app.request('/api/newsletter-campaigns/audience', { headers: { cookie: cookies.admin } });
    expect(await response.json()).toEqual({ confirmed: 3, languages: { en: 3, fr: 0, sw: 0 } });
    const french = await seedSubscribers(api.services, 2, 'confirmed', 'lecteur');
    const swahili = await seedSubscribers(api.services, 1, 'confirmed', 'msomaji');
    await seedSubscribers(api.services, 4, 'pending', 'attente');
    await api.services.db.kysely.updateTable('subscribers').set({ lang: 'fr' }).where('email', 'in', french).execute();
    await api.services.db.kysely.updateTable('subscribers').set({ lang: 'sw' }).where('email', 'in', swahili).execute();
    const split = await api.app.request('/api/newsletter-campaigns/audience', { headers: { cookie: cookies.admin } });
    expect(await split.json()).toEqual({ confirmed: 6, languages: { en: 3, fr: 2, sw: 1 } });
    await api.services.db.kysely.deleteFrom('subscribers').where('email', 'in', [...french, ...swahili]).execute();
    await api.services.db.kysely.deleteFrom('subscribers').where('status', '=', 'pending').execute();
  });
});

describeBackends('newsletter broadcast: 10,000 recipients to a real SMTP peer', (backend) => {
  let sink: Awaited<ReturnType<typeof startSmtpSinkProcess>>;
  let api: TestApi;
  let cookies: { admin: string; member: string };
  let confirmed: string[];
  beforeAll(async () => {
    sink = await startSmtpSinkProcess();
    api = await makeApi(backend, { smtpUrl: sink.url, newsletterRatePerSecond: 0, newsletterConcurrency: 10 });
    cookies = await staffCookies(api);
    // 10,000 real SMTP transactions: about 80 s on the shared 2-core machine at load 14; the limit allows for a busier one.
    confirmed = await seedSubscribers(api.services, 10_000, 'confirmed');
    await seedSubscribers(api.services, 7, 'pending');
    await seedSubscribers(api.services, 5, 'unsubscribed');
  }, 60_000);
  afterAll(async () => {
    await api.close();
    await sink.close();
  });

  test('every confirmed address gets exactly one multipart message with both list headers; nobody else gets one', async () => {
    const response = await sendNewsletter(api, NEWSLETTER, cookies.admin);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { total_subscribers: number; message: string; campaign_id: string };
    expect(answer.total_subscribers).toBe(10_000);
    expect(answer.message).toBe('Newsletter queued for 10000 subscribers');
    expect(await count(api.services, 'newsletter_recipients')).toBe(10_000);

    await api.services.broadcast.runner.runOnce();

    const report = await sink.report([0, 4321, 9999]);
    expect(report.count).toBe(10_000);
    const perAddress = new Map(Object.entries(report.perAddress));
    expect(perAddress.size).toBe(10_000);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect([...perAddress.keys()].sort()).toEqual([...confirmed].sort());

    for (const raw of report.samples) {
      const headers = headersOf(raw);
      expect(headers.get('list-unsubscribe')).toMatch(/^<https:\/\/sipa\.example\.org\/api\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{32}>$/);
      expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(headers.get('subject')).toBe('Spring workshops are open');
      expect(headers.get('content-type')).toMatch(/^multipart\/alternative;/);
      const body = decodedBody(raw);
      expect(body).toContain('Content-Type: text/plain');
      expect(body).toContain('Content-Type: text/html');
      expect(body).toContain('Join us on Saturday. See the events: https://sipa.example.org/events');
      expect(body).toContain('<strong>Saturday</strong>');
      expect(body).not.toContain('<script>');
      // The footer: a visible unsubscribe link in both parts, the name and postal address.
      const link = /<(https:[^>]+)>/.exec(headers.get('list-unsubscribe')!)![1]!;
      expect(body).toContain(`Unsubscribe: ${link}`);
      expect(body).toContain(`<a href="${link.replace(/&/g, '&amp;')}"`);
      expect(body).toContain('SIPA, 100 Example Street, Suite 200, Grapevine, TX 76051');
    }

    const statuses = await recipientStatuses(api.services, answer.campaign_id);
    expect(statuses).toEqual({ sent: 10_000 });
    const history = await api.app.request('/api/newsletter-campaigns', { headers: { cookie: cookies.admin } });
    const { campaigns, delivery } = (await history.json()) as { campaigns: Array<Record<string, unknown>>; delivery: string };
    expect(delivery).toBe('smtp');
    expect(campaigns[0]).toMatchObject({ id: answer.campaign_id, subject: 'Spring workshops are open', status: 'finished', createdBy: 'Director', total: 10_000, sent: 10_000, failed: 0, remaining: 0 });
  }, 600_000);
});

describeBackends('newsletter broadcast: unsubscribes, pause, cancel and failures', (backend) => {
  // Each case starts its own database and SMTP peer; on a busy machine that alone takes seconds.
  vi.setConfig({ testTimeout: 60_000 });
  let sink: SmtpSink;
  let api: TestApi;
  let cookies: { admin: string; member: string };
  beforeEach(async () => {
    sink = await startSmtpSink();
    api = await makeApi(backend, { smtpUrl: sink.url, newsletterRatePerSecond: 0, newsletterConcurrency: 2 });
    cookies = await staffCookies(api);
  });
  afterEach(async () => {
    sink.hold = null;
    await api.close();
    await sink.close();
  });

  const post = (path: string, body: unknown = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies.admin }, body: JSON.stringify(body) });

  test('an address that unsubscribes while the campaign runs receives nothing more from it', async () => {
    const emails = await seedSubscribers(api.services, 300, 'confirmed');
    const { campaign_id } = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string };
    let release!: () => void;
    sink.hold = new Promise<void>((resolve) => (release = resolve));
    let firstArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    sink.onArrival = () => firstArrived();
    const run = api.services.broadcast.runner.runOnce();
    await arrived;
    // The first batch is in flight; the last 20 in the queue unsubscribe through their own links.
    const last = await api.services.db.kysely.selectFrom('newsletter_recipients').select(['subscriber_id', 'email']).where('campaign_id', '=', campaign_id).orderBy('seq', 'desc').limit(20).execute();
    const leaving = last.map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining(leaving));
    for (const row of last) {
      const { unsubscribeUrl } = await api.services.broadcast.links(row.subscriber_id);
      const response = await api.app.request(new URL(unsubscribeUrl).pathname + new URL(unsubscribeUrl).search, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
    }
    expect(await api.services.db.kysely.selectFrom('subscribers').select('id').where('status', '=', 'unsubscribed').execute()).toHaveLength(20);
    release();
    await run;
    const mailed = new Set(sink.messages.map((m) => m.to));
    expect(mailed.size).toBe(280);
    for (const email of leaving) expect(mailed.has(email)).toBe(false);
    expect(await recipientStatuses(api.services, campaign_id)).toEqual({ sent: 280, skipped: 20 });
  });

  test('pause stops the campaign, resume finishes it, and nobody gets two copies', async () => {
    await seedSubscribers(api.services, 200, 'confirmed');
    const { campaign_id } = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string };
    let release!: () => void;
    sink.hold = new Promise<void>((resolve) => (release = resolve));
    let firstArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    sink.onArrival = () => firstArrived();
    const run = api.services.broadcast.runner.runOnce();
    await arrived;
    const paused = await post(`/api/newsletter-campaigns/${campaign_id}/pause`);
    expect(paused.status).toBe(200);
    expect(((await paused.json()) as { status: string }).status).toBe('paused');
    release();
    await run;
    const afterPause = sink.messages.length;
    expect(afterPause).toBeLessThan(200);
    const progress = (await (await api.app.request(`/api/newsletter-campaigns/${campaign_id}`, { headers: { cookie: cookies.admin } })).json()) as Record<string, number | string>;
    expect(progress).toMatchObject({ status: 'paused', total: 200, sent: afterPause, remaining: 200 - afterPause });
    expect((await post(`/api/newsletter-campaigns/${campaign_id}/pause`)).status).toBe(409);

    expect((await post(`/api/newsletter-campaigns/${campaign_id}/resume`)).status).toBe(200);
    await api.services.broadcast.runner.runOnce();
    expect(sink.messages).toHaveLength(200);
    expect(new Set(sink.messages.map((m) => m.to)).size).toBe(200);
    expect(await recipientStatuses(api.services, campaign_id)).toEqual({ sent: 200 });
    expect((await post(`/api/newsletter-campaigns/${campaign_id}/cancel`)).status).toBe(409);
  });

  test('cancel skips everyone not yet sent', async () => {
    await seedSubscribers(api.services, 50, 'confirmed');
    const { campaign_id } = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string };
    const cancelled = await post(`/api/newsletter-campaigns/${campaign_id}/cancel`);
    expect(cancelled.status).toBe(200);
    await api.services.broadcast.runner.runOnce();
    expect(sink.messages).toHaveLength(0);
    expect(await recipientStatuses(api.services, campaign_id)).toEqual({ skipped: 50 });
    expect((await post(`/api/newsletter-campaigns/${campaign_id}/resume`)).status).toBe(409);
  });

  test('a 5xx refusal fails that recipient; a 4xx is retried later; a server refusing everything is shown to staff and waited out, not taken as bounces', async () => {
    await seedSubscribers(api.services, 60, 'confirmed');
    sink.refuse = (to) => (to === 'confirmed-3@example.org' ? { code: 550, message: 'No such mailbox' } : to === 'confirmed-4@example.org' ? { code: 451, message: 'Try again later' } : null);
    const first = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string };
    // The worker waits for the retry; stop it after everyone else is done by pausing.
    const started = Date.now();
    const run = api.services.broadcast.runner.runOnce();
    await expect.poll(() => sink.messages.length, { timeout: 60_000 }).toBe(58);
    await expect.poll(async () => (await recipientStatuses(api.services, first.campaign_id)).queued, { timeout: 60_000 }).toBe(1);
    expect((await post(`/api/newsletter-campaigns/${first.campaign_id}/pause`)).status).toBe(200);
    await run;
    const rows = await api.services.db.kysely.selectFrom('newsletter_recipients').select(['email', 'status', 'attempts', 'last_error', 'next_attempt_at']).where('status', '!=', 'sent').orderBy('email').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ email: 'confirmed-3@example.org', status: 'failed', attempts: 1 });
    expect(rows[0]!.last_error).toContain('No such mailbox');
    expect(rows[1]).toMatchObject({ email: 'confirmed-4@example.org', status: 'queued', attempts: 1 });
    // The first retry is 30 seconds after the attempt (which came after `started` and before now:
    // bounds that hold however slowly the machine ran the campaign).
    const retry = Date.parse(rows[1]!.next_attempt_at!);
    expect(retry - started).toBeGreaterThanOrEqual(30_000);
    expect(retry - Date.now()).toBeLessThanOrEqual(30_000);

    // A mail server that refuses everything: after 25 failures in a row the campaign shows the
    // outage and tries one message at a time (newsletter-faults.test.ts follows it to the end);
    // the refusals were the server's, so they are not failures of their own and no address bounces.
    sink.refuse = () => ({ code: 554, message: 'Transaction failed' });
    const second = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string };
    const outage = api.services.broadcast.runner.runOnce();
    const progress = async () => (await (await api.app.request(`/api/newsletter-campaigns/${second.campaign_id}`, { headers: { cookie: cookies.admin } })).json()) as Record<string, any>;
    await expect.poll(async () => (await progress()).deliveryProblem?.lastError ?? '', { timeout: 60_000 }).toContain('Transaction failed');
    expect((await progress()).status).toBe('running');
    expect((await post(`/api/newsletter-campaigns/${second.campaign_id}/pause`)).status).toBe(200);
    await outage;
    const campaign = await progress();
    expect(campaign.status).toBe('paused');
    expect(Number(campaign.failed)).toBe(0);
    expect(Number(campaign.bounced)).toBe(0);
    // The first campaign's 550 bounced confirmed-3: the second went to the other 59, all still to send.
    expect(campaign).toMatchObject({ total: 59, sent: 0, remaining: 59 });
  });

  test('a test send goes to the signed-in administrator only, marked as a test', async () => {
    await seedSubscribers(api.services, 5, 'confirmed');
    const response = await post('/api/newsletter-campaigns/test', NEWSLETTER);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Test sent to director@example.org' });
    expect(sink.messages.map((m) => m.to)).toEqual(['director@example.org']);
    expect(headersOf(sink.messages[0]!.raw).get('subject')).toBe('[Test] Spring workshops are open');
    expect(await count(api.services, 'newsletter_campaigns')).toBe(0);
  });
});

describe('newsletter broadcast without SMTP_URL', () => {
  test('the campaign is recorded, each message logged and counted as delivered', async () => {
    const api = await makeApi('sqlite');
    try {
      const cookies = await staffCookies(api);
      await seedSubscribers(api.services, 3, 'confirmed');
      const lines: string[] = [];
      const original = console.log;
      console.log = (line: string) => void lines.push(String(line));
      try {
        const { campaign_id } = (await (await sendNewsletter(api, NEWSLETTER, cookies.admin)).json()) as { campaign_id: string };
        await api.services.broadcast.runner.runOnce();
        expect(await recipientStatuses(api.services, campaign_id)).toEqual({ sent: 3 });
      } finally {
        console.log = original;
      }
      expect(lines.filter((l) => l.startsWith('newsletter: "Spring workshops are open" to confirmed-'))).toHaveLength(3);
      expect(lines[0]).toMatch(/\(no SMTP_URL; logged, not sent\)$/);
    } finally {
      await api.close();
    }
  });
});

describe('newsletter broadcast with DKIM', () => {
  test('each message is signed, and the signature covers List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const sink = await startSmtpSink();
    const api = await makeApi('sqlite', { smtpUrl: sink.url, newsletterRatePerSecond: 0, dkim: { domainName: 'sipa.example.org', keySelector: 'news2026', privateKey } });
    try {
      const cookies = await staffCookies(api);
      await seedSubscribers(api.services, 2, 'confirmed');
      expect((await sendNewsletter(api, NEWSLETTER, cookies.admin)).status).toBe(200);
      await api.services.broadcast.runner.runOnce();
      expect(sink.messages).toHaveLength(2);
      for (const message of sink.messages) {
        const signature = headersOf(message.raw).get('dkim-signature') ?? '';
        expect(signature).toContain('d=sipa.example.org');
        expect(signature).toContain('s=news2026');
        const signed = /(?:^|;)\s*h=([^;]+)/.exec(signature)![1]!.replace(/\s+/g, '').toLowerCase().split(':');
        expect(signed).toEqual(expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']));
      }
    } finally {
      await api.close();
      await sink.close();
    }
  });
});
