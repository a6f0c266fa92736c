/**
 * A newsletter in the subscriber's language all the way: people who sign up on the French or
 * Swahili site and confirm receive each broadcast with its footer in their language, and its
 * unsubscribe link opens the unsubscribe page in that language. The campaign's own text is the
 * staff's, as written. Read as received by a real SMTP peer.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeBackends, makeApi, postJson, type TestApi } from './helpers.ts';
import { NEWSLETTER, sendNewsletter, staffCookies } from './broadcast-helpers.ts';
import { readMail, type ReadMail } from './mail-reader.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const FOOTERS = {
  en: {
    why: 'You receive this newsletter because you subscribed at sipa.example.org and confirmed your address.',
    unsubscribe: 'Unsubscribe',
    line: 'Unsubscribe: ',
    page: '/newsletter/unsubscribe',
  },
  fr: {
    why: 'Vous recevez cette lettre d’information parce que vous vous êtes abonné sur sipa.example.org et avez confirmé votre adresse.',
    unsubscribe: 'Se désabonner',
    line: 'Se désabonner : ',
    page: '/fr/newsletter/unsubscribe',
  },
  sw: {
    why: 'Unapokea jarida hili kwa sababu ulijiandikisha kwenye sipa.example.org na ukathibitisha anwani yako.',
    unsubscribe: 'Jiondoe',
    line: 'Jiondoe: ',
    page: '/sw/newsletter/unsubscribe',
  },
} as const;
type Lang = keyof typeof FOOTERS;
const LANGS = Object.keys(FOOTERS) as Lang[];

/** Signs `email` up from a page in `lang` and confirms it with the link of the confirmation mail. */
async function subscribe(api: TestApi, email: string, lang: Lang) {
  expect((await postJson(api.app, '/api/newsletter-signup', { email, lang })).status).toBe(200);
  const mail = await api.services.db.kysely
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('kind', '=', 'newsletter.confirm')
    .executeTakeFirstOrThrow();
  const token = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail.text_body)![0]).searchParams.get('token');
  expect((await postJson(api.app, '/api/newsletter/confirm', { token })).status).toBe(200);
}

describeBackends('a newsletter in the language each subscriber signed up in', (backend) => {
  let api: TestApi;
  let sink: SmtpSink;
  let cookies: { admin: string };
  const received = new Map<Lang, ReadMail>();
  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await makeApi(backend, { smtpUrl: sink.url, newsletterRatePerSecond: 0 });
    cookies = await staffCookies(api);
    for (const lang of LANGS) await subscribe(api, `reader.${lang}@example.org`, lang);
    expect((await sendNewsletter(api, NEWSLETTER, cookies.admin)).status).toBe(200);
    await api.services.broadcast.runner.runOnce();
    // The campaign by its subject, not by arriving last: a reader's confirmation or welcome mail
    // goes out through the outbox at its own pace and can arrive after the campaign.
    for (const message of sink.messages) {
      const lang = /^reader\.(\w+)@/.exec(message.to)?.[1] as Lang | undefined;
      const mail = readMail(message.raw);
      if (!lang || mail.subject !== NEWSLETTER.subject) continue;
      expect(received.has(lang), `${message.to} received the campaign twice`).toBe(false);
      received.set(lang, mail);
    }
    expect([...received.keys()].sort()).toEqual([...LANGS].sort());
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
  });

  test.each(LANGS)('%s: the footer is in the language, in both parts, after the staff’s text', (lang) => {
    const mail = received.get(lang)!;
    const footer = FOOTERS[lang];
    const link = /^<([^>]+)>/.exec(mail.headers.get('list-unsubscribe')!)![1]!;
    expect(mail.text).toContain(`${NEWSLETTER.body_text}\n\n-- \n${footer.why}\n${footer.line}${link}\nSIPA, 100 Example Street, Suite 200, Grapevine, TX 76051\n`.replace(/\n/g, '\r\n'));
    expect(mail.html).toContain(`<p style="margin:0 0 8px">${footer.why}</p>`);
    expect(mail.html).toContain(`style="color:#555555">${footer.unsubscribe}</a>`);
    if (lang !== 'en') {
      expect(mail.html).toContain(`<div lang="${lang}" style=`);
      expect(mail.text).not.toContain(FOOTERS.en.why);
      expect(mail.text).not.toContain(FOOTERS.en.line);
    }
  });

  test.each(LANGS)('%s: the unsubscribe link opens the unsubscribe page in the language', async (lang) => {
    const link = new URL(/^<([^>]+)>/.exec(received.get(lang)!.headers.get('list-unsubscribe')!)![1]!);
    const opened = await api.app.request(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(303);
    const page = new URL(opened.headers.get('location')!, 'https://sipa.example.org');
    expect(page.pathname).toBe(FOOTERS[lang].page);
    expect(page.searchParams.get('token')).toBe(link.searchParams.get('token'));
  });

  test('an import that names a person’s language sends their confirmation in it; an unknown language is refused', async () => {
    const file = ['email,confirmed,language', 'imported.fr@example.org,,fr', 'imported.sw@example.org,,SW', 'imported.en@example.org', 'imported.xx@example.org,,de', ''].join('\r\n');
    const response = await api.app.request('/api/subscribers/import', { method: 'POST', headers: { cookie: cookies.admin, 'content-type': 'text/csv' }, body: file });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ pending: 3, rejected: [{ line: 5, value: 'imported.xx@example.org', reason: 'The language is not one of en, fr, sw' }] });
    const confirmations = await api.services.db.kysely
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('to_address', 'like', 'imported.%')
      .where('kind', '=', 'newsletter.confirm')
      .orderBy('to_address')
      .execute();
    expect(confirmations.map((mail) => [mail.to_address, mail.subject, /https:\/\/\S+\/newsletter\/confirm/.exec(mail.text_body)![0]])).toEqual([
      ['imported.en@example.org', 'Please confirm your subscription to the SIPA newsletter', 'https://sipa.example.org/newsletter/confirm'],
      ['imported.fr@example.org', 'Merci de confirmer votre abonnement à la lettre d’information de SIPA', 'https://sipa.example.org/fr/newsletter/confirm'],
      ['imported.sw@example.org', 'Tafadhali thibitisha usajili wako wa jarida la SIPA', 'https://sipa.example.org/sw/newsletter/confirm'],
    ]);
    const langs = await api.services.db.kysely.selectFrom('subscribers').select(['email', 'lang']).where('email', 'like', 'imported.%').orderBy('email').execute();
    expect(langs).toEqual([
      { email: 'imported.en@example.org', lang: 'en' },
      { email: 'imported.fr@example.org', lang: 'fr' },
      { email: 'imported.sw@example.org', lang: 'sw' },
    ]);
  });
});
