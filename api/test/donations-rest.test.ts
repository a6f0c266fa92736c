/**
 * Donations through PayPal's current APIs (Orders v2, Subscriptions v1, webhooks), on SQLite and
 * PostgreSQL, with a loopback fake of PayPal's REST API and a real SMTP peer: one-time and
 * monthly gifts recorded once and receipted in the donor's language, the donor's return and the
 * webhook in either order, a refund and a cancellation by webhook, forged, replayed and
 * unverifiable webhooks recording nothing, a declined capture shown in the donor's language with
 * nothing recorded, and the monthly donor's path on the Donations API.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { smtpTransport } from '../src/mail/transport.ts';
import { runPaypalCommand } from '../src/paypal-cli.ts';
import { staffCookies } from './broadcast-helpers.ts';
import { count, describeBackends, makeApi, type Backend, type TestApi } from './helpers.ts';
import { readMail, type ReadMail } from './mail-reader.ts';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_WEBHOOK_ID, startFakePaypalRest, type FakeRest } from './paypal-rest-fake.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const SITE = 'https://sipa.example.org';

describeBackends('donations through Orders v2, Subscriptions v1 and webhooks', (backend: Backend) => {
  let api: TestApi;
  let paypal: FakeRest;
  let sink: SmtpSink;
  let cookies: { admin: string; member: string };

  beforeAll(async () => {
    paypal = await startFakePaypalRest();
    sink = await startSmtpSink();
    api = await makeApi(
      backend,
      { siteUrl: SITE, paypalRest: { base: paypal.base, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET }, paypalWebhookId: FAKE_WEBHOOK_ID, paypalIpnRateMax: 1000, rateLimitMax: 1000 },
      smtpTransport(sink.url),
    );
    cookies = await staffCookies(api);
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
    await paypal.close();
  });
  beforeEach(() => {
    paypal.declineNext = 0;
    paypal.failVerify = 0;
  });

  const mailsTo = (to: string): ReadMail[] => sink.messages.filter((m) => m.to === to).map((m) => readMail(m.raw));
  const gift = (txnId: string) => api.services.db.kysely.selectFrom('gifts').selectAll().where('txn_id', '=', txnId).executeTakeFirst();
  async function verifyAll() {
    await api.services.donations.runOnce();
    await api.services.mailer.settled();
  }

  /** The donation form's post (orders mode); returns where the API sent the browser. */
  async function donate(fields: Record<string, string>) {
    const response = await api.app.request('/api/donate', { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return response;
  }
  /** The donor approves at PayPal and comes back: the return page's answer. */
  async function approveAndReturn(approvalUrl: string) {
    const id = approvalUrl.split('/approve/')[1]!;
    const back = new URL(paypal.approve(id));
    expect(back.origin).toBe(SITE);
    return api.app.request(`${back.pathname}${back.search}`);
  }
  async function webhook(type: string, resource: Record<string, unknown>, options: { id?: string; signed?: boolean } = {}) {
    const sent = paypal.event(type, resource, options);
    const response = await api.app.request('/api/paypal/webhook', { method: 'POST', body: sent.body, headers: sent.headers });
    expect(response.status).toBe(200);
    return sent;
  }
  const captureResource = (orderId: string) => {
    const order = paypal.orders.get(orderId)!;
    return { id: order.captureId, status: 'COMPLETED', amount: { currency_code: 'USD', value: order.value }, custom_id: order.custom, create_time: order.captureTime, supplementary_data: { related_ids: { order_id: orderId } } };
  };

  test('a one-time gift: the form posts, PayPal approves, the return captures and records it once, receipted in French; its webhook after changes nothing', async () => {
    paypal.payer = { email: 'amina.rest@example.org', given: 'Amina', surname: 'Diallo' };
    const created = await donate({ amount: '40.50', lang: 'fr', page: '/fr/donate' });
    expect(created.status).toBe(303);
    const approval = created.headers.get('location')!;
    expect(approval).toMatch(new RegExp(`^${paypal.base}/approve/`));
    const orderId = approval.split('/approve/')[1]!;
    const order = paypal.orders.get(orderId)!;
    expect(order).toMatchObject({ value: '40.50', custom: 'lang=fr', cancelUrl: `${SITE}/fr/donate` });

    const back = await approveAndReturn(approval);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/fr/thank-you?amount=40.50');
    await api.services.mailer.settled();
    const captureId = paypal.orders.get(orderId)!.captureId!;
    expect(await gift(captureId)).toMatchObject({ email: 'amina.rest@example.org', name: 'Amina Diallo', kind: 'one-time', status: 'completed', lang: 'fr' });
    expect(Number((await gift(captureId))!.amount_cents)).toBe(4050);
    const [receipt, ...more] = mailsTo('amina.rest@example.org');
    expect(more).toEqual([]);
    expect(receipt!.subject).toMatch(new RegExp(`^Votre reçu \\d{4}-${captureId} de SIPA$`));
    expect(receipt!.text).toContain('Montant : 40,50\u00a0$');
    expect(receipt!.text).toContain('Don : Don ponctuel');

    // The donor reloads the return page (the capture is asked again): still one gift.
    const again = await api.app.request(`/api/paypal/return?token=${orderId}&lang=fr&page=%2Ffr%2Fdonate`);
    expect(again.status).toBe(303);
    // PayPal's webhook comes after: recorded already.
    await webhook('PAYMENT.CAPTURE.COMPLETED', captureResource(orderId));
    await verifyAll();
    expect(await count(api.services, 'gifts')).toBe(1);
    expect(mailsTo('amina.rest@example.org')).toHaveLength(1);
    const outcome = await api.services.db.kysely.selectFrom('paypal_webhooks').select(['status', 'outcome']).execute();
    expect(outcome).toEqual([{ status: 'verified', outcome: `already recorded: gift ${captureId}` }]);
  });

  test('the webhook before the return: recorded once from the webhook, in English; then a partial and a full refund by webhook change the gift', async () => {
    paypal.payer = { email: 'webhook.first@example.org', given: 'Jean', surname: 'Mukendi' };
    const created = await donate({ amount: '100', lang: 'en', page: '/donate' });
    const approval = created.headers.get('location')!;
    const orderId = approval.split('/approve/')[1]!;
    paypal.approve(orderId);
    // PayPal captures (as its own retry of a capture would), its webhook arrives first.
    const captured = await fetch(`${paypal.base}/v2/checkout/orders/${orderId}/capture`, { method: 'POST', headers: { authorization: 'Bearer A21-fake-token', 'content-type': 'application/json' }, body: '{}' });
    expect(captured.status).toBe(201);
    await webhook('PAYMENT.CAPTURE.COMPLETED', captureResource(orderId));
    await verifyAll();
    const captureId = paypal.orders.get(orderId)!.captureId!;
    expect(await gift(captureId)).toMatchObject({ email: 'webhook.first@example.org', status: 'completed', lang: 'en' });
    expect(mailsTo('webhook.first@example.org').map((m) => m.subject)).toEqual([expect.stringMatching(/^Your receipt \d{4}-\w+ from SIPA$/)]);

    // The donor's return after: ORDER_ALREADY_CAPTURED, read from the order, recorded already.
    const back = await api.app.request(`/api/paypal/return?token=${orderId}&lang=en&page=%2Fdonate`);
    expect(back.headers.get('location')).toBe('/thank-you?amount=100');
    expect(await count(api.services, 'gifts')).toBe(2);
    expect(mailsTo('webhook.first@example.org')).toHaveLength(1);

    const up = [{ rel: 'up', href: `${paypal.base}/v2/payments/captures/${captureId}`, method: 'GET' }];
    await webhook('PAYMENT.CAPTURE.REFUNDED', { id: 'REFUND00000000001', status: 'COMPLETED', amount: { currency_code: 'USD', value: '30.00' }, create_time: new Date().toISOString(), links: up });
    await verifyAll();
    expect(await gift(captureId)).toMatchObject({ status: 'completed' });
    expect(Number((await gift(captureId))!.refunded_cents)).toBe(3000);
    await webhook('PAYMENT.CAPTURE.REFUNDED', { id: 'REFUND00000000002', status: 'COMPLETED', amount: { currency_code: 'USD', value: '70.00' }, create_time: new Date().toISOString(), links: up });
    await verifyAll();
    expect(await gift(captureId)).toMatchObject({ status: 'refunded' });
    expect(Number((await gift(captureId))!.refunded_cents)).toBe(10000);
  });

  test('forged, replayed and unverifiable webhooks record nothing', async () => {
    const resource = { id: 'FORGED0000000001', status: 'COMPLETED', amount: { currency_code: 'USD', value: '500.00' }, custom_id: 'lang=en', create_time: new Date().toISOString(), supplementary_data: { related_ids: { order_id: 'NOSUCHORDER' } } };
    // Forged: PayPal never signed it.
    await webhook('PAYMENT.CAPTURE.COMPLETED', resource, { signed: false });
    // Not even JSON of an event.
    const junk = await api.app.request('/api/paypal/webhook', { method: 'POST', body: '{"hello":1}', headers: { 'content-type': 'application/json' } });
    expect(junk.status).toBe(200);
    await verifyAll();
    expect(await gift('FORGED0000000001')).toBeUndefined();
    const rows = await api.services.db.kysely.selectFrom('paypal_webhooks').select(['status', 'outcome']).orderBy('received_at').execute();
    expect(rows.filter((row) => row.status === 'invalid').map((row) => row.outcome)).toEqual(
      expect.arrayContaining(['PayPal did not verify its signature: nothing recorded', 'not a PayPal event: nothing recorded']),
    );

    // Replayed: a genuine cancellation, then the same event id again with a later time (a changed body, resigned).
    const subscription = { id: 'I-REPLAY000001', status: 'CANCELLED', custom_id: 'lang=sw', status_update_time: '2026-03-01T16:00:00Z', subscriber: { email_address: 'replay@example.org', name: { given_name: 'Neema', surname: 'Otieno' } } };
    await webhook('BILLING.SUBSCRIPTION.CANCELLED', subscription, { id: 'WH-REPLAYED-1' });
    await verifyAll();
    await webhook('BILLING.SUBSCRIPTION.CANCELLED', { ...subscription, status_update_time: '2026-01-01T00:00:00Z' }, { id: 'WH-REPLAYED-1' });
    await verifyAll();
    const donor = await api.services.db.kysely.selectFrom('recurring_donors').selectAll().where('subscr_id', '=', 'I-REPLAY000001').executeTakeFirstOrThrow();
    expect(donor).toMatchObject({ status: 'cancelled', cancelled_at: '2026-03-01T16:00:00Z', source: 'subscriptions' });
    const replay = await api.services.db.kysely.selectFrom('paypal_webhooks').select('outcome').where('event_id', '=', 'WH-REPLAYED-1').orderBy('received_at').execute();
    expect(replay.map((row) => row.outcome)).toEqual(['monthly donor I-REPLAY000001 cancelled', 'replayed: event WH-REPLAYED-1 was recorded already']);

    // Unverifiable: PayPal's verification is down; kept and tried again later, nothing recorded meanwhile.
    paypal.failVerify = 1;
    const sent = await webhook('PAYMENT.CAPTURE.COMPLETED', resource);
    await verifyAll();
    const waiting = await api.services.db.kysely.selectFrom('paypal_webhooks').selectAll().where('event_id', '=', sent.id).executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: 'received', attempts: 1 });
    expect(waiting.last_error).toContain('PayPal answered 503');
    expect(await gift('FORGED0000000001')).toBeUndefined();
  });

  test('a declined capture sends the donor to the site’s page that says so in their language, and records nothing', async () => {
    const before = await count(api.services, 'gifts');
    for (const lang of ['en', 'fr', 'sw']) {
      const page = lang === 'en' ? '/donate' : `/${lang}/donate`;
      const created = await donate({ amount: '25', lang, page });
      paypal.declineNext = 1;
      const back = await approveAndReturn(created.headers.get('location')!);
      // The site's own page says it, in the donor's language (its texts: tests/dist/donation-problem.test.ts).
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`${lang === 'en' ? '' : `/${lang}`}/donation-problem#declined`);
    }
    expect(await count(api.services, 'gifts')).toBe(before);
    // An amount the form refuses is refused here the same way, nothing sent to PayPal.
    const orders = paypal.orders.size;
    const refused = await donate({ amount: '0.50', lang: 'sw', page: '/sw/donate' });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/sw/donation-problem#amount');
    expect(paypal.orders.size).toBe(orders);
  });

  test('a monthly gift: one plan, the amount per subscription, the monthly donor on the subscriptions path, payments receipted in Swahili, cancelled by webhook', async () => {
    paypal.payer = { email: 'baraka.rest@example.org', given: 'Baraka', surname: 'Mwangi' };
    const first = await donate({ amount: '25', frequency: 'monthly', lang: 'sw', page: '/sw/donate' });
    expect(first.status).toBe(303);
    const second = await donate({ amount: '60', frequency: 'monthly', lang: 'sw', page: '/sw/donate' });
    expect(paypal.plans).toHaveLength(1);
    expect(await api.services.db.kysely.selectFrom('paypal_catalog').select('value').execute()).toEqual([{ value: paypal.plans[0] }]);
    const subscriptionId = first.headers.get('location')!.split('/approve/')[1]!;
    // A plan PayPal no longer knows (deleted in its screens): a new one is made, once.
    paypal.plans.length = 0;
    const third = await donate({ amount: '10', frequency: 'monthly', lang: 'sw', page: '/sw/donate' });
    expect(third.status).toBe(303);
    expect(paypal.plans).toHaveLength(1);
    expect(paypal.subscriptions.get(subscriptionId)).toMatchObject({ value: '25.00', custom: 'lang=sw' });
    expect(paypal.subscriptions.get(second.headers.get('location')!.split('/approve/')[1]!)).toMatchObject({ value: '60.00' });

    const back = await approveAndReturn(first.headers.get('location')!);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/sw/thank-you?amount=25&recurring=true');
    const donor = () => api.services.db.kysely.selectFrom('recurring_donors').selectAll().where('subscr_id', '=', subscriptionId).executeTakeFirstOrThrow();
    expect(await donor()).toMatchObject({ email: 'baraka.rest@example.org', status: 'active', source: 'subscriptions', lang: 'sw' });
    expect(Number((await donor()).amount_cents)).toBe(2500);
    // PayPal's activation webhook after the return: the same record.
    await webhook('BILLING.SUBSCRIPTION.ACTIVATED', { id: subscriptionId, status: 'ACTIVE' });
    for (const sale of ['SALE0000000000001', 'SALE0000000000002']) {
      await webhook('PAYMENT.SALE.COMPLETED', { id: sale, state: 'completed', amount: { total: '25.00', currency: 'USD' }, billing_agreement_id: subscriptionId, create_time: new Date().toISOString() });
    }
    await verifyAll();
    expect(await count(api.services, 'recurring_donors')).toBeGreaterThanOrEqual(1);
    const gifts = await api.services.db.kysely.selectFrom('gifts').select(['txn_id', 'kind', 'subscr_id', 'lang']).where('email', '=', 'baraka.rest@example.org').orderBy('txn_id').execute();
    expect(gifts).toEqual([
      { txn_id: 'SALE0000000000001', kind: 'monthly', subscr_id: subscriptionId, lang: 'sw' },
      { txn_id: 'SALE0000000000002', kind: 'monthly', subscr_id: subscriptionId, lang: 'sw' },
    ]);
    const receipts = mailsTo('baraka.rest@example.org');
    expect(receipts).toHaveLength(2);
    for (const receipt of receipts) expect(receipt.subject).toMatch(/^Risiti yako \d{4}-SALE\d+ kutoka SIPA$/);

    await webhook('BILLING.SUBSCRIPTION.CANCELLED', { id: subscriptionId, status: 'CANCELLED', custom_id: 'lang=sw', status_update_time: '2026-12-20T16:00:00Z' });
    await verifyAll();
    expect(await donor()).toMatchObject({ status: 'cancelled', cancelled_at: '2026-12-20T16:00:00Z', source: 'subscriptions' });

    // The Donations screen's API names each monthly donor's path.
    const summary = await api.app.request('/api/donations/summary', { headers: { cookie: cookies.admin } });
    expect(summary.status).toBe(200);
    const body = (await summary.json()) as { monthlyDonors: { subscrId: string; source: string }[] };
    expect(body.monthlyDonors.find((d) => d.subscrId === subscriptionId)).toMatchObject({ source: 'subscriptions' });
  });

  test('a webhook whose event id holds an escaped NUL (\\u0000) is stored as it came and recorded as nothing, on both databases', async () => {
    const body = JSON.stringify({ id: 'WH-NUL-1a\u0000b', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'NULCAPTURE00001', status: 'COMPLETED', amount: { currency_code: 'USD', value: '25.00' } } });
    expect(body).toContain('\\u0000');
    const response = await api.app.request('/api/paypal/webhook', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    const row = await api.services.db.kysely.selectFrom('paypal_webhooks').selectAll().where('body', '=', body).executeTakeFirstOrThrow();
    expect(row.event_id).toBeNull();
    await verifyAll();
    expect(await gift('NULCAPTURE00001')).toBeUndefined();
  });

  test('"delete this person\'s data" removes a monthly donor of the subscriptions path and the webhooks that name them; unverified webhooks are counted on the Donations screen', async () => {
    const subscription = { id: 'I-FORGET000001', status: 'CANCELLED', custom_id: 'lang=en', status_update_time: '2026-05-01T16:00:00Z', subscriber: { email_address: 'Forget_Me@example.org', name: { given_name: 'Asha', surname: 'Njeri' } } };
    await webhook('BILLING.SUBSCRIPTION.CANCELLED', subscription);
    await verifyAll();
    const other = await webhook('BILLING.SUBSCRIPTION.CANCELLED', { ...subscription, id: 'I-KEEP00000001', subscriber: { email_address: 'forgetxme@example.org' } });
    paypal.failVerify = 1;
    await verifyAll();
    const summary = (await (await api.app.request('/api/donations/summary', { headers: { cookie: cookies.admin } })).json()) as { notifications: Record<string, number> };
    expect(summary.notifications.received).toBeGreaterThanOrEqual(1);
    const response = await api.app.request('/api/inbox/forget', { method: 'POST', headers: { cookie: cookies.admin, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'forget_me@example.org' }) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).removed).toMatchObject({ monthlyDonors: 1 });
    const db = api.services.db.kysely;
    expect(await db.selectFrom('recurring_donors').select('subscr_id').where('subscr_id', '=', 'I-FORGET000001').execute()).toEqual([]);
    expect(await db.selectFrom('paypal_webhooks').select('id').where('body', 'like', '%I-FORGET000001%').execute()).toEqual([]);
    // "_" is no wildcard: the look-alike address keeps its webhook.
    expect(await db.selectFrom('paypal_webhooks').select('event_id').where('event_id', '=', other.id).execute()).toEqual([{ event_id: other.id }]);
  });

  test('the return and the webhook at once (two servers): one gift, one receipt', async () => {
    paypal.payer = { email: 'at.once@example.org', given: 'Zoë', surname: 'Achieng' };
    const created = await donate({ amount: '75', lang: 'sw', page: '/sw/donate' });
    const orderId = created.headers.get('location')!.split('/approve/')[1]!;
    paypal.approve(orderId);
    const captured = await fetch(`${paypal.base}/v2/checkout/orders/${orderId}/capture`, { method: 'POST', headers: { authorization: 'Bearer A21-fake-token', 'content-type': 'application/json' }, body: '{}' });
    expect(captured.status).toBe(201);
    await webhook('PAYMENT.CAPTURE.COMPLETED', captureResource(orderId));
    const [back] = await Promise.all([api.app.request(`/api/paypal/return?token=${orderId}&lang=sw&page=%2Fsw%2Fdonate`), verifyAll()]);
    expect(back.headers.get('location')).toBe('/sw/thank-you?amount=75');
    await api.services.mailer.settled();
    const captureId = paypal.orders.get(orderId)!.captureId!;
    expect(await api.services.db.kysely.selectFrom('gifts').select(['txn_id', 'name', 'lang']).where('email', '=', 'at.once@example.org').execute()).toEqual([{ txn_id: captureId, name: 'Zoë Achieng', lang: 'sw' }]);
    expect(mailsTo('at.once@example.org').map((m) => m.subject)).toEqual([expect.stringMatching(new RegExp(`^Risiti yako \\d{4}-${captureId} kutoka SIPA$`))]);
  });

  test('the webhook endpoint stores what PayPal sends, with its headers, before the answer, and takes no more', async () => {
    const sent = paypal.event('PAYMENT.CAPTURE.COMPLETED', { id: 'STOREDONLY000001', status: 'COMPLETED' });
    const response = await api.app.request('/api/paypal/webhook', { method: 'POST', body: sent.body, headers: sent.headers });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    const row = await api.services.db.kysely.selectFrom('paypal_webhooks').selectAll().where('event_id', '=', sent.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'received', body: sent.body, event_type: 'PAYMENT.CAPTURE.COMPLETED' });
    expect(JSON.parse(row.headers)).toMatchObject({ 'paypal-transmission-sig': sent.headers['paypal-transmission-sig'], 'paypal-auth-algo': 'SHA256withRSA' });
    const post = (body: BodyInit, type = 'application/json') => api.app.request('/api/paypal/webhook', { method: 'POST', body, headers: { 'content-type': type } });
    expect((await post(sent.body, 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await post(`{"id":"${'x'.repeat(70 * 1024)}"}`)).status).toBe(413);
    expect((await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).status).toBe(400);
    expect((await api.app.request('/api/paypal/webhook')).status).toBe(405);
  });

  test('a pending capture is receipted when PayPal completes it; a reversal takes it out; a subscription\'s failed payment, suspension and expiry are kept', async () => {
    paypal.payer = { email: 'pending.rest@example.org', given: 'Kofi', surname: 'Mensah' };
    const created = await donate({ amount: '50', lang: 'fr', page: '/fr/donate' });
    const orderId = created.headers.get('location')!.split('/approve/')[1]!;
    paypal.approve(orderId);
    await fetch(`${paypal.base}/v2/checkout/orders/${orderId}/capture`, { method: 'POST', headers: { authorization: 'Bearer A21-fake-token', 'content-type': 'application/json' }, body: '{}' });
    const capture = captureResource(orderId);
    await webhook('PAYMENT.CAPTURE.PENDING', { ...capture, status: 'PENDING' });
    await verifyAll();
    expect(await gift(capture.id!)).toMatchObject({ status: 'pending', receipt_sent_at: null });
    expect(mailsTo('pending.rest@example.org')).toEqual([]);
    await webhook('PAYMENT.CAPTURE.COMPLETED', capture);
    await verifyAll();
    expect(await gift(capture.id!)).toMatchObject({ status: 'completed' });
    expect(mailsTo('pending.rest@example.org')).toHaveLength(1);
    await webhook('PAYMENT.CAPTURE.REVERSED', { id: 'REVERSAL00000001', status: 'COMPLETED', amount: { currency_code: 'USD', value: '50.00' }, create_time: new Date().toISOString(), links: [{ rel: 'up', href: `${paypal.base}/v2/payments/captures/${capture.id}` }] });
    await verifyAll();
    expect(await gift(capture.id!)).toMatchObject({ status: 'reversed' });

    const subscription = { id: 'I-LIFECYCLE0001', custom_id: 'lang=sw', subscriber: { email_address: 'lifecycle@example.org', name: { given_name: 'Imani', surname: 'Wanjiru' } } };
    const donor = () => api.services.db.kysely.selectFrom('recurring_donors').selectAll().where('subscr_id', '=', subscription.id).executeTakeFirstOrThrow();
    await webhook('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { ...subscription, status: 'ACTIVE', status_update_time: '2026-06-05T10:00:00Z' });
    await webhook('BILLING.SUBSCRIPTION.SUSPENDED', { ...subscription, status: 'SUSPENDED', status_update_time: '2026-07-05T10:00:00Z' });
    await verifyAll();
    expect(await donor()).toMatchObject({ status: 'active', last_failed_at: '2026-07-05T10:00:00Z', source: 'subscriptions', email: 'lifecycle@example.org' });
    await webhook('BILLING.SUBSCRIPTION.EXPIRED', { ...subscription, status: 'EXPIRED', status_update_time: '2026-08-05T10:00:00Z' });
    await verifyAll();
    expect(await donor()).toMatchObject({ status: 'ended', ended_at: '2026-08-05T10:00:00Z' });
  });

  test('npm run paypal -- setup makes one product and plan and prints PAYPAL_PLAN_ID; cancel cancels a subscription at PayPal', async () => {
    const lines: string[] = [];
    const plans = paypal.plans.length;
    expect(await runPaypalCommand(['setup'], (line) => lines.push(line), api.services.config)).toBe(0);
    expect(paypal.plans).toHaveLength(plans + 1);
    expect(lines.at(-1)).toBe(`PAYPAL_PLAN_ID=${paypal.plans.at(-1)}`);
    const created = await donate({ amount: '30', frequency: 'monthly', lang: 'en', page: '/donate' });
    const id = created.headers.get('location')!.split('/approve/')[1]!;
    paypal.approve(id);
    expect(await runPaypalCommand(['cancel', id], (line) => lines.push(line), api.services.config)).toBe(0);
    expect(paypal.subscriptions.get(id)!.status).toBe('CANCELLED');
    expect(await runPaypalCommand(['nonsense'], (line) => lines.push(line), api.services.config)).toBe(2);
  });
});
