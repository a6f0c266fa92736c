/**
 * Registration for events on both databases: places and the waiting list (first come, first
 * served), the confirmation with its .ics and cancel link, a cancel that moves the next family in
 * within the same transaction and tells them, a link that works once and for its registration
 * only, duplicates as one, validated input in the visitor's language, registration closed once
 * the event has begun, the day-before reminder on the product's clock, and the last place taken
 * by concurrent requests (through two API instances on PostgreSQL) given to one of them only.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { createApp, createServices, closeServices } from '../src/app.ts';
import { sendDueReminders } from '../src/events/reminders.ts';
import { describeBackends, describePostgres, freshConfig, makeApi, postForm, postJson, type TestApi } from './helpers.ts';

/** Tax Season Prep Workshop: 12 places, Saturday 6 February 2027 at 10:00 CT. */
const WORKSHOP = 'tax-season-prep-workshop';
/** Youth Leadership Summit: 60 places, 23 January 2027. */
const SUMMIT = 'youth-leadership-summit';
const BEFORE = new Date('2026-11-21T12:00:00-06:00');

const family = (email: string, party: number, extra: Record<string, unknown> = {}) => ({
  event: WORKSHOP,
  name: 'Amani Mwangi',
  email,
  party,
  mailLang: 'sw',
  needs: ['interpreter'],
  lang: 'sw',
  // The summit asks how old the young person is (required): "16 to 18".
  ...(extra.event === SUMMIT ? { answers: { 'age-group': '0' } } : {}),
  ...extra,
});

