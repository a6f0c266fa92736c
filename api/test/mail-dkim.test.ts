/**
 * Every kind of mail the product sends is DKIM-signed when DKIM is configured, checked as a
 * receiving server would (mailauth's verifier, the public key served by a resolver of the test's
 * own) on the messages a real SMTP peer received: the form notices and acknowledgements, the
 * newsletter confirmation and welcome, the staff codes and notices, receipts and statements, and
 * campaigns. Where a message carries List-Unsubscribe and List-Unsubscribe-Post, both are in the
 * signature (RFC 8058 section 3). A campaign to one language's subscribers says it is in that
 * language (`<html lang>`).
 */
import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { dkimVerify } from 'mailauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { confirmationCodeMail, guessingMail, resetCodeMail } from '../src/auth/mails.ts';
import { twoFactorCodeMail } from '../src/auth/two-factor/mails.ts';
import { receiptMail, statementMail } from '../src/donations/receipt-mail.ts';
import { configuredTransport } from '../src/mail/transport.ts';
import { NEWSLETTER, sendNewsletter, staffCookies } from './broadcast-helpers.ts';
import { makeApi, postJson, VALID, type TestApi } from './helpers.ts';
import { readMail } from './mail-reader.ts';
import { startServerProcess, stopServerProcess } from './server-process.ts';
import { headersOf, startSmtpSink, type SmtpSink, type SunkMessage } from './smtp-sink.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'der' },
});
const DKIM = { domainName: 'sipa.example.org', keySelector: 'mail2026', privateKey };
const KEY_RECORD = `${DKIM.keySelector}._domainkey.${DKIM.domainName}`;

/** The DNS a receiving server asks: the one key record, nothing else. */
async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === 'TXT' && name === KEY_RECORD) return [[`v=DKIM1; k=rsa; p=${publicKey.toString('base64')}`]];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

interface Verdict {
  result: string;
  domain: string;
  /** The h= tag: the header fields the signature covers, lower case. */
  signed: string[];
}

async function verify(raw: string): Promise<Verdict[]> {
  const { results } = await dkimVerify(raw, { resolver });
  const signature = headersOf(raw).get('dkim-signature') ?? '';
  const signed = (/(?:^|;)\s*h=([^;]+)/.exec(signature)?.[1] ?? '').replace(/\s+/g, '').toLowerCase().split(':');
  return results.map((result) => ({ result: result.status.result, domain: result.signingDomain ?? '', signed }));
}

/** The fields every message has and a receiver needs signed: who, to whom, what, when, which. */
const ALWAYS_SIGNED = ['from', 'to', 'subject', 'date', 'message-id', 'mime-version', 'content-type'];

const subjectOf = (message: SunkMessage) => readMail(message.raw).subject;

