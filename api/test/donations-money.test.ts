/**
 * The donations record to the cent and the day, on SQLite and PostgreSQL, with PayPal's
 * verification faked on loopback and a real SMTP peer:
 *  - accented names in every charset PayPal sends (windows-1252 by default) are recorded;
 *  - the year is the organisation's (Central time): gifts at 7:30 PM, 11:59 PM and 12:01 AM
 *    around New Year get the right receipt number, date, totals and statement;
 *  - partial and full refunds, a reversal and its cancellation, pending then completed or failed;
 *  - every order of a payment and its refunds, and of a subscription's messages, ends the same;
 *  - amounts with cents and above the 32-bit limit; statements sent again after a late gift or a
 *    refund, and one donor's alone; each receipt and statement agree to the cent.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeServices, createApp, createServices } from '../src/app.ts';
import { listen } from '../src/server.ts';
import { smtpTransport } from '../src/mail/transport.ts';
import { donationSummary } from '../src/donations/store.ts';
import { staffCookies } from './broadcast-helpers.ts';
import { count, describeBackends, makeApi, type Backend, type TestApi } from './helpers.ts';
import { readMail, type ReadMail } from './mail-reader.ts';
import { ipnBody, ipnBodyIn, oneTimeGift, startFakePaypal, type FakePaypal } from './paypal-fake.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** An instant as PayPal writes it in a notification: California time, 'HH:MM:SS Mon DD, YYYY PST'. */
export function paypalTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' })
      .formatToParts(Date.parse(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.hour}:${parts.minute}:${parts.second} ${parts.month} ${parts.day}, ${parts.year} ${parts.timeZoneName}`;
}

/** Every order of a list. */
function orders<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('paypalTime', () => {
  test('writes PayPal’s California time', () => {
    expect(paypalTime('2025-01-01T01:30:00.000Z')).toBe('17:30:00 Dec 31, 2024 PST');
    expect(paypalTime('2026-06-02T17:00:00.000Z')).toBe('10:00:00 Jun 02, 2026 PDT');
  });
});

describeBackends('the donations record, to the cent and the day', (backend: Backend) => {
  let api: TestApi;
  let paypal: FakePaypal;
  let sink: SmtpSink;
  let admin: { headers: { cookie: string } };

  beforeAll(async () => {
    paypal = await startFakePaypal();
    sink = await startSmtpSink();
    api = await makeApi(backend, { paypalVerifyUrl: paypal.url, paypalIpnRateMax: 10_000 }, smtpTransport(sink.url));
    admin = { headers: { cookie: (await staffCookies(api)).admin } };
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
    await paypal.close();
  });

  const db = () => api.services.db.kysely;
  async function paypalSends(body: string) {
    paypal.genuine.add(body);
    const response = await api.app.request('/api/paypal/ipn', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(200);
  }
  async function verifyAll() {
    await api.services.donations.runOnce();
    await api.services.mailer.settled();
  }
  /** Each message sent and verified before the next: the order PayPal's notifications were verified in. */
  async function inOrder(bodies: readonly string[]) {
    for (const body of bodies) {
      await paypalSends(body);
      await verifyAll();
    }
  }
  const mailsTo = (to: string): ReadMail[] => sink.messages.filter((m) => m.to === to).map((m) => readMail(m.raw));
  const receiptsTo = (to: string) => mailsTo(to).filter((m) => /receipt|reçu|Risiti/.test(m.subject));
  const statementsTo = (to: string) => mailsTo(to).filter((m) => /statement|relevé|Taarifa/.test(m.subject));
  const text = (mail: ReadMail) => mail.text.replace(/\r\n/g, '\n');
  const gift = (txnId: string) => db().selectFrom('gifts').selectAll().where('txn_id', '=', txnId).executeTakeFirst();
  const outcome = async (txnId: string) => (await db().selectFrom('paypal_notifications').select('outcome').where('txn_id', '=', txnId).orderBy('received_at', 'desc').executeTakeFirst())?.outcome;
  const json = async (path: string, init: RequestInit = {}) => (await api.app.request(path, { ...init, headers: { ...admin.headers, 'content-type': 'application/json', ...(init.headers as object) } })).json() as Promise<any>;
  const sendStatements = async (year: number) => {
    const answer = await json('/api/donations/statements', { method: 'POST', body: JSON.stringify({ year }) });
    await verifyAll();
    return answer;
  };
  const payment = (txnId: string, fields: Record<string, string>) =>
    oneTimeGift(txnId, { custom: 'lang=en', payment_date: '09:15:00 Nov 20, 2026 PST', ...fields });
  const refundOf = (parent: string, txnId: string, amount: string, fields: Record<string, string> = {}) =>
    ipnBody({ payment_status: 'Refunded', reason_code: 'refund', txn_id: txnId, parent_txn_id: parent, mc_gross: `-${amount}`, payment_date: '10:00:00 Nov 25, 2026 PST', ...fields });

  test('accented names in windows-1252 (PayPal’s default), ISO-8859-1 and UTF-8, over a real socket: stored as sent, recorded, receipted', async () => {
    const server = await listen(api.app, { port: 0, hostname: '127.0.0.1', maxConnections: 10 });
    try {
      const port = (server.address() as AddressInfo).port;
      const donors = [
        { charset: null, txn: '1CHARSET00000001', first: 'Renée', last: 'Dupont', street: '12 rue de l’Église', email: 'renee@example.org' },
        { charset: 'windows-1252', txn: '1CHARSET00000002', first: 'José', last: 'Müller', street: 'Hauptstraße 5', email: 'jose@example.org' },
        { charset: 'ISO-8859-1', txn: '1CHARSET00000003', first: 'Zoë', last: 'Ngoïé', street: 'Straße 1', email: 'zoe@example.org' },
        { charset: 'UTF-8', txn: '1CHARSET00000004', first: 'Amélie', last: 'Kaboré', street: 'Rue Ouédraogo', email: 'amelie@example.org' },
      ];
      for (const donor of donors) {
        // ’ is not in ISO-8859-1: that donor's street has none.
        const body = ipnBodyIn(donor.charset, {
          txn_type: 'web_accept', txn_id: donor.txn, payment_status: 'Completed', mc_gross: '40.50', payment_date: '09:15:00 Nov 20, 2026 PST',
          payer_email: donor.email, first_name: donor.first, last_name: donor.last, address_street: donor.street, address_city: 'Québec', custom: 'lang=fr',
        });
        expect(body).toMatch(/^[\x20-\x7e]+$/);
        paypal.genuine.add(body);
        const answer = await fetch(`http://127.0.0.1:${port}/api/paypal/ipn`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        expect(answer.status, donor.txn).toBe(200);
        const stored = await db().selectFrom('paypal_notifications').select('body').where('txn_id', '=', donor.txn).executeTakeFirstOrThrow();
        expect(stored.body).toBe(body);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    await verifyAll();
    for (const [txn, name] of [['1CHARSET00000001', 'Renée Dupont'], ['1CHARSET00000002', 'José Müller'], ['1CHARSET00000003', 'Zoë Ngoïé'], ['1CHARSET00000004', 'Amélie Kaboré']]) {
      expect(await gift(txn!), txn).toMatchObject({ name, amount_cents: 4050, status: 'completed' });
    }
    const [receipt, ...more] = receiptsTo('renee@example.org');
    expect(more).toEqual([]);
    expect(text(receipt!)).toContain('Montant : 40,50\u00a0$');
  });

  test('a charset PayPal lists that is not UTF-8 nor Latin: UTF-16, Shift_JIS and KOI8-R names are read in their charset', async () => {
    for (const [charset, txn, first] of [['UTF-16LE', '1CHARSET00000005', 'Nadège'], ['Shift_JIS', '1CHARSET00000006', '山田'], ['KOI8-R', '1CHARSET00000007', 'Ольга']] as const) {
      await paypalSends(ipnBodyIn(charset, { txn_type: 'web_accept', txn_id: txn, payment_status: 'Completed', mc_gross: '10.00', payment_date: '09:15:00 Nov 20, 2026 PST', payer_email: `${txn.toLowerCase()}@example.org`, first_name: first, last_name: 'Test' }));
    }
    await verifyAll();
    expect((await gift('1CHARSET00000005'))?.name).toBe('Nadège Test');
    expect((await gift('1CHARSET00000006'))?.name).toBe('山田 Test');
    expect((await gift('1CHARSET00000007'))?.name).toBe('Ольга Test');
  });

  test('New Year in Central time: 7:30 PM and 11:59 PM on 31 December are that year, 12:01 AM is the next; receipts, totals, filters and statements agree', async () => {
    const email = 'newyear@example.org';
    const gifts = [
      ['2NEWYEAR00001930', '2025-01-01T01:30:00.000Z', '100.00'], // 7:30 PM CST, 31 Dec 2024
      ['2NEWYEAR00002359', '2025-01-01T05:59:00.000Z', '40.50'], // 11:59 PM CST, 31 Dec 2024
      ['2NEWYEAR00000001', '2025-01-01T06:01:00.000Z', '25.25'], // 12:01 AM CST, 1 Jan 2025
    ] as const;
    for (const [txn, at, amount] of gifts) await paypalSends(payment(txn, { payer_email: email, mc_gross: amount, payment_date: paypalTime(at) }));
    await verifyAll();
    expect((await gift('2NEWYEAR00001930'))?.receipt_number).toBe('2024-2NEWYEAR00001930');
    expect((await gift('2NEWYEAR00002359'))?.receipt_number).toBe('2024-2NEWYEAR00002359');
    expect((await gift('2NEWYEAR00000001'))?.receipt_number).toBe('2025-2NEWYEAR00000001');
    const receipts = Object.fromEntries(receiptsTo(email).map((mail) => [mail.subject, text(mail)]));
    expect(receipts['Your receipt 2024-2NEWYEAR00001930 from SIPA']).toContain('Date: December 31, 2024');
    expect(receipts['Your receipt 2024-2NEWYEAR00001930 from SIPA']).toContain('Amount: $100');
    expect(receipts['Your receipt 2024-2NEWYEAR00002359 from SIPA']).toContain('Date: December 31, 2024');
    expect(receipts['Your receipt 2024-2NEWYEAR00002359 from SIPA']).toContain('Amount: $40.50');
    expect(receipts['Your receipt 2025-2NEWYEAR00000001 from SIPA']).toContain('Date: January 1, 2025');
    expect(receipts['Your receipt 2025-2NEWYEAR00000001 from SIPA']).toContain('Amount: $25.25');

    // The Donations screen's filter by day, and the year's totals as they read on 15 January 2025.
    const lastDay = await json('/api/donations/gifts?from=2024-12-31&to=2024-12-31');
    expect(lastDay.items.map((item: any) => item.txnId).sort()).toEqual(['2NEWYEAR00001930', '2NEWYEAR00002359']);
    const firstDay = await json('/api/donations/gifts?from=2025-01-01&to=2025-01-01');
    expect(firstDay.items.map((item: any) => item.txnId)).toEqual(['2NEWYEAR00000001']);
    const january = await donationSummary(db(), new Date('2025-01-15T18:00:00.000Z'));
    expect(january).toMatchObject({ year: 2025, month: 1, thisYear: { oneTimeCents: 2525, oneTimeCount: 1 }, thisMonth: { oneTimeCents: 2525 } });
    const december = await donationSummary(db(), new Date('2024-12-31T23:00:00.000Z'));
    expect(december.thisMonth).toMatchObject({ oneTimeCents: 14050, oneTimeCount: 2 });

    // The CSV dates are Central time too.
    const csv = await (await api.app.request(`/api/donations/gifts/export.csv?q=${email}`, admin)).text();
    expect(csv).toContain('2024-12-31 19:30,2024-2NEWYEAR00001930');
    expect(csv).toContain('2025-01-01 00:01,2025-2NEWYEAR00000001');

    expect(await sendStatements(2024)).toMatchObject({ year: 2024, queued: 1 });
    expect(await sendStatements(2025)).toMatchObject({ year: 2025, queued: 1 });
    const statements = Object.fromEntries(statementsTo(email).map((mail) => [mail.subject, text(mail)]));
    const of2024 = statements['Your 2024 giving statement from SIPA']!;
    expect(of2024).toContain('December 31, 2024 · $100 · One-time gift · Receipt number: 2024-2NEWYEAR00001930');
    expect(of2024).toContain('December 31, 2024 · $40.50 · One-time gift · Receipt number: 2024-2NEWYEAR00002359');
    expect(of2024).not.toContain('2NEWYEAR00000001');
    expect(of2024).toContain('Total for 2024: $140.50');
    const of2025 = statements['Your 2025 giving statement from SIPA']!;
    expect(of2025).toContain('January 1, 2025 · $25.25 · One-time gift · Receipt number: 2025-2NEWYEAR00000001');
    expect(of2025).toContain('Total for 2025: $25.25');
  });

  test('a notification that arrives after the year’s statements: sending again mails only the donors whose gifts changed, with a statement that says it replaces the last', async () => {
    const late = 'late@example.org';
    await inOrder([payment('3LATE00000000001', { payer_email: late, mc_gross: '20.00', payment_date: paypalTime('2023-06-01T17:00:00.000Z') })]);
    await inOrder([payment('3LATE00000000002', { payer_email: 'steady@example.org', mc_gross: '15.00', payment_date: paypalTime('2023-07-01T17:00:00.000Z') })]);
    expect(await sendStatements(2023)).toMatchObject({ queued: 2, total: 2 });
    expect(statementsTo(late)).toHaveLength(1);
    // PayPal retried this one for days: it arrives in January, for a gift of 31 December 2023 (8 PM in Texas).
    await inOrder([payment('3LATE00000000003', { payer_email: late, mc_gross: '30.00', payment_date: paypalTime('2024-01-01T02:00:00.000Z') })]);
    await inOrder([payment('3LATE00000000004', { payer_email: 'newcomer@example.org', mc_gross: '5.00', payment_date: paypalTime('2023-12-31T18:00:00.000Z') })]);
    const progress = await json('/api/donations/statements');
    expect(progress.statements.find((s: any) => s.year === 2023)).toMatchObject({ total: 2, sent: 2, outdated: 2 });

    const again = await sendStatements(2023);
    expect(again).toMatchObject({ queued: 2, added: 1, changed: 1, total: 3, message: 'Statements for 2023 queued for 1 donor new to 2023 and 1 donor whose gifts changed (their statement says it replaces the last one).' });
    const [first, second] = statementsTo(late).map(text);
    expect(second).toMatch(/This statement replaces the one we sent you on \w+ \d+, \d{4}: your gifts changed since\./);
    expect(second).toContain('Total for 2023: $50');
    expect(first).toContain('Total for 2023: $20');
    expect(statementsTo('steady@example.org')).toHaveLength(1);
    expect(statementsTo('newcomer@example.org')).toHaveLength(1);
    expect(text(statementsTo('newcomer@example.org')[0]!)).not.toContain('replaces');
    expect(await sendStatements(2023)).toMatchObject({ queued: 0, message: 'Every donor of 2023 already has a statement that matches their gifts.' });

    // One donor's statement, sent again alone (they lost it), and one for an address with no gift that year.
    const alone = await json('/api/donations/statements/donor', { method: 'POST', body: JSON.stringify({ year: 2023, email: 'Steady@Example.org' }) });
    expect(alone.message).toBe('The 2023 statement of steady@example.org is on its way.');
    await verifyAll();
    expect(statementsTo('steady@example.org')).toHaveLength(2);
    const none = await api.app.request('/api/donations/statements/donor', { method: 'POST', headers: { ...admin.headers, 'content-type': 'application/json' }, body: JSON.stringify({ year: 2023, email: 'nobody@example.org' }) });
    expect(none.status).toBe(409);
    expect(((await none.json()) as any).message).toBe('No gift from nobody@example.org counts in 2023: there is no statement to send.');
  });

  test('a $5 partial refund of a $500 gift leaves $495 counted; the receipt, the donor, the totals and the statement agree; a second refund of the rest takes it out', async () => {
    const email = 'partial@example.org';
    const at = paypalTime('2022-03-10T18:00:00.000Z');
    await inOrder([payment('4PARTIAL00000001', { payer_email: email, mc_gross: '500.00', payment_date: at }), payment('4PARTIAL00000002', { payer_email: email, mc_gross: '40.50', payment_date: at, txn_type: 'web_accept' })]);
    // A monthly gift of the same donor: the statement's total counts it too.
    await inOrder([ipnBody({ txn_type: 'subscr_payment', subscr_id: 'I-PARTIAL00001', txn_id: '4PARTIALMONTHLY1', payment_status: 'Completed', mc_gross: '25.25', payment_date: at, payer_email: email, custom: 'lang=en' })]);
    await inOrder([refundOf('4PARTIAL00000001', '4PARTIALREFUND01', '5.00')]);
    expect(await gift('4PARTIAL00000001')).toMatchObject({ status: 'completed', amount_cents: 50000, refunded_cents: 500, refunded_at: '2026-11-25T18:00:00.000Z' });
    expect(await outcome('4PARTIALREFUND01')).toBe('refund 4PARTIALREFUND01 recorded: gift 4PARTIAL00000001 completed, 500 cents refunded');
    const history = await json(`/api/donations/donor?email=${email}`);
    expect(history).toMatchObject({ totalCents: 49500 + 4050 + 2525, countedGifts: 3 });
    expect(history.gifts.find((g: any) => g.txnId === '4PARTIAL00000001')).toMatchObject({ amountCents: 50000, refundedCents: 500, netCents: 49500, status: 'completed' });
    expect(receiptsTo(email).map((m) => text(m).match(/Amount: (.*)/)![1]).sort()).toEqual(['$25.25', '$40.50', '$500']);
    const csv = await (await api.app.request(`/api/donations/gifts/export.csv?q=4PARTIAL00000001`, admin)).text();
    expect(csv).toContain(',500.00,5.00,495.00,one-time,completed,');

    await sendStatements(2022);
    const [statement] = statementsTo(email).map(text);
    expect(statement).toContain('March 10, 2022 · $500 · $5 refunded, $495 counted · One-time gift · Receipt number: 2022-4PARTIAL00000001');
    expect(statement).toContain('March 10, 2022 · $40.50 · One-time gift · Receipt number: 2022-4PARTIAL00000002');
    expect(statement).toContain('March 10, 2022 · $25.25 · Monthly gift · Receipt number: 2022-4PARTIALMONTHLY1');
    expect(statement).toContain('Total for 2022: $560.75');

    // The rest refunded: the gift leaves the totals; the donor's statement is corrected.
    await inOrder([refundOf('4PARTIAL00000001', '4PARTIALREFUND02', '495.00')]);
    expect(await gift('4PARTIAL00000001')).toMatchObject({ status: 'refunded', refunded_cents: 50000 });
    expect(await json(`/api/donations/donor?email=${email}`)).toMatchObject({ totalCents: 4050 + 2525, countedGifts: 2 });
    expect(await sendStatements(2022)).toMatchObject({ changed: 1 });
    const corrected = text(statementsTo(email).at(-1)!);
    expect(corrected).not.toContain('4PARTIAL00000001');
    expect(corrected).toContain('This statement replaces the one we sent you on');
    expect(corrected).toContain('Total for 2022: $65.75');
  });

  test('a reversal takes a gift out of totals and statements; its cancellation puts it back', async () => {
    const email = 'chargeback@example.org';
    await inOrder([payment('5REVERSE00000001', { payer_email: email, mc_gross: '75.00' })]);
    await inOrder([ipnBody({ payment_status: 'Reversed', reason_code: 'chargeback', txn_id: '5REVERSAL0000001', parent_txn_id: '5REVERSE00000001', mc_gross: '-75.00', payment_date: '10:00:00 Nov 26, 2026 PST' })]);
    expect(await gift('5REVERSE00000001')).toMatchObject({ status: 'reversed', refunded_at: '2026-11-26T18:00:00.000Z' });
    expect(await json(`/api/donations/donor?email=${email}`)).toMatchObject({ totalCents: 0 });
    await inOrder([ipnBody({ payment_status: 'Canceled_Reversal', reason_code: 'other', txn_id: '5REVERSALCANCEL1', parent_txn_id: '5REVERSE00000001', mc_gross: '75.00', payment_date: '10:00:00 Dec 01, 2026 PST' })]);
    expect(await gift('5REVERSE00000001')).toMatchObject({ status: 'completed', refunded_cents: 0 });
    expect(await json(`/api/donations/donor?email=${email}`)).toMatchObject({ totalCents: 7500 });
  });

  test('every order of a payment and its two partial refunds ends in the same record, on one server and with two verifying at once', async () => {
    let run = 0;
    const states: unknown[] = [];
    for (const order of orders(['payment', 'first', 'second'] as const)) {
      run += 1;
      const txn = `6ORDER${String(run).padStart(10, '0')}`;
      const bodies = {
        payment: payment(txn, { payer_email: `order${run}@example.org`, mc_gross: '120.99' }),
        first: refundOf(txn, `${txn}R1`, '20.49'),
        second: refundOf(txn, `${txn}R2`, '0.50', { payment_date: '10:00:00 Nov 27, 2026 PST' }),
      };
      await inOrder(order.map((name) => bodies[name]));
      const row = await gift(txn);
      states.push({ status: row?.status, amount: Number(row?.amount_cents), refunded: Number(row?.refunded_cents), refundedAt: row?.refunded_at });
      // A receipt for the payment's amount, once, whatever came first (a partial refund does not stop it).
      expect(receiptsTo(`order${run}@example.org`), order.join(' → ')).toHaveLength(1);
    }
    expect(states).toEqual(Array(6).fill({ status: 'completed', amount: 12099, refunded: 2099, refundedAt: '2026-11-27T18:00:00.000Z' }));

    // A full refund before its payment (the payment's postback in back-off): the gift is recorded refunded, with no receipt.
    paypal.failNext(1);
    await paypalSends(payment('6FULLFIRST000001', { payer_email: 'fullfirst@example.org', mc_gross: '60.00' }));
    await verifyAll();
    expect(await gift('6FULLFIRST000001')).toBeUndefined();
    await inOrder([refundOf('6FULLFIRST000001', '6FULLFIRSTREFUND', '60.00')]);
    expect(await outcome('6FULLFIRSTREFUND')).toBe('refund 6FULLFIRSTREFUND kept for gift 6FULLFIRST000001, not recorded yet');
    await api.services.donations.runOnce(new Date(Date.now() + 31_000));
    await api.services.mailer.settled();
    expect(await gift('6FULLFIRST000001')).toMatchObject({ status: 'refunded', refunded_cents: 6000, receipt_sent_at: null });
    expect(receiptsTo('fullfirst@example.org')).toEqual([]);

    // Two API instances on one database verify a payment and its refund at the same moment.
    const other = await createServices(api.services.config, smtpTransport(sink.url));
    const otherApp = createApp(other);
    try {
      const txn = '6TWOSERVERS00001';
      const refund = refundOf(txn, `${txn}R`, '100.00');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let arrived = 0;
      const bothArrived = new Promise<void>((resolve) => (paypal.onArrival = () => void (++arrived === 2 && resolve())));
      paypal.hold = gate;
      await paypalSends(payment(txn, { payer_email: 'two@example.org', mc_gross: '300.00' }));
      const firstPass = api.services.donations.runOnce();
      await expect.poll(() => arrived).toBe(1);
      // The refund reaches the other instance, which verifies it while the first still waits on PayPal.
      paypal.genuine.add(refund);
      expect((await otherApp.request('/api/paypal/ipn', { method: 'POST', body: refund, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
      const secondPass = other.donations.runOnce();
      await bothArrived;
      paypal.hold = null;
      release();
      await Promise.all([firstPass, secondPass]);
      await api.services.mailer.settled();
      await other.mailer.settled();
      expect(await gift(txn)).toMatchObject({ status: 'completed', amount_cents: 30000, refunded_cents: 10000 });
    } finally {
      paypal.onArrival = null;
      await closeServices(other);
    }
  });

  test('a monthly gift’s messages in any order: payment before sign-up, end before cancellation; the record ends the same', async () => {
    const results: unknown[] = [];
    let run = 0;
    for (const order of orders(['signup', 'payment', 'cancel', 'eot'] as const)) {
      run += 1;
      const donor = { subscr_id: `I-ORDER${String(run).padStart(6, '0')}`, payer_email: `monthly${run}@example.org`, first_name: 'Faith', last_name: 'Wanjiru', custom: 'lang=sw' };
      const bodies = {
        signup: ipnBody({ txn_type: 'subscr_signup', mc_amount3: '25.25', period3: '1 M', subscr_date: '10:00:00 Mar 01, 2026 PST', ...donor }),
        payment: ipnBody({ txn_type: 'subscr_payment', txn_id: `7M${String(run).padStart(14, '0')}`, payment_status: 'Completed', mc_gross: '25.25', payment_date: '10:00:05 Mar 01, 2026 PST', ...donor }),
        cancel: ipnBody({ txn_type: 'subscr_cancel', subscr_date: '08:00:00 Apr 15, 2026 PDT', ...donor }),
        eot: ipnBody({ txn_type: 'subscr_eot', subscr_date: '08:00:00 May 01, 2026 PDT', ...donor }),
      };
      await inOrder(order.map((name) => bodies[name]));
      const row = await db().selectFrom('recurring_donors').select(['amount_cents', 'status', 'signed_up_at', 'last_payment_at', 'cancelled_at', 'ended_at']).where('subscr_id', '=', donor.subscr_id).executeTakeFirstOrThrow();
      results.push({ ...row, amount_cents: Number(row.amount_cents) });
    }
    expect(results).toEqual(
      Array(24).fill({ amount_cents: 2525, status: 'cancelled', signed_up_at: '2026-03-01T18:00:00.000Z', last_payment_at: '2026-03-01T18:00:05.000Z', cancelled_at: '2026-04-15T15:00:00.000Z', ended_at: '2026-05-01T15:00:00.000Z' }),
    );
  });

  test('a pending eCheck is shown as pending and receipted only when it clears; a failed one never is', async () => {
    const cleared = 'echeck@example.org';
    await inOrder([payment('8ECHECK000000001', { payer_email: cleared, mc_gross: '250.00', payment_status: 'Pending', pending_reason: 'echeck', payment_type: 'echeck' })]);
    expect(await gift('8ECHECK000000001')).toMatchObject({ status: 'pending', receipt_sent_at: null });
    expect(receiptsTo(cleared)).toEqual([]);
    const summary = await json('/api/donations/summary');
    expect(summary.pending).toMatchObject({ count: 1, cents: 25000 });
    expect(await json(`/api/donations/donor?email=${cleared}`)).toMatchObject({ totalCents: 0 });
    await inOrder([payment('8ECHECK000000001', { payer_email: cleared, mc_gross: '250.00', payment_status: 'Completed', payment_type: 'echeck', payment_date: '09:00:00 Nov 24, 2026 PST' })]);
    expect(await gift('8ECHECK000000001')).toMatchObject({ status: 'completed', paid_at: '2026-11-20T17:15:00.000Z' });
    expect(receiptsTo(cleared).map((m) => m.subject)).toEqual(['Your receipt 2026-8ECHECK000000001 from SIPA']);
    expect(await json(`/api/donations/donor?email=${cleared}`)).toMatchObject({ totalCents: 25000 });
    // The older Pending message replayed late changes nothing.
    await inOrder([payment('8ECHECK000000001', { payer_email: cleared, mc_gross: '250.00', payment_status: 'Pending', pending_reason: 'echeck' })]);
    expect(await gift('8ECHECK000000001')).toMatchObject({ status: 'completed' });

    const bounced = 'echeck-failed@example.org';
    await inOrder([payment('8ECHECK000000002', { payer_email: bounced, mc_gross: '80.00', payment_status: 'Pending', pending_reason: 'echeck' })]);
    await inOrder([payment('8ECHECK000000002', { payer_email: bounced, mc_gross: '80.00', payment_status: 'Failed' })]);
    await inOrder([payment('8ECHECK000000002', { payer_email: bounced, mc_gross: '80.00', payment_status: 'Completed' })]);
    expect(await gift('8ECHECK000000002')).toMatchObject({ status: 'failed', receipt_sent_at: null });
    expect(receiptsTo(bounced)).toEqual([]);
    expect(await json(`/api/donations/donor?email=${bounced}`)).toMatchObject({ totalCents: 0 });
  });

  test('amounts: above $21,474,836.47 recorded in 64 bits; above what PayPal can carry refused once, not retried', async () => {
    await inOrder([payment('9LARGE0000000001', { payer_email: 'large@example.org', mc_gross: '25000000.01' })]);
    expect(await gift('9LARGE0000000001')).toMatchObject({ amount_cents: 2_500_000_001, status: 'completed' });
    expect(text(receiptsTo('large@example.org')[0]!)).toContain('Amount: $25,000,000.01');
    await inOrder([payment('9LARGE0000000002', { payer_email: 'huge@example.org', mc_gross: '12345678901.00' })]);
    expect(await gift('9LARGE0000000002')).toBeUndefined();
    const row = await db().selectFrom('paypal_notifications').select(['status', 'outcome', 'attempts']).where('txn_id', '=', '9LARGE0000000002').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'verified', outcome: 'refused: the amount 12345678901.00 is larger than any PayPal payment (at most 9999999999.99)', attempts: 1 });
  });

  test('the rate limit is counted before the body is stored: a burst of 40 at once against a limit of 25 stores 25', async () => {
    const limited = await makeApi(backend, { paypalVerifyUrl: paypal.url, paypalIpnRateMax: 25 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => (await limited.app.request('/api/paypal/ipn', { method: 'POST', body: oneTimeGift(`9BURST${String(i).padStart(10, '0')}`), headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(25);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      expect(await count(limited.services, 'paypal_notifications')).toBe(25);
    } finally {
      await limited.close();
    }
  });

  test('one postback that hangs holds only its own notification: the others are recorded while it waits', async () => {
    const slow = payment('9SLOW00000000001', { payer_email: 'slow@example.org' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    paypal.holdIf = (body) => (body === slow ? gate : null);
    const slowArrived = new Promise<void>((resolve) => (paypal.onArrival = (body) => body.endsWith(slow) && resolve()));
    try {
      await paypalSends(slow);
      const pass = api.services.donations.runOnce();
      await slowArrived;
      for (let i = 1; i <= 3; i++) await paypalSends(payment(`9FAST0000000000${i}`, { payer_email: `fast${i}@example.org` }));
      await expect.poll(async () => (await db().selectFrom('gifts').select('txn_id').where('txn_id', 'like', '9FAST%').execute()).length, { timeout: 20_000 }).toBe(3);
      expect(await gift('9SLOW00000000001')).toBeUndefined();
      release();
      await pass;
      expect(await gift('9SLOW00000000001')).toMatchObject({ status: 'completed' });
    } finally {
      paypal.holdIf = null;
      paypal.onArrival = null;
    }
  });
});
