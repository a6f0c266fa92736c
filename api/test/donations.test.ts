/**
 * Donations through PayPal notifications, on SQLite and PostgreSQL, with a loopback fake of
 * PayPal's verification endpoint and a real SMTP peer: gifts recorded once and receipted in the
 * donor's language, forged and replayed notifications recording nothing, refunds, retries, the
 * endpoint's limits, the administrators' Donations API, statements and forgetting a donor.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listen } from '../src/server.ts';
import { smtpTransport } from '../src/mail/transport.ts';
import { IPN_BODY_LIMIT } from '../src/routes/paypal-ipn.ts';
import { staffCookies } from './broadcast-helpers.ts';
import { count, describeBackends, makeApi, type Backend, type TestApi } from './helpers.ts';
import { readMail, type ReadMail } from './mail-reader.ts';
import { ipnBody, oneTimeGift, startFakePaypal, VALIDATE_PREFIX, type FakePaypal } from './paypal-fake.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

function postIpn(api: TestApi, body: string, headers: Record<string, string> = {}) {
  return api.app.request('/api/paypal/ipn', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
}

describeBackends('donations', (backend: Backend) => {
  let api: TestApi;
  let paypal: FakePaypal;
  let sink: SmtpSink;
  let cookies: { admin: string; member: string };

  beforeAll(async () => {
    paypal = await startFakePaypal();
    sink = await startSmtpSink();
    api = await makeApi(backend, { paypalVerifyUrl: paypal.url, paypalIpnRateMax: 1000 }, smtpTransport(sink.url));
    cookies = await staffCookies(api);
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
    await paypal.close();
  });

  /** What PayPal sends: posted to the endpoint, known to the fake as genuine. */
  async function paypalSends(body: string) {
    paypal.genuine.add(body);
    const response = await postIpn(api, body);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  }
  /** The worker's pass, then every receipt it queued handed to the SMTP peer. */
  async function verifyAll() {
    await api.services.donations.runOnce();
    await api.services.mailer.settled();
  }
  const mailsTo = (to: string): ReadMail[] => sink.messages.filter((m) => m.to === to).map((m) => readMail(m.raw));
  const gift = (txnId: string) => api.services.db.kysely.selectFrom('gifts').selectAll().where('txn_id', '=', txnId).executeTakeFirst();

  test('a one-time gift is stored before the answer, verified with the message unchanged, recorded once and receipted in French', async () => {
    const body = oneTimeGift('1AB23456CD789012E');
    await paypalSends(body);
    const stored = await api.services.db.kysely.selectFrom('paypal_notifications').selectAll().where('txn_id', '=', '1AB23456CD789012E').execute();
    expect(stored.map((row) => [row.status, row.body])).toEqual([['received', body]]);
    expect(await gift('1AB23456CD789012E')).toBeUndefined();

    await verifyAll();
    expect(paypal.postbacks).toContain(`${VALIDATE_PREFIX}${body}`);
    expect(await gift('1AB23456CD789012E')).toMatchObject({
      email: 'amina.diallo@example.org',
      name: 'Amina Diallo',
      amount_cents: 5000,
      kind: 'one-time',
      status: 'completed',
      lang: 'fr',
      paid_at: '2026-11-20T17:15:00.000Z',
      receipt_number: '2026-1AB23456CD789012E',
    });
    const [receipt, ...more] = mailsTo('amina.diallo@example.org');
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Votre reçu 2026-1AB23456CD789012E de SIPA');
    for (const line of [
      'Merci pour votre don à SIPA. Veuillez conserver ce reçu pour votre déclaration d’impôts.',
      'Numéro de reçu : 2026-1AB23456CD789012E',
      'Montant : 50\u00a0$',
      'Date : 20 novembre 2026',
      'Don : Don ponctuel',
      'Aucun bien ni service n’a été fourni en échange de ce don.',
      'SIPA Example Nonprofit, Inc. est une organisation 501(c)(3) exonérée d’impôts. EIN : 00-0000000.',
      'SIPA Example Nonprofit, Inc.\n100 Example Street, Suite 200\nGrapevine, TX 76051',
    ]) {
      expect(receipt!.text.replace(/\r\n/g, '\n')).toContain(line);
    }

    // The same notification again (PayPal's retry, or a replay of a genuine one): nothing new.
    await paypalSends(body);
    await verifyAll();
    expect(await count(api.services, 'gifts')).toBe(1);
    expect(mailsTo('amina.diallo@example.org')).toHaveLength(1);
    const outcomes = await api.services.db.kysely.selectFrom('paypal_notifications').select('outcome').where('txn_id', '=', '1AB23456CD789012E').orderBy('received_at').execute();
    expect(outcomes.map((row) => row.outcome)).toEqual(['gift 1AB23456CD789012E recorded (completed), receipt 2026-1AB23456CD789012E queued', 'already recorded: gift 1AB23456CD789012E']);
  });

  test('a monthly sign-up, two payments and a cancellation: one monthly donor, two gifts, two receipts in Swahili', async () => {
    const donor = { subscr_id: 'I-SWAHILI0001', payer_email: 'baraka@example.org', first_name: 'Baraka', last_name: 'Mwangi', custom: 'lang=sw' };
    await paypalSends(ipnBody({ txn_type: 'subscr_signup', mc_amount3: '25.00', period3: '1 M', recurring: '1', subscr_date: '10:00:00 Jan 05, 2026 PST', ...donor }));
    for (const [txn, date] of [
      ['5MONTHLY00000001', '10:00:05 Jan 05, 2026 PST'],
      ['5MONTHLY00000002', '10:00:05 Feb 05, 2026 PST'],
    ] as const) {
      await paypalSends(ipnBody({ txn_type: 'subscr_payment', txn_id: txn, payment_status: 'Completed', mc_gross: '25.00', payment_date: date, ...donor }));
    }
    await verifyAll();
    await paypalSends(ipnBody({ txn_type: 'subscr_cancel', subscr_date: '08:00:00 Mar 01, 2026 PST', ...donor }));
    await verifyAll();

    const donors = await api.services.db.kysely.selectFrom('recurring_donors').selectAll().execute();
    expect(donors).toHaveLength(1);
    expect(donors[0]).toMatchObject({ subscr_id: 'I-SWAHILI0001', email: 'baraka@example.org', amount_cents: 2500, status: 'cancelled', signed_up_at: '2026-01-05T18:00:00.000Z', last_payment_at: '2026-02-05T18:00:05.000Z', cancelled_at: '2026-03-01T16:00:00.000Z' });
    const gifts = await api.services.db.kysely.selectFrom('gifts').select(['txn_id', 'kind', 'amount_cents', 'subscr_id']).where('email', '=', 'baraka@example.org').orderBy('paid_at').execute();
    expect(gifts).toEqual([
      { txn_id: '5MONTHLY00000001', kind: 'monthly', amount_cents: 2500, subscr_id: 'I-SWAHILI0001' },
      { txn_id: '5MONTHLY00000002', kind: 'monthly', amount_cents: 2500, subscr_id: 'I-SWAHILI0001' },
    ]);
    const receipts = mailsTo('baraka@example.org');
    expect(receipts.map((m) => m.subject).sort()).toEqual(['Risiti yako 2026-5MONTHLY00000001 kutoka SIPA', 'Risiti yako 2026-5MONTHLY00000002 kutoka SIPA']);
    for (const receipt of receipts) {
      expect(receipt.text).toContain('Mchango: Mchango wa kila mwezi');
      expect(receipt.text).toContain('Kiasi: $25');
      expect(receipt.text).toContain('Hakuna bidhaa wala huduma iliyotolewa kwa kubadilishana na mchango huu.');
      expect(receipt.text).toContain('EIN: 00-0000000.');
    }
  });

  test('a failed payment and the end of a subscription: a cancelled donor stays cancelled, one that was not ends', async () => {
    const first = { subscr_id: 'I-FAILING00001', payer_email: 'imani@example.org', first_name: 'Imani', last_name: 'Otieno', custom: 'lang=sw' };
    // The cancelled subscription above: its end keeps "cancelled" and records when it ended.
    await paypalSends(ipnBody({ txn_type: 'subscr_eot', subscr_id: 'I-SWAHILI0001', subscr_date: '08:00:00 Apr 01, 2026 PDT', payer_email: 'baraka@example.org' }));
    // Another donor: sign-up, a failed payment, then the end after PayPal's retries.
    await paypalSends(ipnBody({ txn_type: 'subscr_signup', mc_amount3: '10.00', subscr_date: '10:00:00 Mar 01, 2026 PST', ...first }));
    await paypalSends(ipnBody({ txn_type: 'subscr_failed', mc_gross: '10.00', payment_date: '10:00:00 Apr 01, 2026 PDT', ...first }));
    await paypalSends(ipnBody({ txn_type: 'subscr_eot', subscr_date: '10:00:00 May 01, 2026 PDT', ...first }));
    await verifyAll();
    const donors = await api.services.db.kysely.selectFrom('recurring_donors').select(['subscr_id', 'status', 'last_failed_at', 'cancelled_at', 'ended_at']).orderBy('subscr_id').execute();
    expect(donors).toEqual([
      { subscr_id: 'I-FAILING00001', status: 'ended', last_failed_at: '2026-04-01T17:00:00.000Z', cancelled_at: null, ended_at: '2026-05-01T17:00:00.000Z' },
      { subscr_id: 'I-SWAHILI0001', status: 'cancelled', last_failed_at: null, cancelled_at: '2026-03-01T16:00:00.000Z', ended_at: '2026-04-01T15:00:00.000Z' },
    ]);
    expect(mailsTo('imani@example.org')).toEqual([]);
  });

  test('INVALID, another receiver, another currency and a non-positive amount record nothing', async () => {
    const before = { gifts: await count(api.services, 'gifts'), mails: sink.messages.length };
    // Not sent by PayPal: the fake answers INVALID.
    const forged = oneTimeGift('9FORGED000000001', { payer_email: 'forger@example.org' });
    expect((await postIpn(api, forged)).status).toBe(200);
    await paypalSends(oneTimeGift('9OTHERRECEIVER01', { receiver_email: 'someone-else@example.org', payer_email: 'forger@example.org' }));
    await paypalSends(oneTimeGift('9OTHERCURRENCY01', { mc_currency: 'EUR', payer_email: 'forger@example.org' }));
    await paypalSends(oneTimeGift('9ZEROAMOUNT00001', { mc_gross: '0.00', payer_email: 'forger@example.org' }));
    await verifyAll();
    expect(await count(api.services, 'gifts')).toBe(before.gifts);
    expect(sink.messages.length).toBe(before.mails);
    const rows = await api.services.db.kysely.selectFrom('paypal_notifications').select(['txn_id', 'status', 'outcome']).where('txn_id', 'like', '9%').orderBy('txn_id').execute();
    expect(rows).toEqual([
      { txn_id: '9FORGED000000001', status: 'invalid', outcome: 'PayPal answered INVALID: nothing recorded' },
      { txn_id: '9OTHERCURRENCY01', status: 'verified', outcome: 'ignored: currency EUR is not USD' },
      { txn_id: '9OTHERRECEIVER01', status: 'verified', outcome: "ignored: receiver someone-else@example.org is not the organisation's account" },
      { txn_id: '9ZEROAMOUNT00001', status: 'verified', outcome: 'ignored: the amount 0.00 is not positive' },
    ]);
  });

  test('PayPal unreachable: the notification waits and is verified on a later pass', async () => {
    const body = oneTimeGift('3RETRY0000000001', { payer_email: 'retry@example.org', custom: 'lang=en' });
    paypal.failNext(1);
    await paypalSends(body);
    await verifyAll();
    const waiting = await api.services.db.kysely.selectFrom('paypal_notifications').selectAll().where('txn_id', '=', '3RETRY0000000001').executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: 'received', attempts: 1, last_error: 'PayPal answered 503: Service Unavailable' });
    expect(await gift('3RETRY0000000001')).toBeUndefined();
    await api.services.donations.runOnce(new Date(Date.parse(waiting.next_attempt_at) + 1));
    await api.services.mailer.settled();
    expect(await gift('3RETRY0000000001')).toMatchObject({ status: 'completed', lang: 'en' });
    const [receipt] = mailsTo('retry@example.org');
    expect(receipt!.subject).toBe('Your receipt 2026-3RETRY0000000001 from SIPA');
    expect(receipt!.text).toContain('No goods or services were provided in exchange for this contribution.');
    expect(receipt!.text).toContain('Gift: One-time gift');
  });

  test('a refund marks its gift refunded, once', async () => {
    await paypalSends(oneTimeGift('4REFUND000000001', { payer_email: 'refund@example.org' }));
    await verifyAll();
    const refund = ipnBody({ payment_status: 'Refunded', txn_id: '4REFUNDBACK00001', parent_txn_id: '4REFUND000000001', mc_gross: '-50.00', payment_date: '09:00:00 Nov 22, 2026 PST', payer_email: 'refund@example.org', reason_code: 'refund' });
    await paypalSends(refund);
    await paypalSends(refund);
    await verifyAll();
    expect(await gift('4REFUND000000001')).toMatchObject({ status: 'refunded', refunded_at: '2026-11-22T17:00:00.000Z' });
    expect(await gift('4REFUNDBACK00001')).toBeUndefined();
  });

  test('the endpoint takes only what PayPal sends: its type, its size, its rate', async () => {
    expect((await api.app.request('/api/paypal/ipn', { method: 'POST', body: '{"txn_id":"1"}', headers: { 'content-type': 'application/json' } })).status).toBe(415);
    expect((await postIpn(api, `txn_id=1&memo=${'a'.repeat(IPN_BODY_LIMIT)}`)).status).toBe(413);
    expect((await postIpn(api, 'txn_id=\u00e9')).status).toBe(400);
    expect((await api.app.request('/api/paypal/ipn')).status).toBe(405);
    // Over a real socket, a body sent in chunks (no length declared) is cut off at the limit.
    const server = await listen(api.app, { port: 0, hostname: '127.0.0.1', maxConnections: 10 });
    try {
      const port = (server.address() as AddressInfo).port;
      const before = await count(api.services, 'paypal_notifications');
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/paypal/ipn', headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        for (let i = 0; i < 30; i++) request.write(`memo${i}=${'b'.repeat(1000)}&`);
        request.end();
      });
      expect(status).toBe(413);
      expect(await count(api.services, 'paypal_notifications')).toBe(before);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const limited = await makeApi(backend, { paypalVerifyUrl: paypal.url, paypalIpnRateMax: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await postIpn(limited, oneTimeGift(`7RATE00000000${i}`))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await count(limited.services, 'paypal_notifications')).toBe(3);
    } finally {
      await limited.close();
    }
  });

  test('the Donations API: refused to a non-administrator; totals, monthly donors, a donor, the CSV, a receipt resent', async () => {
    for (const path of ['/api/donations/summary', '/api/donations/gifts', '/api/donations/gifts/export.csv', '/api/donations/donor?email=baraka@example.org']) {
      expect((await api.app.request(path, { headers: { cookie: cookies.member } })).status).toBe(403);
      expect((await api.app.request(path)).status).toBe(401);
    }
    const admin = { headers: { cookie: cookies.admin } };
    // A name a spreadsheet would run as a formula, and a gift of this month.
    const now = new Date();
    const month = now.toLocaleString('en-US', { month: 'short', timeZone: 'America/Los_Angeles' });
    const day = now.toLocaleString('en-US', { day: '2-digit', timeZone: 'America/Los_Angeles' });
    const year = now.toLocaleString('en-US', { year: 'numeric', timeZone: 'America/Los_Angeles' });
    await paypalSends(oneTimeGift('6FORMULA00000001', { first_name: '=HYPERLINK("http://x")', last_name: '', payer_email: 'formula@example.org', mc_gross: '100.00', custom: 'lang=en', payment_date: `12:00:00 ${month} ${day}, ${year} PST` }));
    await verifyAll();

    const summary = (await (await api.app.request('/api/donations/summary', admin)).json()) as any;
    // Completed one-time gifts so far: two of $50 on 2026-11-20 (the refunded one does not count), and this one of $100 today.
    const chicagoMonth = (date: Date) => date.toLocaleString('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'America/Chicago' });
    const earlier = chicagoMonth(now) === chicagoMonth(new Date('2026-11-20T17:15:00Z')) ? 2 : 0;
    expect(summary.thisMonth).toMatchObject({ oneTimeCents: 10000 + earlier * 5000, oneTimeCount: 1 + earlier });
    expect(summary.monthlyDonors).toEqual(
      expect.arrayContaining([expect.objectContaining({ subscrId: 'I-SWAHILI0001', status: 'cancelled', amountCents: 2500 }), expect.objectContaining({ subscrId: 'I-FAILING00001', status: 'ended', amountCents: 1000 })]),
    );
    expect(summary.monthlyDonors).toHaveLength(2);

    const list = (await (await api.app.request('/api/donations/gifts?q=formula', admin)).json()) as any;
    expect(list.items.map((item: any) => item.txnId)).toEqual(['6FORMULA00000001']);
    const monthly = (await (await api.app.request('/api/donations/gifts?kind=monthly', admin)).json()) as any;
    expect(monthly.items.map((item: any) => item.txnId)).toEqual(['5MONTHLY00000002', '5MONTHLY00000001']);
    const january = (await (await api.app.request('/api/donations/gifts?from=2026-01-01&to=2026-01-31', admin)).json()) as any;
    expect(january.items.map((item: any) => item.txnId)).toEqual(['5MONTHLY00000001']);

    const csv = await api.app.request('/api/donations/gifts/export.csv?q=formula', admin);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date (Central Time),Receipt number,PayPal transaction,Name,Email,Amount (USD),Refunded (USD),Counted (USD),Kind,Status,Refunded on,Language,Monthly subscription');
    expect(lines[1]).toContain(`,6FORMULA00000001,"'=HYPERLINK(""http://x"")",formula@example.org,100.00,0.00,100.00,one-time,completed,,en,`);

    const history = (await (await api.app.request('/api/donations/donor?email=baraka@example.org', admin)).json()) as any;
    expect(history).toMatchObject({ email: 'baraka@example.org', name: 'Baraka Mwangi', totalCents: 5000 });
    expect(history.gifts).toHaveLength(2);
    expect(history.monthly).toEqual([expect.objectContaining({ subscrId: 'I-SWAHILI0001', status: 'cancelled' })]);

    const before = mailsTo('baraka@example.org').length;
    const resent = await api.app.request(`/api/donations/gifts/${history.gifts[0].id}/receipt`, { method: 'POST', headers: { cookie: cookies.admin } });
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as any).message).toBe('Receipt 2026-5MONTHLY00000002 sent again to baraka@example.org.');
    await api.services.mailer.settled();
    const again = mailsTo('baraka@example.org');
    expect(again).toHaveLength(before + 1);
    expect(again.at(-1)!.subject).toBe('Risiti yako 2026-5MONTHLY00000002 kutoka SIPA');
    expect((await api.app.request(`/api/donations/gifts/${history.gifts[0].id}/receipt`, { method: 'POST', headers: { cookie: cookies.member } })).status).toBe(403);
  });

  test('yearly statements: each donor of the year once, in their language, resumable; sending again changes nothing', async () => {
    const post = (year: unknown, cookie = cookies.admin) =>
      api.app.request('/api/donations/statements', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ year }) });
    const thisYear = Number(new Date().toLocaleString('en-US', { year: 'numeric', timeZone: 'America/Chicago' }));
    const lastYear = thisYear - 1;
    expect((await post(lastYear, cookies.member)).status).toBe(403);
    // Next year has not begun; this year can be sent so far (the treasurer suite sends one).
    expect((await post(thisYear + 1)).status).toBe(400);
    // Last year: two gifts from one donor (French), one from another (English).
    await paypalSends(oneTimeGift('8STATEMENT000001', { payer_email: 'statement@example.org', mc_gross: '25.00', payment_date: `10:00:00 Mar 02, ${lastYear} PST` }));
    await paypalSends(oneTimeGift('8STATEMENT000002', { payer_email: 'statement@example.org', mc_gross: '50.00', payment_date: `10:00:00 Jun 02, ${lastYear} PDT` }));
    await paypalSends(oneTimeGift('8STATEMENT000003', { payer_email: 'second@example.org', mc_gross: '10.00', custom: 'lang=en', payment_date: `10:00:00 Jul 02, ${lastYear} PDT` }));
    await verifyAll();

    const first = (await (await post(lastYear)).json()) as any;
    expect(first).toMatchObject({ year: lastYear, total: 2, queued: 2, message: `Statements for ${lastYear} queued for 2 donors.` });
    // Queued, not yet sent: a server that stops here sends them after its restart.
    const queued = await api.services.db.kysely.selectFrom('donation_statement_recipients').select(['email', 'status']).where('year', '=', lastYear).orderBy('email').execute();
    expect(queued).toEqual([
      { email: 'second@example.org', status: 'queued' },
      { email: 'statement@example.org', status: 'queued' },
    ]);
    const second = (await (await post(lastYear)).json()) as any;
    expect(second).toMatchObject({ queued: 0, message: `Every donor of ${lastYear} already has a statement that matches their gifts.` });
    await verifyAll();
    await verifyAll();

    const statements = sink.messages.filter((m) => m.to === 'statement@example.org' || m.to === 'second@example.org').map((m) => ({ to: m.to, mail: readMail(m.raw) })).filter(({ mail }) => !mail.subject.includes('reçu') && !mail.subject.includes('receipt'));
    expect(statements.map(({ to, mail }) => [to, mail.subject]).sort()).toEqual([
      ['second@example.org', `Your ${lastYear} giving statement from SIPA`],
      ['statement@example.org', `Votre relevé de dons ${lastYear} de SIPA`],
    ]);
    const french = statements.find(({ to }) => to === 'statement@example.org')!.mail.text;
    expect(french).toContain(`Total pour ${lastYear} : 75\u00a0$`);
    expect(french).toContain(`Numéro de reçu : ${lastYear}-8STATEMENT000001`);
    expect(french).toContain('Aucun bien ni service n’a été fourni en échange de ce don.');
    const progress = (await (await api.app.request('/api/donations/statements', { headers: { cookie: cookies.admin } })).json()) as any;
    expect(progress.statements[0]).toMatchObject({ year: lastYear, total: 2, sent: 2, createdBy: 'Director' });
    expect(progress.statements[0].finishedAt).toBeTruthy();
  });

  test('"delete this person\'s data" removes a donor: gifts, monthly record, stored notifications', async () => {
    const response = await api.app.request('/api/inbox/forget', { method: 'POST', headers: { cookie: cookies.admin, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'baraka@example.org' }) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).removed).toMatchObject({ gifts: 2, monthlyDonors: 1 });
    const db = api.services.db.kysely;
    expect(await db.selectFrom('gifts').select('id').where('email', '=', 'baraka@example.org').execute()).toEqual([]);
    expect(await db.selectFrom('recurring_donors').select('subscr_id').execute()).toEqual([{ subscr_id: 'I-FAILING00001' }]);
    expect(await db.selectFrom('paypal_notifications').select('id').where('body', 'like', '%baraka%').execute()).toEqual([]);
    expect(await db.selectFrom('outbox').select('id').where('to_address', '=', 'baraka@example.org').execute()).toEqual([]);
  });
});
