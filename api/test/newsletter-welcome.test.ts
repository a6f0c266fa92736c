/**
 * The welcome mail, on both databases: a subscriber who confirms receives it once (a link opened
 * twice, two confirmations at once or a later re-subscription send no second one), in the language
 * they signed up in, in the campaign template with the footer and unsubscribe link in that
 * language, through the outbox to a real SMTP peer. Administrators write the text per language
 * (the default until they do); everyone else is refused.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { describeBackends, makeApi, postForm, postJson, type TestApi } from './helpers.ts';
import { staffCookies } from './broadcast-helpers.ts';
import { readMail } from './mail-reader.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const DEFAULTS = {
  en: {
    subject: 'Welcome to the SIPA newsletter',
    paragraphs: [
      'Thank you for confirming your subscription. You are now on the SIPA newsletter list.',
      'From time to time we will write to you about our programs for immigrant and refugee families, our coming events and the ways you can take part.',
      'To see what is happening now, visit https://sipa.example.org/',
      'We are glad to have you with us.',
    ],
    why: 'You receive this newsletter because you subscribed at sipa.example.org and confirmed your address.',
    unsubscribe: 'Unsubscribe',
    line: 'Unsubscribe: ',
  },
  fr: {
    subject: 'Bienvenue dans la lettre d’information de SIPA',
    paragraphs: [
      'Merci d’avoir confirmé votre abonnement. Vous recevrez désormais la lettre d’information de SIPA.',
      'De temps en temps, nous vous écrirons au sujet de nos programmes pour les familles immigrées et réfugiées, de nos prochains événements et des façons de participer.',
      'Pour voir ce qui se passe en ce moment, rendez-vous sur https://sipa.example.org/fr',
      'Nous sommes heureux de vous compter parmi nous.',
    ],
    why: 'Vous recevez cette lettre d’information parce que vous vous êtes abonné sur sipa.example.org et avez confirmé votre adresse.',
    unsubscribe: 'Se désabonner',
    line: 'Se désabonner : ',
  },
  sw: {
    subject: 'Karibu kwenye jarida la SIPA',
    paragraphs: [
      'Asante kwa kuthibitisha usajili wako. Sasa utapokea jarida la SIPA.',
      'Mara kwa mara tutakuandikia kuhusu programu zetu kwa familia za wahamiaji na wakimbizi, matukio yajayo na njia za kushiriki.',
      'Ili kuona kinachoendelea sasa, tembelea https://sipa.example.org/sw',
      'Tunafurahi kuwa nawe.',
    ],
    why: 'Unapokea jarida hili kwa sababu ulijiandikisha kwenye sipa.example.org na ukathibitisha anwani yako.',
    unsubscribe: 'Jiondoe',
    line: 'Jiondoe: ',
  },
} as const;
type Lang = keyof typeof DEFAULTS;

describeBackends('the welcome mail', (backend) => {
  let api: TestApi;
  let sink: SmtpSink;
  let cookies: { admin: string; member: string };
  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await makeApi(backend, { smtpUrl: sink.url });
    cookies = await staffCookies(api);
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
  });
  beforeEach(() => {
    sink.messages.length = 0;
  });

  /** Signs `email` up from a page in `lang`; returns the confirm token of its newest confirmation mail. */
  async function signUp(email: string, lang: Lang): Promise<string> {
    expect((await postJson(api.app, '/api/newsletter-signup', { email, lang })).status).toBe(200);
    const mail = await api.services.db.kysely
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('kind', '=', 'newsletter.confirm')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail.text_body)![0]).searchParams.get('token')!;
  }
  const confirm = (token: string) => postJson(api.app, '/api/newsletter/confirm', { token });
  const welcomes = (email: string) =>
    api.services.db.kysely.selectFrom('outbox').select(['subject', 'text_body', 'html_body']).where('to_address', '=', email).where('kind', '=', 'newsletter.welcome').execute();
  /** The newsletter mail (not the confirmation) the SMTP peer received for `email`, once every delivery started has finished. */
  async function received(email: string) {
    await api.services.mailer.settled();
    return sink.messages.filter((m) => m.to === email).map((m) => readMail(m.raw)).filter((mail) => mail.headers.has('list-id'));
  }
  const staff = (method: string, path: string, cookie: string | undefined, body?: unknown) =>
    api.app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test.each(Object.keys(DEFAULTS) as Lang[])('%s: confirming mails the default welcome in the language, in the template, with the footer in the language', async (lang) => {
    const email = `welcome.${lang}.${backend}@example.org`;
    const words = DEFAULTS[lang];
    expect((await confirm(await signUp(email, lang))).status).toBe(200);
    const mails = await received(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(words.subject);
    const link = /^<([^>]+)>/.exec(mail.headers.get('list-unsubscribe')!)![1]!;
    expect(link).toMatch(new RegExp(`^https://sipa\\.example\\.org/api/newsletter/unsubscribe\\?token=[^&]+${lang === 'en' ? '$' : `&lang=${lang}$`}`));
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The text part: the paragraphs (wrapped at 78 characters), then the footer in the language.
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text.replace(/([^\n])\n(?!\n)/g, '$1 ')).toContain(words.paragraphs.join('\n\n'));
    expect(text).toContain(`${words.paragraphs.at(-1)}\n\n-- \n${words.why}\n${words.line}${link}\nSIPA, 100 Example Street, Suite 200, Grapevine, TX 76051\n`);
    // The HTML part: the template (in the language), each paragraph, the footer in the language.
    expect(mail.html).toMatch(new RegExp(`^<!doctype html>\\r?\\n<html lang="${lang}">`));
    expect(mail.html).toContain('background:#1f3d33');
    expect(mail.html).toContain('<img src="https://sipa.example.org/apple-touch-icon.png"');
    for (const paragraph of words.paragraphs.slice(0, 2)) expect(mail.html).toContain(`<p>${paragraph.replace(/’/g, '’')}</p>`);
    expect(mail.html).toContain(`<p style="margin:0 0 8px">${words.why}</p>`);
    expect(mail.html).toContain(`style="color:#555555">${words.unsubscribe}</a>`);
    expect(mail.html).not.toContain('<div lang=');
  });

  test('one welcome per subscriber: the link opened twice, as JSON and as a form, two at once, or a later re-subscription', async () => {
    const email = `twice.${backend}@example.org`;
    const token = await signUp(email, 'fr');
    const [first, second] = await Promise.all([confirm(token), confirm(token)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await confirm(token)).status).toBe(200);
    expect((await postForm(api.app, '/api/newsletter/confirm', [['token', token]])).status).toBe(303);
    expect(await welcomes(email)).toHaveLength(1);
    expect(await received(email)).toHaveLength(1);
    // Unsubscribed, then signed up and confirmed again: already welcomed.
    const sub = await api.services.db.kysely.selectFrom('subscribers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const unsubscribe = await api.services.tokens.sign('unsubscribe', sub.id);
    expect((await postJson(api.app, '/api/newsletter/unsubscribe', { token: unsubscribe })).status).toBe(200);
    // As after the confirmation's resend cooldown: the new sign-up gets a new link.
    await api.services.db.kysely.deleteFrom('mail_cooldowns').execute();
    expect((await confirm(await signUp(email, 'fr'))).status).toBe(200);
    expect((await api.services.db.kysely.selectFrom('subscribers').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status).toBe('confirmed');
    expect(await welcomes(email)).toHaveLength(1);
  });

  test('staff write the Swahili welcome: Swahili subscribers receive it, the others keep the default; Use the default brings it back', async () => {
    const before = (await (await staff('GET', '/api/newsletter-welcome', cookies.admin)).json()) as { welcome: Record<Lang, { subject: string; body: string; custom: boolean }> };
    expect(before.welcome.sw).toEqual({ subject: DEFAULTS.sw.subject, body: DEFAULTS.sw.paragraphs.join('\n\n'), custom: false, updatedBy: null, updatedAt: null });
    const written = { subject: 'Karibu sana, rafiki!', body: 'Tunafurahi sana.\n\nWarsha yetu ijayo ni Jumamosi: https://sipa.example.org/sw/events' };
    const saved = await staff('PUT', '/api/newsletter-welcome/sw', cookies.admin, written);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ...written, custom: true, updatedBy: 'Director' });

    const sw = `swahili.${backend}@example.org`;
    const en = `english.${backend}@example.org`;
    expect((await confirm(await signUp(sw, 'sw'))).status).toBe(200);
    expect((await confirm(await signUp(en, 'en'))).status).toBe(200);
    const [swMail] = await received(sw);
    expect(swMail!.subject).toBe('Karibu sana, rafiki!');
    expect(swMail!.html).toContain('<p>Tunafurahi sana.</p>\n<p>Warsha yetu ijayo ni Jumamosi: <a href="https://sipa.example.org/sw/events" rel="noopener">https://sipa.example.org/sw/events</a></p>'.replace(/\n/g, '\r\n'));
    expect(swMail!.text).toContain('Tunafurahi sana.\r\n\r\nWarsha yetu ijayo ni Jumamosi: https://sipa.example.org/sw/events\r\n\r\n-- \r\n' + DEFAULTS.sw.why);
    const [enMail] = await received(en);
    expect(enMail!.subject).toBe(DEFAULTS.en.subject);

    const reset = await staff('DELETE', '/api/newsletter-welcome/sw', cookies.admin);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ subject: DEFAULTS.sw.subject, body: DEFAULTS.sw.paragraphs.join('\n\n'), custom: false, updatedBy: null, updatedAt: null });
  });

  test('only administrators read or write it; bad input is refused with the field and nothing is stored', async () => {
    const text = { subject: 'Hello', body: 'Welcome.' };
    for (const cookie of [undefined, cookies.member]) {
      const status = cookie ? 403 : 401;
      expect((await staff('GET', '/api/newsletter-welcome', cookie)).status).toBe(status);
      expect((await staff('PUT', '/api/newsletter-welcome/en', cookie, text)).status).toBe(status);
      expect((await staff('DELETE', '/api/newsletter-welcome/en', cookie)).status).toBe(status);
    }
    const refused: Array<[unknown, string, string]> = [
      [{ subject: ' ', body: 'Welcome.' }, 'subject', 'Subject is required'],
      [{ subject: 'Hello\r\nBcc: x@example.org', body: 'Welcome.' }, 'subject', 'Subject must be one line, without line breaks or tabs'],
      [{ subject: 'Hello', body: '' }, 'body', 'Message is required'],
      [{ subject: 'Hello', body: 'x'.repeat(8001) }, 'body', 'This is too long'],
      [{ subject: 'Hello', body: '<script>alert(1)</script>' }, 'body', 'Message has nothing left to send once scripts, forms and frames are removed'],
    ];
    for (const [body, path, message] of refused) {
      const response = await staff('PUT', '/api/newsletter-welcome/en', cookies.admin, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { issues: Array<{ path: string; message: string }> }).issues[0]).toEqual({ path, message });
    }
    expect((await staff('PUT', '/api/newsletter-welcome/de', cookies.admin, text)).status).toBe(404);
    expect(await api.services.db.kysely.selectFrom('newsletter_welcome').selectAll().where('lang', '=', 'en').execute()).toEqual([]);
  });
});