describeBackends('event registration', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend);
  });
  afterAll(() => api.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE);
  });
  afterEach(() => vi.useRealTimers());

  const outbox = (to: string) => api.services.db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();
  const places = async (event: string) => (await (await api.app.request(`/api/event-registrations/places?event=${event}`)).json()) as { capacity: number; left: number; waiting: number; open: boolean };
  const linkToken = (text: string, page: string) => new RegExp(`${page}\\?token=([^#\\s]+)#ready`).exec(text)?.[1];

  test('a family takes places, the next is put on the waiting list, a cancel from the mail moves them in and tells them', async () => {
    expect(await places(WORKSHOP)).toEqual({ capacity: 12, left: 12, waiting: 0, open: true });
    expect((await postJson(api.app, '/api/event-registrations', family('first@example.org', 7))).status).toBe(201);
    expect((await places(WORKSHOP)).left).toBe(5);

    const first = await postJson(api.app, '/api/event-registrations', family('okafor@example.org', 4, { needs: ['interpreter', 'childcare'] }));
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ status: 'confirmed', message: 'Umesajiliwa! Tumekutumia uthibitisho kwa barua pepe wenye maelezo, faili ya kalenda na kiungo cha kughairi ikiwa hutaweza kuja.' });
    const [confirmation] = await outbox('okafor@example.org');
    expect(confirmation!.subject).toBe('Umesajiliwa: Warsha ya Kujiandaa kwa Msimu wa Kodi');
    expect(confirmation!.text_body).toContain('Watu: 4');
    expect(confirmation!.text_body).toContain('Tutaandaa: Mkalimani, Uangalizi wa watoto.');
    expect(confirmation!.text_body).toContain('Jumamosi, 6 Februari 2027');
    const [ics] = JSON.parse(confirmation!.attachments!) as Array<{ filename: string; contentType: string; content: string }>;
    expect(ics!.filename).toBe(`${WORKSHOP}.ics`);
    expect(ics!.content).toContain('DTSTART:20270206T160000Z');
    const cancelToken = linkToken(confirmation!.text_body, '/sw/events/cancel');
    expect(cancelToken).toBeTruthy();

    const second = await postJson(api.app, '/api/event-registrations', family('second@example.org', 4, { mailLang: 'fr' }));
    expect(await second.json()).toEqual({ status: 'waiting', position: 1, message: 'Tukio limejaa, kwa hiyo uko kwenye orodha ya kusubiri: nambari 1. Tutakutumia barua pepe mara nafasi zitakapopatikana kwako.' });
    const [waiting] = await outbox('second@example.org');
    expect(waiting!.subject).toBe('Liste d’attente : Atelier pour préparer la saison des impôts');
    expect(await places(WORKSHOP)).toMatchObject({ left: 1, waiting: 1 });

    const cancelled = await postJson(api.app, '/api/event-registrations/cancel?lang=sw', { token: cancelToken });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ message: 'Usajili wako umeghairiwa. Asante kwa kutujulisha: nafasi zako zinakwenda kwa familia inayofuata inayosubiri.' });
    expect(await places(WORKSHOP)).toMatchObject({ left: 1, waiting: 0 });
    const promoted = (await outbox('second@example.org'))[1]!;
    expect(promoted.kind).toBe('event.promoted');
    expect(promoted.subject).toBe('Une place s’est libérée : vous êtes inscrit à Atelier pour préparer la saison des impôts');
    expect(promoted.attachments).toContain('BEGIN:VCALENDAR');

    // The link worked once.
    const again = await postJson(api.app, '/api/event-registrations/cancel?lang=sw', { token: cancelToken });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe('Kiungo hiki cha kughairi si halali au kimeshatumika.');
  });

  test('the same address twice is one registration, mailed once; a party larger than the event is refused', async () => {
    await postJson(api.app, '/api/event-registrations', family('twice@example.org', 2, { event: SUMMIT }));
    const again = await postJson(api.app, '/api/event-registrations', family('TWICE@example.org', 3, { event: SUMMIT }));
    expect((await again.json()).status).toBe('confirmed');
    const rows = await api.services.db.kysely.selectFrom('event_registrations').select(['party']).where('email', '=', 'twice@example.org').execute();
    expect(rows).toEqual([{ party: 2 }]);
    expect(await outbox('twice@example.org')).toHaveLength(1);
    const tooLarge = await postJson(api.app, '/api/event-registrations', family('big@example.org', 10, { event: 'tax-season-prep-workshop', party: 13 }));
    expect(tooLarge.status).toBe(400);
    expect((await tooLarge.json()).issues).toEqual([{ path: 'party', message: 'Tafadhali andika idadi ya watu watakaokuja, kuanzia 1 hadi 10' }]);
  });

  test('bad input is refused in the visitor’s language and stores nothing; unknown and past events take no registration', async () => {
    const before = await api.services.db.kysely.selectFrom('event_registrations').select('id').execute();
    const bad = await postJson(api.app, '/api/event-registrations', { event: WORKSHOP, name: '', email: 'not-an-address', party: 0, mailLang: 'de', lang: 'fr' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues).toEqual([
      { path: 'name', message: 'Ce champ est obligatoire' },
      { path: 'email', message: 'Veuillez saisir une adresse e-mail valide' },
      { path: 'party', message: 'Indiquez combien de personnes viennent, de 1 à 10' },
      { path: 'mailLang', message: 'Veuillez choisir parmi les options proposées' },
    ]);
    const unknown = await postJson(api.app, '/api/event-registrations', family('x@example.org', 1, { event: 'community-health-fair', lang: 'en' }));
    expect((await unknown.json()).issues).toEqual([{ path: 'event', message: 'This event does not take registrations here' }]);
    vi.setSystemTime(new Date('2027-02-06T10:00:00-06:00'));
    const late = await postJson(api.app, '/api/event-registrations', family('late@example.org', 1));
    expect((await late.json()).issues).toEqual([{ path: 'event', message: 'Usajili wa tukio hili umefungwa' }]);
    expect((await places(WORKSHOP)).open).toBe(false);
    expect(await api.services.db.kysely.selectFrom('event_registrations').select('id').execute()).toEqual(before);
  });

  test('the plain form is answered with the result pages in the visitor’s language', async () => {
    const fields = (email: string, party: string): Array<[string, string]> => [['event', SUMMIT], ['name', 'Jean Mbala'], ['email', email], ['party', party], ['mailLang', 'fr'], ['needs', 'wheelchair'], ['answers.age-group', '1'], ['answers.school', 'Collège Tarrant'], ['lang', 'fr']];
    const ok = await postForm(api.app, '/api/event-registrations', fields('form@example.org', '2'));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/fr/events/registered');
    const row = await api.services.db.kysely.selectFrom('event_registrations').select('answers').where('email', '=', 'form@example.org').executeTakeFirstOrThrow();
    expect(JSON.parse(row.answers)).toEqual([
      { id: 'age-group', question: 'How old is the young person coming?', answer: '19 to 21' },
      { id: 'school', question: 'Which school or college do you go to?', answer: 'Collège Tarrant' },
    ]);
    const bad = await postForm(api.app, '/api/event-registrations', fields('form2@example.org', 'douze'));
    expect(bad.headers.get('location')).toBe('/fr/form-error?form=event#invalid');
  });

  test('the event’s own questions: required ones asked, choices kept to the list, answers in the mail in the registrant’s language and in English for staff', async () => {
    const summit = (email: string, answers: unknown, extra: Record<string, unknown> = {}) => postJson(api.app, '/api/event-registrations', family(email, 1, { event: SUMMIT, answers, ...extra }));
    const issues = async (response: Response | Promise<Response>) => {
      const answer = await response;
      expect(answer.status).toBe(400);
      return ((await answer.json()) as { issues: unknown }).issues;
    };
    expect(await issues(summit('q1@example.org', {}))).toEqual([{ path: 'answers.age-group', message: 'Sehemu hii inahitajika' }]);
    expect(await issues(summit('q1@example.org', { 'age-group': '  ' }, { lang: 'fr' }))).toEqual([{ path: 'answers.age-group', message: 'Ce champ est obligatoire' }]);
    expect(await issues(summit('q1@example.org', { 'age-group': '3' }, { lang: 'en' }))).toEqual([{ path: 'answers.age-group', message: 'Please choose from the listed options' }]);
    expect(await issues(summit('q1@example.org', { 'age-group': '0', meal: 'Pizza' }, { lang: 'en' }))).toEqual([{ path: 'answers.meal', message: 'Please choose from the listed options' }]);
    expect(await issues(summit('q1@example.org', { 'age-group': '0', 'shoe-size': '42' }, { lang: 'en' }))).toEqual([{ path: 'answers.shoe-size', message: 'This field is not part of the form' }]);
    expect(await issues(summit('q1@example.org', { 'age-group': '0', school: 'x'.repeat(301) }, { lang: 'en' }))).toEqual([{ path: 'answers.school', message: 'This is too long' }]);
    // A control character is refused by the input guard, before the schema, at the top-level field.
    expect(await issues(summit('q1@example.org', { 'age-group': '0', school: 'Lyc\u0000ée' }, { lang: 'en' }))).toEqual([{ path: 'answers', message: expect.any(String) }]);
    expect(await issues(summit('q1@example.org', ['0'], { lang: 'en' }))).toEqual([{ path: 'answers', message: 'This field is not part of the form' }]);
    // A question of another event is not this event's.
    expect(await issues(postJson(api.app, '/api/event-registrations', family('q1@example.org', 1, { answers: { 'age-group': '0' }, lang: 'en' })))).toEqual([{ path: 'answers.age-group', message: 'This field is not part of the form' }]);
    expect(await api.services.db.kysely.selectFrom('event_registrations').select('id').where('email', '=', 'q1@example.org').execute()).toEqual([]);

    expect((await summit('q-fr@example.org', { 'age-group': '2', meal: '1', school: 'Lycée de Grapevine' }, { mailLang: 'fr' })).status).toBe(201);
    const [french] = await outbox('q-fr@example.org');
    expect(french!.text_body).toContain('Vos réponses :\nQuel âge a le jeune qui vient\u00a0? 22 à 24 ans\nLe déjeuner est offert. Faut-il un repas particulier\u00a0? Végétarien');
    // What was typed is not mailed back: the form cannot send anyone a text of someone else's.
    expect(french!.text_body).not.toContain('Lycée de Grapevine');
    expect(french!.html_body).toContain('Végétarien');
    expect((await summit('q-sw@example.org', { 'age-group': '0' })).status).toBe(201);
    const [swahili] = await outbox('q-sw@example.org');
    expect(swahili!.text_body).toContain('Majibu yako:\nKijana anayekuja ana umri gani? Miaka 16 hadi 18');
    const rows = await api.services.db.kysely.selectFrom('event_registrations').select(['email', 'answers']).where('email', 'in', ['q-fr@example.org', 'q-sw@example.org']).orderBy('email').execute();
    expect(rows.map((row) => [row.email, JSON.parse(row.answers)])).toEqual([
      ['q-fr@example.org', [
        { id: 'age-group', question: 'How old is the young person coming?', answer: '22 to 24' },
        { id: 'meal', question: 'Lunch is free. Do you need a special meal?', answer: 'Vegetarian' },
        { id: 'school', question: 'Which school or college do you go to?', answer: 'Lycée de Grapevine' },
      ]],
      ['q-sw@example.org', [{ id: 'age-group', question: 'How old is the young person coming?', answer: '16 to 18' }]],
    ]);

    // Without JavaScript: the required question left out leads to the form's error page.
    const plain = await postForm(api.app, '/api/event-registrations', [['event', SUMMIT], ['name', 'Jean Mbala'], ['email', 'q-plain@example.org'], ['party', '1'], ['mailLang', 'fr'], ['lang', 'fr']]);
    expect(plain.headers.get('location')).toBe('/fr/form-error?form=event#invalid');
    const twice = await postForm(api.app, '/api/event-registrations', [['event', SUMMIT], ['name', 'Jean'], ['email', 'q-plain@example.org'], ['party', '1'], ['mailLang', 'fr'], ['answers', 'x'], ['answers.age-group', '1'], ['lang', 'fr']]);
    expect(twice.status).toBe(303);
  });

  test('the day before, in the organisation’s time zone, each confirmed registrant is reminded once with Confirm and Cancel', async () => {
    await postJson(api.app, '/api/event-registrations', family('remind@example.org', 1, { event: SUMMIT, mailLang: 'en' }));
    const sign = (id: string) => api.services.tokens.sign('registration', id);
    const remind = (at: string) => sendDueReminders(api.services.db, api.services.mailer, sign, api.services.config.siteUrl, new Date(at));
    // 21 January, 11:30 PM in Texas is already 22 January in UTC: not yet the day before.
    expect(await remind('2027-01-21T23:30:00-06:00')).toBe(0);
    const reminded = await remind('2027-01-22T08:00:00-06:00');
    expect(reminded).toBeGreaterThan(0);
    expect(await remind('2027-01-22T09:00:00-06:00')).toBe(0);
    const reminder = (await outbox('remind@example.org')).find((mail) => mail.kind === 'event.reminder')!;
    expect(reminder.subject).toBe('Tomorrow: Youth Leadership Summit');
    const attend = linkToken(reminder.text_body, '/events/attend')!;
    expect(linkToken(reminder.text_body, '/events/cancel')).toBe(attend);
    const confirmed = await postForm(api.app, '/api/event-registrations/attend', [['token', attend]]);
    expect(confirmed.headers.get('location')).toBe('/events/attend?status=done#done');
    const row = await api.services.db.kysely.selectFrom('event_registrations').select(['attending_confirmed_at']).where('email', '=', 'remind@example.org').executeTakeFirstOrThrow();
    expect(row.attending_confirmed_at).toBe(BEFORE.toISOString());
  });

  test('a volunteer shift takes sign-ups as an event does: a group at once, its places, its page in the mail', async () => {
    const shift = 'shift-tax-workshop-helpers';
    expect(await places(shift)).toEqual({ capacity: 4, left: 4, waiting: 0, open: true });
    const group = await postJson(api.app, '/api/event-registrations', family('helpers@example.org', 3, { event: shift, mailLang: 'fr' }));
    expect((await group.json()).status).toBe('confirmed');
    const [mail] = await outbox('helpers@example.org');
    expect(mail!.subject).toBe('Vous êtes inscrit : Bénévole pour les événements – Aide à l’atelier et garde d’enfants');
    const [ics] = JSON.parse(mail!.attachments!) as Array<{ content: string }>;
    // RFC 5545 folds long lines: unfold before reading the page's address.
    expect(ics!.content.replace(/\r\n /g, '')).toContain('URL:https://sipa.example.org/fr/get-involved/shifts/tax-workshop-helpers');
    expect((await (await postJson(api.app, '/api/event-registrations', family('two@example.org', 2, { event: shift }))).json()).status).toBe('waiting');
  });

  test('many people asking for the last place at once: one gets it, the others wait in line', async () => {
    const event = 'winter-family-celebration';
    for (let i = 0; i < 14; i++) await postJson(api.app, '/api/event-registrations', family(`fill${i}@example.org`, 10, { event }));
    await postJson(api.app, '/api/event-registrations', family('fill-last@example.org', 9, { event }));
    expect((await places(event)).left).toBe(1);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => Promise.resolve(postJson(api.app, '/api/event-registrations', family(`race${i}@example.org`, 1, { event }))).then((r: Response) => r.json() as Promise<{ status: string; position?: number }>)));
    expect(answers.filter((a) => a.status === 'confirmed')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'waiting').map((a) => a.position).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await places(event)).toMatchObject({ left: 0, waiting: 7 });
  });
});

describePostgres('event registration through two API instances on one PostgreSQL', () => {
  test('the last place, asked for through both at once, goes to one person', async () => {
    const { config, drop } = await freshConfig('postgres');
    const one = await createServices(config);
    const two = await createServices(config);
    try {
      const apps = [createApp(one), createApp(two)];
      const event = 'family-mental-health-evening';
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(BEFORE);
      for (let i = 0; i < 3; i++) await postJson(apps[i % 2]!, '/api/event-registrations', family(`seat${i}@example.org`, i === 2 ? 9 : 10, { event }));
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => Promise.resolve(postJson(apps[i % 2]!, '/api/event-registrations', family(`both${i}@example.org`, 1, { event }))).then((r: Response) => r.json() as Promise<{ status: string; position?: number }>)));
      expect(answers.filter((a) => a.status === 'confirmed')).toHaveLength(1);
      const people = await one.db.kysely.selectFrom('event_registrations').select(['party']).where('event_id', '=', event).where('status', '=', 'confirmed').execute();
      expect(people.reduce((sum, row) => sum + row.party, 0)).toBe(30);
    } finally {
      vi.useRealTimers();
      await closeServices(one);
      await closeServices(two);
      await drop();
    }
  });
});
