/**
 * The staff's side of event registration on both databases: 401 without a session; each event's
 * counts; the list (coming by name, then waiting in order) with needs; check-in a person at a
 * time, bounded by the party; the CSV; a message to everyone confirmed, in one mail each. The
 * event's own questions (the summit asks three) are answered in French and read by staff in English.
 */
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { describeBackends, makeApi, postJson, type TestApi } from './helpers.ts';
import { MEMBER, createAccounts, signIn } from './staff-helpers.ts';

const EVENT = 'youth-leadership-summit';

describeBackends('event attendees for staff', (backend) => {
  let api: TestApi;
  let cookie = '';
  beforeAll(async () => {
    api = await makeApi(backend);
    await createAccounts(api);
    cookie = await signIn(api, MEMBER.username, MEMBER.password);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00-06:00'));
    const family = (email: string, name: string, party: number, needs: string[], answers: Record<string, string> = { 'age-group': '0' }) =>
      postJson(api.app, '/api/event-registrations', { event: EVENT, name, email, party, mailLang: 'fr', needs, answers, lang: 'fr' });
    // "22 à 24 ans", "Halal", and a school written in.
    await family('zola@example.org', 'Zola Mbeki', 4, ['interpreter'], { 'age-group': '2', meal: '2', school: 'Lycée de Grapevine' });
    await family('amina@example.org', 'Amina Diallo', 2, []);
    // Fill the rest so the next family waits.
    for (let i = 0; i < 5; i++) await family(`fill${i}@example.org`, `Fill ${i}`, 10, []);
    await family('late@example.org', 'Late Family', 5, ['wheelchair']);
    vi.useRealTimers();
  });
  afterAll(() => api.close());
  afterEach(() => vi.useRealTimers());

  const get = (path: string, withCookie = true) => api.app.request(path, { headers: withCookie ? { cookie } : {} });
  const post = (path: string, body: unknown) => postJson(api.app, path, body, { cookie });

  test('names and counts are for staff only', async () => {
    expect((await get('/api/event-attendees', false)).status).toBe(401);
    expect((await get(`/api/event-attendees/${EVENT}`, false)).status).toBe(401);
    const { events } = (await (await get('/api/event-attendees')).json()) as { events: Array<{ id: string; coming: number; waiting: number; capacity: number }> };
    expect(events.find((event) => event.id === EVENT)).toMatchObject({ coming: 56, waiting: 5, capacity: 60, checkedIn: 0, parties: 7 });
    expect((await get('/api/event-attendees/community-health-fair')).status).toBe(404);
  });

  test('the list: who is coming, then who waits, with needs; check-in one person at a time', async () => {
    const { attendees } = (await (await get(`/api/event-attendees/${EVENT}`)).json()) as { attendees: Array<{ id: string; name: string; status: string; position: number | null; needs: string[]; party: number }> };
    expect(attendees.map((a) => a.name)).toEqual(['Amina Diallo', 'Fill 0', 'Fill 1', 'Fill 2', 'Fill 3', 'Fill 4', 'Zola Mbeki', 'Late Family']);
    expect(attendees.at(-1)).toMatchObject({ status: 'waiting', position: 1, needs: ['wheelchair'], party: 5 });
    const zola = attendees.find((a) => a.name === 'Zola Mbeki')! as (typeof attendees)[number] & { answers: unknown };
    expect(zola.needs).toEqual(['interpreter']);
    expect(zola.answers).toEqual([
      { id: 'age-group', question: 'How old is the young person coming?', answer: '22 to 24' },
      { id: 'meal', question: 'Lunch is free. Do you need a special meal?', answer: 'Halal' },
      { id: 'school', question: 'Which school or college do you go to?', answer: 'Lycée de Grapevine' },
    ]);
    for (const present of [1, 2, 3, 4]) expect(((await (await post(`/api/event-attendees/${EVENT}/${zola.id}/check-in`, { present })).json()) as { checkedIn: number }).checkedIn).toBe(present);
    const tooMany = await post(`/api/event-attendees/${EVENT}/${zola.id}/check-in`, { present: 5 });
    expect(tooMany.status).toBe(400);
    const waiting = attendees.at(-1)!;
    expect((await post(`/api/event-attendees/${EVENT}/${waiting.id}/check-in`, { present: 1 })).status).toBe(404);
    const { events } = (await (await get('/api/event-attendees')).json()) as { events: Array<{ id: string; checkedIn: number }> };
    expect(events.find((event) => event.id === EVENT)!.checkedIn).toBe(4);
  });

  test('the list as CSV, and one message to each confirmed registrant', async () => {
    const csv = await get(`/api/event-attendees/${EVENT}/export.csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // UTF-8 with a BOM, so spreadsheet programs read the accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe(
      'Status,Place in waiting list,Name,Email,Phone,People,Checked in,Needs,Notes,Mail language,Confirmed after reminder,Registered,How old is the young person coming?,Lunch is free. Do you need a special meal?,Which school or college do you go to?',
    );
    expect(lines.find((line) => line.startsWith('waiting,1,Late Family,late@example.org,,5,0,wheelchair,,fr,,'))).toMatch(/,16 to 18,,$/);
    expect(lines.find((line) => line.includes(',Zola Mbeki,'))).toMatch(/,22 to 24,Halal,Lycée de Grapevine$/);
    const sent = await post(`/api/event-attendees/${EVENT}/message`, { subject: 'Parking', body: 'Use the north lot.' });
    expect(await sent.json()).toEqual({ sent: 7 });
    const mails = await api.services.db.kysely.selectFrom('outbox').select(['to_address', 'text_body']).where('kind', '=', 'event.message').execute();
    expect(mails.map((mail) => mail.to_address).sort()).not.toContain('late@example.org');
    expect(mails.find((mail) => mail.to_address === 'zola@example.org')!.text_body).toContain('Bonjour Zola,\n\nUse the north lot.');
    expect((await post(`/api/event-attendees/${EVENT}/message`, { subject: '', body: 'x' })).status).toBe(400);
  });
});
