/**
 * The public forms in French and Swahili, end to end through the API: the stored row records the
 * language, the answer (success, 400 message and field issues, a plain form post's result page)
 * is in it, and the acknowledgement and newsletter confirmation reach a real SMTP peer in it,
 * with links to the pages in that language. The expected words are the catalogues' texts,
 * written out here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { VALID, describeBackends, makeApi, postForm, postJson, type TestApi } from './helpers.ts';
import { readMail } from './mail-reader.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const NBSP = '\u00a0';

interface Expected {
  invalid: string;
  required: string;
  email: string;
  answers: { contact: string; volunteer: string; partnership: string; newsletter: string };
  subjects: { contact: string; volunteer: string; partnership: string; newsletter: string };
  /** A line of each acknowledgement's text. */
  bodies: { contact: string[]; volunteer: string[]; partnership: string[]; newsletter: string[] };
  confirmed: string;
}

const EXPECTED: Record<'fr' | 'sw', Expected> = {
  fr: {
    invalid: 'Veuillez vérifier les champs signalés et réessayer.',
    required: 'Ce champ est obligatoire',
    email: 'Veuillez saisir une adresse e-mail valide',
    answers: {
      contact: `Merci pour votre message${NBSP}! Nous vous répondrons bientôt.`,
      volunteer: `Merci pour votre candidature de bénévole chez SIPA${NBSP}! Notre coordinateur des bénévoles vous contactera dans les 5 jours ouvrés.`,
      partnership: `Merci de votre intérêt pour un partenariat avec SIPA${NBSP}! Notre équipe chargée des partenariats d’entreprise vous contactera dans les 2 jours ouvrés.`,
      newsletter: `C’est presque fini${NBSP}! Ouvrez votre boîte de réception${NBSP}: vous y trouverez un lien pour confirmer votre abonnement.`,
    },
    subjects: {
      contact: 'SIPA a bien reçu votre message',
      volunteer: 'Merci pour votre candidature de bénévole chez SIPA',
      partnership: 'Votre demande de partenariat avec SIPA',
      newsletter: 'Merci de confirmer votre abonnement à la lettre d’information de SIPA',
    },
    bodies: {
      contact: ['Bonjour Amara,', `Merci pour votre message${NBSP}! Nous vous répondrons bientôt. Horaires du bureau${NBSP}: Du lundi au vendredi, de 9${NBSP}h à 17${NBSP}h, fermé le week-end.`, 'Si vous voulez ajouter quelque chose, répondez à cet e-mail.'],
      volunteer: ['Bonjour Kofi,', `Merci pour votre candidature de bénévole chez SIPA${NBSP}! Notre coordinateur des bénévoles vous contactera dans les 5 jours ouvrés.`],
      partnership: ['Bonjour Dana,', 'Merci de votre intérêt pour un partenariat avec SIPA. Notre équipe chargée des partenariats d’entreprise vous contactera dans les 2 jours ouvrés.'],
      newsletter: ['Bonjour,', `Quelqu’un (vous, nous l’espérons) a demandé à recevoir la lettre d’information de SIPA à cette adresse. Pour confirmer, ouvrez ce lien${NBSP}:`],
    },
    confirmed: `Votre abonnement est confirmé. Bienvenue parmi nous${NBSP}!`,
  },
  sw: {
    invalid: 'Tafadhali angalia sehemu zilizowekwa alama kisha ujaribu tena.',
    required: 'Sehemu hii inahitajika',
    email: 'Tafadhali andika barua pepe sahihi',
    answers: {
      contact: 'Asante kwa ujumbe wako! Tutakujibu hivi karibuni.',
      volunteer: 'Asante kwa kuomba kujitolea na SIPA! Mratibu wetu wa wajitolea atawasiliana nawe ndani ya siku 5 za kazi.',
      partnership: 'Asante kwa kutaka kushirikiana na SIPA! Timu yetu ya ushirikiano na makampuni itawasiliana nawe ndani ya siku 2 za kazi.',
      newsletter: 'Umekaribia kumaliza! Angalia barua pepe yako. Tumekutumia kiungo cha kuthibitisha usajili wako.',
    },
    subjects: {
      contact: 'SIPA imepokea ujumbe wako',
      volunteer: 'Asante kwa kuomba kujitolea na SIPA',
      partnership: 'Ombi lako la ushirikiano na SIPA',
      newsletter: 'Tafadhali thibitisha usajili wako wa jarida la SIPA',
    },
    bodies: {
      contact: ['Habari Amara,', 'Asante kwa ujumbe wako! Tutakujibu hivi karibuni. Saa za kazi za ofisi yetu: Jumatatu hadi Ijumaa 9:00 asubuhi hadi 5:00 jioni, tumefungwa Jumamosi na Jumapili.', 'Ukitaka kuongeza jambo, jibu barua pepe hii.'],
      volunteer: ['Habari Kofi,', 'Asante kwa kuomba kujitolea na SIPA! Mratibu wetu wa wajitolea atawasiliana nawe ndani ya siku 5 za kazi.'],
      partnership: ['Habari Dana,', 'Asante kwa kutaka kushirikiana na SIPA. Timu yetu ya ushirikiano na makampuni itawasiliana nawe ndani ya siku 2 za kazi.'],
      newsletter: ['Habari,', 'Mtu fulani (tunatumaini ni wewe) ameomba kupokea jarida la SIPA kwa anwani hii. Ili kuthibitisha, fungua kiungo hiki:'],
    },
    confirmed: 'Usajili wako umethibitishwa. Karibu sana!',
  },
};

