/**
 * "Manage my giving" on SQLite and PostgreSQL, with the loopback fake of PayPal's REST API and a
 * real SMTP peer: the one-time link (the same answer for a known and an unknown address, once a
 * minute, used once, expires, for its address only), the donor's gifts and statements to the cent
 * and the Central-time year, receipts downloaded again, a monthly gift stopped through the
 * Subscriptions API (staff see it and are told), one on Payments Standard sent to PayPal's page,
 * and the branded receipt (name, brand, what the gift does, the manage link, the IRS wording).
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { smtpTransport } from '../src/mail/transport.ts';
import { receiptMail, statementMail } from '../src/donations/receipt-mail.ts';
import { staffCookies } from './broadcast-helpers.ts';
import { describeBackends, makeApi, postForm, postJson, type Backend, type TestApi } from './helpers.ts';
import { readMail, type ReadMail } from './mail-reader.ts';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_WEBHOOK_ID, startFakePaypalRest, type FakeRest } from './paypal-rest-fake.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const SITE = 'https://sipa.example.org';
const LINK_SENT_FR = (email: string) => `Si ${email} a fait un don à SIPA, un lien vers vos dons est en route. Il fonctionne une seule fois, pendant 60 minutes.`;

describeBackends('Manage my giving', (backend: Backend) => {
  let api: TestApi;
  let paypal: FakeRest;
  let sink: SmtpSink;
  let staff: { admin: string; member: string };
  let serial = 0;

  beforeAll(async () => {
    paypal = await startFakePaypalRest();
    sink = await startSmtpSink();
    api = await makeApi(
      backend,
      { siteUrl: SITE, paypalRest: { base: paypal.base, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET }, paypalWebhookId: FAKE_WEBHOOK_ID, rateLimitMax: 1000 },
      smtpTransport(sink.url),
    );
    staff = await staffCookies(api);
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
    await paypal.close();
  });
  beforeEach(() => {
    sink.messages.length = 0;
  });

  const db = () => api.services.db.kysely;
  const mailsTo = (to: string): ReadMail[] => sink.messages.filter((m) => m.to === to).map((m) => readMail(m.raw));

  /** A gift as PayPal's notifications leave it. */
  async function gift(email: string, values: { amountCents: number; paidAt: string; kind?: 'one-time' | 'monthly'; status?: 'completed' | 'pending' | 'refunded'; refundedCents?: number; name?: string; subscrId?: string }) {
    serial += 1;
    const number = `${values.paidAt.slice(0, 4)}-${String(serial).padStart(6, '0')}`;
    await db()
      .insertInto('gifts')
      .values({
        id: crypto.randomUUID(),
        txn_id: `TXN${backend}${serial}`,
        receipt_number: `${backend === 'postgres' ? 'P' : 'S'}${number}`,
        email,
        name: values.name ?? 'Renée Zoë-Straße',
        amount_cents: values.amountCents,
        refunded_cents: values.refundedCents ?? 0,
        kind: values.kind ?? 'one-time',
        subscr_id: values.subscrId ?? null,
        status: values.status ?? 'completed',
        lang: 'fr',
        paid_at: values.paidAt,
        refunded_at: null,
        receipt_sent_at: values.paidAt,
        created_at: values.paidAt,
      })
      .execute();
    return `${backend === 'postgres' ? 'P' : 'S'}${number}`;
  }
  async function monthly(email: string, subscrId: string, source: 'standard' | 'subscriptions', amountCents = 2500) {
    await db()
      .insertInto('recurring_donors')
      .values({ subscr_id: subscrId, email, name: 'Amina Diallo', amount_cents: amountCents, lang: 'fr', status: 'active', signed_up_at: '2026-02-01T16:00:00.000Z', last_payment_at: '2026-11-01T16:00:00.000Z', last_failed_at: null, cancelled_at: null, ended_at: null, updated_at: '2026-11-01T16:00:00.000Z', source })
      .execute();
  }

  /** Asks for the link as the French page does; returns the answer and the link's token from the mail (if one came). */
  async function askForLink(email: string) {
    const response = await postJson(api.app, '/api/giving/link', { email, lang: 'fr' });
    await api.services.mailer.settled();
    const mail = mailsTo(email.toLowerCase()).at(-1);
    const link = mail ? /https:\/\/sipa\.example\.org\/fr\/manage-giving\?token=([A-Za-z0-9_-]{43})#ready/.exec(mail.text)?.[1] : undefined;
    return { response, mail, token: link };
  }
  /** Opens the link: the session cookie (name=value) when it worked. */
  async function open(token: string) {
    const response = await postJson(api.app, '/api/giving/open', { token });
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    return { response, cookie };
  }
  const asDonor = (cookie: string, path: string, init: RequestInit = {}) => api.app.request(path, { ...init, headers: { cookie, ...(init.headers ?? {}) } });

  test('the link: the same answer for an address that gave and one that never did; only the donor gets mail, in their language, once a minute', async () => {
    const donor = `link.${backend}@example.org`;
    await gift(donor, { amountCents: 5000, paidAt: '2026-03-10T15:00:00.000Z' });

    const stranger = await askForLink(`nobody.${backend}@example.org`);
    expect(stranger.response.status).toBe(201);
    expect(await stranger.response.json()).toEqual({ message: LINK_SENT_FR(`nobody.${backend}@example.org`) });
    expect(stranger.mail).toBeUndefined();

    const known = await askForLink(donor.toUpperCase());
    expect(known.response.status).toBe(201);
    expect(await known.response.json()).toEqual({ message: LINK_SENT_FR(donor) });
    expect(known.mail?.subject).toBe('Votre lien pour gérer vos dons à SIPA');
    expect(known.mail?.text).toContain('Il fonctionne une seule fois, pendant 60 minutes.');
    expect(known.mail?.html).toContain('Ouvrir mes dons');
    expect(known.token).toBeTruthy();

    // A second request within the minute sends nothing more (nobody can fill a donor's inbox).
    const again = await askForLink(donor);
    expect(again.response.status).toBe(201);
    expect(mailsTo(donor)).toHaveLength(1);

    // Without JavaScript the form posts and lands on the page that says to check the mail.
    const posted = await postForm(api.app, '/api/giving/link', [['email', `nojs.${backend}@example.org`], ['lang', 'fr'], ['website', '']]);
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/fr/manage-giving/sent');

    const invalid = await postJson(api.app, '/api/giving/link', { email: 'not an address', lang: 'fr' });
    expect(invalid.status).toBe(400);
  });

  test('the link opens once, not after it expired, and a session sees only its own address', async () => {
    const donor = `once.${backend}@example.org`;
    const other = `other.${backend}@example.org`;
    await gift(donor, { amountCents: 4050, paidAt: '2026-04-02T15:00:00.000Z' });
    const othersReceipt = await gift(other, { amountCents: 10000, paidAt: '2026-04-03T15:00:00.000Z' });

    const { token } = await askForLink(donor);
    const first = await open(token!);
    expect(first.response.status).toBe(200);
    expect(first.cookie).toMatch(/^sipa_giving=[A-Za-z0-9_-]{43}$/);
    expect(first.response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(first.response.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    expect(first.response.headers.get('set-cookie')).toMatch(/Path=\/api\/giving/);

    const second = await open(token!);
    expect(second.response.status).toBe(400);
    expect(await second.response.json()).toEqual({ message: 'This link has expired or was already used. Ask for a new one.' });

    // Two requests with one fresh link at once: one session.
    await api.services.db.kysely.deleteFrom('mail_cooldowns').execute();
    const fresh = (await askForLink(donor)).token!;
    const both = await Promise.all([open(fresh), open(fresh)]);
    expect(both.map((b) => b.response.status).sort()).toEqual([200, 400]);

    // An hour later the link opens nothing.
    await api.services.db.kysely.deleteFrom('mail_cooldowns').execute();
    const late = (await askForLink(donor)).token!;
    await db().updateTable('donor_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', donor).where('used_at', 'is', null).execute();
    expect((await open(late)).response.status).toBe(400);

    // The session reads the donor's own giving, never another address's receipt.
    const me = await asDonor(first.cookie!, '/api/giving/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(donor);
    expect((await asDonor(first.cookie!, `/api/giving/receipts/${othersReceipt}`)).status).toBe(404);
    expect((await api.app.request('/api/giving/me')).status).toBe(401);
    expect((await api.app.request('/api/giving/me', { headers: { cookie: 'sipa_giving=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } })).status).toBe(401);
    expect((await open('not-a-token')).response.status).toBe(400);

    // Signing out ends the session.
    expect((await asDonor(first.cookie!, '/api/giving/sign-out', { method: 'POST' })).status).toBe(204);
    expect((await asDonor(first.cookie!, '/api/giving/me')).status).toBe(401);
  });

  test("the donor's gifts to the cent, with refunds, and statements by the organisation's year (11:30 PM Central on 31 December is the old year)", async () => {
    const donor = `ledger.${backend}@example.org`;
    const newYearsEve = await gift(donor, { amountCents: 12099, paidAt: '2025-01-01T05:30:00.000Z' });
    await gift(donor, { amountCents: 2525, paidAt: '2025-01-01T06:01:00.000Z', refundedCents: 50 });
    await gift(donor, { amountCents: 50000, paidAt: '2025-06-01T15:00:00.000Z', status: 'refunded', refundedCents: 50000 });
    await gift(donor, { amountCents: 4000, paidAt: '2025-07-01T15:00:00.000Z', status: 'pending' });
    const { token } = await askForLink(donor);
    const { cookie } = await open(token!);
    const giving = (await (await asDonor(cookie!, '/api/giving/me')).json()) as any;
    expect(giving.gifts.map((g: any) => [g.amountCents, g.refundedCents, g.status, g.hasReceipt])).toEqual([
      [4000, 0, 'pending', false],
      [50000, 50000, 'refunded', true],
      [2525, 50, 'completed', true],
      [12099, 0, 'completed', true],
    ]);
    expect(giving.statements).toEqual([
      { year: 2025, totalCents: 2475 },
      { year: 2024, totalCents: 12099 },
    ]);

    const receipt = await asDonor(cookie!, `/api/giving/receipts/${newYearsEve}`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toContain('text/html');
    expect(receipt.headers.get('cache-control')).toBe('private, no-store');
    const html = await receipt.text();
    expect(html).toContain('31 décembre 2024');
    expect(html).toContain('120,99');
    expect(html).toContain('Aucun bien ni service n’a été fourni en échange de ce don.');

    const statement = await (await asDonor(cookie!, '/api/giving/statements/2024')).text();
    expect(statement).toContain('Total pour 2024 : 120,99');
    expect((await asDonor(cookie!, '/api/giving/statements/2023')).status).toBe(404);
    expect((await asDonor(cookie!, '/api/giving/statements/1999')).status).toBe(404);
  });

  test('a monthly gift on the Subscriptions API is stopped from the page: PayPal cancels it, staff see it stopped by the donor and are told', async () => {
    const donor = `monthly.${backend}@example.org`;
    const created = await api.app.request('/api/donate', { method: 'POST', body: new URLSearchParams({ amount: '25', frequency: 'monthly', lang: 'fr', page: '/fr/donate' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const subscrId = created.headers.get('location')!.split('/approve/')[1]!;
    expect(paypal.subscriptions.get(subscrId)?.status).not.toBe('CANCELLED');
    await monthly(donor, subscrId, 'subscriptions');
    await monthly(donor, `I-STANDARD-${backend}`, 'standard', 1000);
    await gift(donor, { amountCents: 2500, paidAt: '2026-11-01T16:00:00.000Z', kind: 'monthly', subscrId });

    const { token } = await askForLink(donor);
    const { cookie } = await open(token!);
    const before = (await (await asDonor(cookie!, '/api/giving/me')).json()) as any;
    expect(before.monthly.map((m: any) => [m.id, m.amountCents, m.status, m.stopHere])).toEqual(
      expect.arrayContaining([
        [subscrId, 2500, 'active', true],
        [`I-STANDARD-${backend}`, 1000, 'active', false],
      ]),
    );

    // Payments Standard: stopped on PayPal's own page; the API says so in the donor's language.
    const standard = await asDonor(cookie!, `/api/giving/monthly/I-STANDARD-${backend}/stop`, { method: 'POST' });
    expect(standard.status).toBe(409);
    expect(await standard.json()).toMatchObject({ message: 'Ce don mensuel passe par les paiements automatiques de PayPal : arrêtez-le depuis votre compte PayPal.' });

    const stopped = await asDonor(cookie!, `/api/giving/monthly/${subscrId}/stop`, { method: 'POST' });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toMatchObject({ message: 'Votre don mensuel est arrêté. Aucun autre paiement ne sera prélevé.', status: 'cancelled' });
    expect(paypal.subscriptions.get(subscrId)?.status).toBe('CANCELLED');
    const row = await db().selectFrom('recurring_donors').selectAll().where('subscr_id', '=', subscrId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelled', cancelled_by: 'donor' });

    // Again: already stopped, nothing asked of PayPal.
    expect((await asDonor(cookie!, `/api/giving/monthly/${subscrId}/stop`, { method: 'POST' })).status).toBe(409);
    // Another address's gift cannot be stopped from this session.
    await monthly(`someone.${backend}@example.org`, `I-SOMEONE-${backend}`, 'subscriptions');
    expect((await asDonor(cookie!, `/api/giving/monthly/I-SOMEONE-${backend}/stop`, { method: 'POST' })).status).toBe(404);
    expect((await api.app.request(`/api/giving/monthly/${subscrId}/stop`, { method: 'POST' })).status).toBe(401);

    // Staff: the Donations screen shows who stopped it; the staff mailbox is told.
    const summary = (await (await api.app.request('/api/donations/summary', { headers: { cookie: staff.admin } })).json()) as any;
    expect(summary.monthlyDonors.find((d: any) => d.subscrId === subscrId)).toMatchObject({ status: 'cancelled', cancelledBy: 'donor' });
    await api.services.mailer.settled();
    const notice = sink.messages.map((m) => readMail(m.raw)).find((m) => m.subject.startsWith('Monthly gift stopped by the donor'));
    expect(notice?.subject).toBe('Monthly gift stopped by the donor: Amina Diallo, $25 a month');

    // PayPal's own cancellation webhook, arriving after, keeps the record as it is.
    const sent = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', { id: subscrId, status: 'CANCELLED', custom_id: 'lang=fr', status_update_time: new Date().toISOString() });
    await api.app.request('/api/paypal/webhook', { method: 'POST', body: sent.body, headers: sent.headers });
    await api.services.donations.runOnce();
    expect(await db().selectFrom('recurring_donors').select(['status', 'cancelled_by', 'cancelled_at']).where('subscr_id', '=', subscrId).executeTakeFirstOrThrow()).toMatchObject({ status: 'cancelled', cancelled_by: 'donor', cancelled_at: row.cancelled_at });
  });

  test('a new amount for a gift on the Subscriptions API: PayPal asks the donor to agree, the return records what PayPal holds, to the cent', async () => {
    const donor = `amount.${backend}@example.org`;
    const created = await api.app.request('/api/donate', { method: 'POST', body: new URLSearchParams({ amount: '25', frequency: 'monthly', lang: 'fr', page: '/fr/donate' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const subscrId = created.headers.get('location')!.split('/approve/')[1]!;
    paypal.approve(subscrId, donor);
    await monthly(donor, subscrId, 'subscriptions');
    await monthly(donor, `I-STDAMOUNT-${backend}`, 'standard', 1000);
    const { token } = await askForLink(donor);
    const { cookie } = await open(token!);
    const ask = (id: string, amount: string) => asDonor(cookie!, `/api/giving/monthly/${id}/amount`, { method: 'POST', body: JSON.stringify({ amount }), headers: { 'content-type': 'application/json' } });

    const refused = await ask(subscrId, '0.50');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('Saisissez un montant d’au moins 1 $, en dollars et en cents (par exemple 40 ou 40,50)');
    expect((await ask(`I-STDAMOUNT-${backend}`, '40.50')).status).toBe(409);

    const asked = await ask(subscrId, '40.50');
    expect(asked.status).toBe(200);
    const { approveUrl } = (await asked.json()) as { approveUrl: string };
    expect(approveUrl).toBe(`${paypal.base}/approve-revision/${subscrId}`);
    expect(paypal.subscriptions.get(subscrId)?.revision?.value).toBe('40.50');
    // Until the donor agrees at PayPal, the amount is the old one.
    expect(await db().selectFrom('recurring_donors').select('amount_cents').where('subscr_id', '=', subscrId).executeTakeFirstOrThrow()).toEqual({ amount_cents: 2500 });

    const back = new URL(paypal.approveRevision(subscrId));
    expect(back.origin).toBe(SITE);
    const returned = await api.app.request(`${back.pathname}${back.search}`);
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe('/fr/manage-giving#amount-changed');
    expect(await db().selectFrom('recurring_donors').select('amount_cents').where('subscr_id', '=', subscrId).executeTakeFirstOrThrow()).toEqual({ amount_cents: 4050 });
    const giving = (await (await asDonor(cookie!, '/api/giving/me')).json()) as any;
    expect(giving.monthly.find((m: any) => m.id === subscrId)).toMatchObject({ amountCents: 4050, status: 'active' });

    // PayPal's BILLING.SUBSCRIPTION.UPDATED webhook says the same: nothing changes twice.
    const sent = paypal.event('BILLING.SUBSCRIPTION.UPDATED', { id: subscrId, status: 'ACTIVE' });
    await api.app.request('/api/paypal/webhook', { method: 'POST', body: sent.body, headers: sent.headers });
    await api.services.donations.runOnce();
    const outcome = await db().selectFrom('paypal_webhooks').select('outcome').where('event_id', '=', sent.id).executeTakeFirstOrThrow();
    expect(outcome.outcome).toBe(`unchanged: monthly donor ${subscrId} gives 4050 cents`);
    // A return for a subscription nobody changed only reads PayPal again.
    expect((await api.app.request('/api/giving/revised?subscription=not-an-id&lang=sw')).headers.get('location')).toBe('/sw/manage-giving');
  });

  test('PayPal out of reach: the gift is not marked stopped and the donor is told to try again', async () => {
    const donor = `down.${backend}@example.org`;
    await monthly(donor, `I-UNKNOWN-${backend}`, 'subscriptions');
    const { token } = await askForLink(donor);
    const { cookie } = await open(token!);
    // The fake does not know this subscription: PayPal refuses, so nothing is recorded.
    const answer = await asDonor(cookie!, `/api/giving/monthly/I-UNKNOWN-${backend}/stop`, { method: 'POST' });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ message: 'Nous n’avons pas pu joindre PayPal pour arrêter votre don. Rien n’a changé. Réessayez dans quelques minutes, ou appelez-nous.' });
    expect(await db().selectFrom('recurring_donors').select('status').where('subscr_id', '=', `I-UNKNOWN-${backend}`).executeTakeFirstOrThrow()).toEqual({ status: 'active' });
  });
});

test('a receipt a person is glad to get: the name, the brand, what the gift does, the manage link, the IRS wording, in both parts and three languages', () => {
  const gift = { email: 'renee@example.org', name: 'Renée Zoë-Straße', receipt_number: '2026-000042', amount_cents: 5000, paid_at: '2026-03-10T15:00:00.000Z', kind: 'monthly' as const };
  const fr = receiptMail(gift, 'fr');
  expect(fr.subject).toBe('Votre reçu 2026-000042 de SIPA');
  for (const part of [fr.text, fr.html!]) {
    expect(part).toContain('Bonjour Renée,');
    expect(part).toContain('Votre don de 50\u00a0$ finance une aide au logement pour une famille.');
    expect(part).toContain('Aucun bien ni service n’a été fourni en échange de ce don.');
    expect(part).toContain('https://sipa.example.org/fr/manage-giving');
    expect(part).toContain('Pour arrêter votre don mensuel ou voir chaque paiement, allez sur «\u00a0Gérer mes dons\u00a0».');
  }
  expect(fr.text).toContain('Numéro de reçu : 2026-000042');
  expect(fr.html).toContain('/apple-touch-icon.png');
  expect(fr.html).toContain('#1f3d33');
  const en = receiptMail({ ...gift, kind: 'one-time', amount_cents: 4050 }, 'en');
  expect(en.text).toContain('Hello Renée,');
  expect(en.text).toContain('Your gift helps immigrant and refugee families from Sub-Saharan Africa settle, learn and find work in North Texas.');
  expect(en.text).toContain('No goods or services were provided in exchange for this contribution.');
  expect(en.text).toContain('See your gifts, download a receipt again or get a yearly statement on “Manage my giving”.');
  expect(en.text).toContain('Manage my giving\nhttps://sipa.example.org/manage-giving');
  const sw = receiptMail({ ...gift, amount_cents: 2500, name: '' }, 'sw');
  expect(sw.text).toContain('Habari,');
  expect(sw.text).toContain('Mchango wako wa $25 unagharimia vifaa vya masomo kwa mtoto mmoja.');
  expect(sw.text).toContain('https://sipa.example.org/sw/manage-giving');
});

test("a statement of the year still running says it covers the year so far, up to today in Texas; a past year's does not", () => {
  const gifts = [{ email: 'r@example.org', receipt_number: '2026-1', amount_cents: 4050, refunded_cents: 0, paid_at: '2026-03-10T15:00:00.000Z', kind: 'one-time' as const }];
  // 1 December 2026 at 00:30 UTC is still 30 November in Texas.
  const now = new Date('2026-12-01T00:30:00.000Z');
  const current = statementMail('r@example.org', 2026, gifts, 'en', { now });
  expect(current.text).toContain('Thank you for supporting SIPA in 2026. Here are your gifts so far this year, up to November 30, 2026, for your tax records.');
  expect(current.text).toContain('Total for 2026 so far: $40.50');
  expect(statementMail('r@example.org', 2026, gifts, 'fr', { now }).text).toContain('Total pour 2026 jusqu’ici : 40,50\u00a0$');
  const past = statementMail('r@example.org', 2026, gifts, 'en', { now: new Date('2027-01-01T06:30:00.000Z') });
  expect(past.text).toContain('Thank you for supporting SIPA in 2026. Here are your gifts for your tax records.');
  expect(past.text).toContain('Total for 2026: $40.50');
});