describe('DKIM on every kind of mail', () => {
  let api: TestApi;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const settings = { smtpUrl: sink.url, smtpTimeoutSeconds: 30, dkim: DKIM };
    // The outbox's transport as the server makes it (server.ts), with the same settings.
    api = await makeApi('sqlite', { ...settings, newsletterRatePerSecond: 0, mailFrom: 'SIPA <no-reply@sipa.example.org>' }, configuredTransport(settings));
  });
  afterAll(async () => {
    await api?.close();
    await sink?.close();
  });

  test('the forms, the newsletter confirmation and welcome, staff codes, receipts and statements: each signed, each verified', async () => {
    const { app, services } = api;
    expect((await postJson(app, '/api/contact', VALID.contact)).status).toBe(201);
    expect((await postJson(app, '/api/volunteer-application', VALID.volunteer)).status).toBe(201);
    expect((await postJson(app, '/api/partnership-inquiry', VALID.partnership)).status).toBe(201);
    expect((await postJson(app, '/api/newsletter-signup', { email: 'lectrice@example.org', lang: 'fr' })).status).toBe(200);
    await services.mailer.settled();
    const confirm = await services.db.kysely.selectFrom('outbox').select('text_body').where('kind', '=', 'newsletter.confirm').executeTakeFirstOrThrow();
    const token = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(confirm.text_body)![0]).searchParams.get('token');
    expect((await postJson(app, '/api/newsletter/confirm', { token })).status).toBe(200);
    // The staff's and the donors' mails, made by their own templates, through the same outbox.
    const gift = { email: 'donor@example.org', receipt_number: 'SIPA-2026-000042', amount_cents: 5000, paid_at: '2026-03-02T15:00:00.000Z', kind: 'one-time' as const };
    const ids = await services.mailer.enqueue(services.db.kysely, [
      resetCodeMail('staff@example.org', '123456', 15),
      confirmationCodeMail('staff@example.org', '234567', 15),
      guessingMail('staff@example.org', 'amara', 10, 15),
      twoFactorCodeMail('staff@example.org', '345678', 3),
      receiptMail(gift, 'en'),
      statementMail(gift.email, 2026, [{ ...gift, refunded_cents: 0 }], 'fr'),
    ]);
    await services.mailer.deliver(ids);
    await services.mailer.settled();

    const rows = await services.db.kysely.selectFrom('outbox').select(['kind', 'sent_at']).execute();
    const kinds = new Set(rows.map((row) => row.kind));
    for (const kind of ['newsletter.confirm', 'newsletter.welcome', 'staff.reset-code', 'staff.confirmation-code', 'staff.sign-in-guessing', 'staff.two-factor-code', 'donation.receipt']) {
      expect(kinds, kind).toContain(kind);
    }
    expect(rows.every((row) => row.sent_at)).toBe(true);
    expect(sink.messages).toHaveLength(rows.length);

    let withListHeaders = 0;
    for (const message of sink.messages) {
      const verdicts = await verify(message.raw);
      expect(verdicts.map((v) => [v.result, v.domain]), subjectOf(message)).toEqual([['pass', 'sipa.example.org']]);
      const [{ signed }] = verdicts as [Verdict];
      expect(signed, subjectOf(message)).toEqual(expect.arrayContaining(ALWAYS_SIGNED));
      const headers = headersOf(message.raw);
      for (const name of ['list-unsubscribe', 'list-unsubscribe-post', 'reply-to', 'auto-submitted']) {
        if (headers.has(name)) expect(signed, `${name} of "${subjectOf(message)}"`).toContain(name);
      }
      if (headers.has('list-unsubscribe-post')) withListHeaders += 1;
    }
    // The confirmation and the welcome carry the one-click headers.
    expect(withListHeaders).toBe(2);
  });

  test('a message whose List-Unsubscribe-Post was changed on the way fails verification', async () => {
    const confirmation = sink.messages.find((message) => headersOf(message.raw).has('list-unsubscribe-post'));
    expect(confirmation).toBeDefined();
    const forged = confirmation!.raw.replace(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m, 'List-Unsubscribe-Post: List-Unsubscribe=Never');
    expect(forged).not.toBe(confirmation!.raw);
    expect((await verify(forged)).map((v) => v.result)).toEqual(['fail']);
  });

  test('a campaign to the French subscribers is signed, covers both list headers, and says it is in French', async () => {
    sink.messages.length = 0;
    const cookies = await staffCookies(api);
    expect((await sendNewsletter(api, { ...NEWSLETTER, audience: 'fr' }, cookies.admin)).status).toBe(200);
    await api.services.broadcast.runner.runOnce();
    const campaign = sink.messages.filter((message) => subjectOf(message) === NEWSLETTER.subject);
    expect(campaign.map((message) => message.to)).toEqual(['lectrice@example.org']);
    const [verdict] = await verify(campaign[0]!.raw);
    expect(verdict).toMatchObject({ result: 'pass', domain: 'sipa.example.org' });
    expect(verdict!.signed).toEqual(expect.arrayContaining([...ALWAYS_SIGNED, 'list-unsubscribe', 'list-unsubscribe-post', 'list-id']));
    const html = readMail(campaign[0]!.raw).html;
    expect(html).toMatch(/^<!doctype html>\r?\n<html lang="fr">/);
    // The footer is in the campaign's own language: no second lang attribute for it.
    expect(html).not.toContain('<div lang=');
  });
});

describe('DKIM from the server process, as `npm start` and the service unit run it', () => {
  test('a mail waiting in the outbox is signed when the server delivers it, with the key from DKIM_*', async () => {
    const sink = await startSmtpSink();
    // No transport here: the mail stays in the outbox until the server process takes it.
    const api = await makeApi('sqlite');
    try {
      await api.services.mailer.enqueue(api.services.db.kysely, [resetCodeMail('staff@example.org', '456789', 15)]);
      const arrived = new Promise<void>((resolve) => (sink.onArrival = () => resolve()));
      const server = startServerProcess(api, sink, Number(process.env.SERVER_TEST_PORT ?? 4621) + 60, {
        MAIL_FROM: 'SIPA <no-reply@sipa.example.org>',
        DKIM_DOMAIN: DKIM.domainName,
        DKIM_SELECTOR: DKIM.keySelector,
        // One line in an env file: \n stands for each line break (config.ts).
        DKIM_PRIVATE_KEY: privateKey.replace(/\n/g, '\\n'),
      });
      try {
        // The server delivers what is due as it starts; it exiting first is a failure, not a wait.
        await Promise.race([arrived, once(server, 'exit').then(([code]) => Promise.reject(new Error(`the server exited (${code}) before mailing`)))]);
        await expect.poll(() => sink.messages.length).toBe(1);
      } finally {
        await stopServerProcess(server, 'SIGTERM');
      }
      const [verdict] = await verify(sink.messages[0]!.raw);
      expect(verdict).toMatchObject({ result: 'pass', domain: 'sipa.example.org' });
    } finally {
      await api.close();
      await sink.close();
    }
  });
});