const FORMS = {
  contact: { path: '/api/contact', table: 'contact_messages', body: VALID.contact, thanks: '/contact/thanks' },
  volunteer: { path: '/api/volunteer-application', table: 'volunteer_applications', body: VALID.volunteer, thanks: '/get-involved/thanks' },
  partnership: { path: '/api/partnership-inquiry', table: 'partnership_inquiries', body: VALID.partnership, thanks: '/corporate/thanks' },
  newsletter: { path: '/api/newsletter-signup', table: 'subscribers', body: VALID.newsletter, thanks: '/newsletter/thanks' },
} as const;
type Form = keyof typeof FORMS;

describeBackends('forms in French and Swahili', (backend) => {
  let api: TestApi;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await makeApi(backend, { smtpUrl: sink.url });
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
  });
  beforeEach(() => {
    sink.messages.length = 0;
  });

  /** The one mail the peer received for `to`, read. */
  async function mailTo(to: string) {
    await api.services.mailer.settled();
    const received = sink.messages.filter((message) => message.to === to);
    expect(received).toHaveLength(1);
    return readMail(received[0]!.raw);
  }

  describe.each(['fr', 'sw'] as const)('%s', (lang) => {
    const expected = EXPECTED[lang];

    test.each(Object.keys(FORMS) as Form[])('%s: the row records the language, the answer and the mail are in it', async (form) => {
      const { path, table, body } = FORMS[form];
      const email = `${form}.${lang}.${backend}@example.org`;
      const response = await postJson(api.app, path, { ...body, email, lang });
      expect(response.status).toBe(form === 'newsletter' ? 200 : 201);
      expect(await response.json()).toEqual({ message: expected.answers[form] });

      const row = await api.services.db.kysely.selectFrom(table).select('lang').where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.lang).toBe(lang);

      const mail = await mailTo(email);
      expect(mail.subject).toBe(expected.subjects[form]);
      for (const line of expected.bodies[form]) expect(mail.text).toContain(line);
      expect(mail.html).toContain(`<html lang="${lang}">`);
      if (form === 'newsletter') {
        const link = new RegExp(`${api.services.config.siteUrl}/${lang}/newsletter/confirm\\?token=[^\\s#]+#ready`);
        expect(mail.text).toMatch(link);
        expect(mail.headers.get('list-unsubscribe')).toMatch(new RegExp(`/api/newsletter/unsubscribe\\?token=[^>]+&lang=${lang}>$`));
      }
      // Staff read the notice in English, told which language to answer in.
      const notice = readMail(sink.messages.find((message) => message.to === api.services.config.staffMailbox)!.raw);
      expect(notice.text).toContain(`The sender used the site in ${lang === 'fr' ? 'Français' : 'Kiswahili'} (${lang}): reply in that language if you can.`);
    });

    test.each(Object.keys(FORMS) as Form[])('%s: a refused submission is answered in the language and stores nothing', async (form) => {
      const { path, table, body } = FORMS[form];
      const before = await api.services.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const response = await postJson(api.app, path, { ...body, email: 'not-an-email', lang });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { message: string; issues: Array<{ path: string; message: string }> };
      expect(answer.message).toBe(expected.invalid);
      expect(answer.issues).toContainEqual({ path: 'email', message: expected.email });
      const after = await api.services.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    test.each(Object.keys(FORMS) as Form[])('%s: a plain form post goes on to the result pages in the language', async (form) => {
      const { path, thanks } = FORMS[form];
      const ok = await postForm(api.app, path, [
        ...Object.entries({ ...FORMS[form].body, email: `plain.${form}.${lang}.${backend}@example.org` }).flatMap(([name, value]) =>
          Array.isArray(value) ? value.map((item): [string, string] => [name, item]) : [[name, String(value)] as [string, string]],
        ),
        ['lang', lang],
      ]);
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toBe(`/${lang}${thanks}`);
      const bad = await postForm(api.app, path, [['email', 'nope'], ['lang', lang]]);
      expect(bad.status).toBe(303);
      expect(bad.headers.get('location')).toBe(`/${lang}/form-error?form=${form}#invalid`);
    });

    test('a required field left empty is named in the language', async () => {
      const response = await postJson(api.app, '/api/contact', { ...VALID.contact, name: '  ', lang });
      expect(await response.json()).toEqual({ message: expected.invalid, issues: [{ path: 'name', message: expected.required }] });
    });

    test('the confirmation link opens the page in the language, and confirming answers in it', async () => {
      const email = `confirm.${lang}.${backend}@example.org`;
      await postJson(api.app, '/api/newsletter-signup', { email, lang });
      const mail = await mailTo(email);
      const token = /\/newsletter\/confirm\?token=([^\s#]+)/.exec(mail.text)![1]!;
      // The page's button posts the token; the answer follows the subscriber's language.
      const json = await postJson(api.app, '/api/newsletter/confirm', { token });
      expect(await json.json()).toEqual({ message: expected.confirmed, status: 'confirmed' });
      const plain = await postForm(api.app, '/api/newsletter/confirm', [['token', token]]);
      expect(plain.headers.get('location')).toBe(`/${lang}/newsletter/confirm?status=done#done`);
      // The unsubscribe link in the mail's header, opened in a browser, shows the page in the language.
      const unsubscribe = new URL(/<([^>]+)>/.exec(mail.headers.get('list-unsubscribe')!)![1]!);
      const opened = await api.app.request(`${unsubscribe.pathname}${unsubscribe.search}`);
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toMatch(new RegExp(`^/${lang}/newsletter/unsubscribe\\?token=[^#]+#ready$`));
    });
  });

  test('a language the site does not have is refused; no language is English', async () => {
    const refused = await postJson(api.app, '/api/contact', { ...VALID.contact, lang: 'de' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: 'Please check the highlighted fields and try again.',
      issues: [{ path: 'lang', message: 'Please choose from the listed options' }],
    });
    const email = `plain.en.${backend}@example.org`;
    const response = await postJson(api.app, '/api/contact', { ...VALID.contact, email });
    expect(await response.json()).toEqual({ message: 'Thank you for your message! We will get back to you soon.' });
    const row = await api.services.db.kysely.selectFrom('contact_messages').select('lang').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.lang).toBe('en');
    expect((await mailTo(email)).subject).toBe('We received your message to SIPA');
  });

  test('before the body is read, the answer follows the language of the page that sent it', async () => {
    const response = await api.app.request('/api/contact', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain', referer: `${api.services.config.siteUrl}/fr/contact` },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: 'Veuillez envoyer le formulaire en JSON ou comme un formulaire normal.' });
  });
});
