/**
 * Newsletter drafts over the API on both databases: administrators only (401 signed out, 403 for
 * a member), saved and reopened exactly as typed, listed last edited first with who edited them,
 * the send form's limits, deleted, and removed by the send that turns one into a campaign.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { count, describeBackends, makeApi, type TestApi } from './helpers.ts';
import { NEWSLETTER, seedSubscribers, sendNewsletter, staffCookies } from './broadcast-helpers.ts';
import { ADMIN, signIn } from './staff-helpers.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-0000000000aa';
const NOT_FOUND = { message: 'That draft no longer exists.' };
const SECOND_ADMIN = { username: 'Treasurer', email: 'treasurer@example.org', password: 'Umoja#2026tr' };

type Draft = { id: string; subject: string; body_html: string; body_text: string; createdBy: string; createdAt: string; updatedBy: string; updatedAt: string };
type Summary = Pick<Draft, 'id' | 'subject' | 'updatedBy' | 'updatedAt'>;

describeBackends('newsletter drafts', (backend) => {
  let api: TestApi;
  let cookies: { admin: string; member: string };
  let second = '';

  beforeAll(async () => {
    api = await makeApi(backend);
    cookies = await staffCookies(api);
    await api.services.staff.accounts.create({ ...SECOND_ADMIN, admin: true });
    second = await signIn(api, SECOND_ADMIN.username, SECOND_ADMIN.password);
    await seedSubscribers(api.services, 2, 'confirmed');
  });
  afterAll(() => api.close());

  const send = (method: string, path: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  async function create(cookie: string, fields: { subject: string; body_html: string; body_text: string }): Promise<Draft> {
    const response = await send('POST', '/api/newsletter-drafts', cookie, fields);
    expect(response.status).toBe(201);
    return (await response.json()) as Draft;
  }
  const list = async (cookie: string) => ((await (await send('GET', '/api/newsletter-drafts', cookie)).json()) as { drafts: Summary[] }).drafts;
  const stored = (id: string) => api.services.db.kysely.selectFrom('newsletter_drafts').selectAll().where('id', '=', id).executeTakeFirst();

  test('every endpoint answers 401 signed out and 403 to a member who is not an administrator; nothing changes', async () => {
    const draft = await create(cookies.admin, { subject: 'Kept', body_html: 'Kept', body_text: '' });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/newsletter-drafts'],
      ['POST', '/api/newsletter-drafts', { subject: 'Sneak', body_html: '', body_text: '' }],
      ['GET', `/api/newsletter-drafts/${draft.id}`],
      ['PUT', `/api/newsletter-drafts/${draft.id}`, { subject: 'Changed', body_html: '', body_text: '' }],
      ['DELETE', `/api/newsletter-drafts/${draft.id}`],
    ];
    const before = await count(api.services, 'newsletter_drafts');
    for (const [method, path, body] of calls) {
      const signedOut = await send(method, path, undefined, body);
      expect(signedOut.status, `${method} ${path}`).toBe(401);
      expect(await signedOut.json()).toMatchObject({ message: 'Please sign in.', code: 'signed-out' });
      const member = await send(method, path, cookies.member, body);
      expect(member.status, `${method} ${path}`).toBe(403);
      expect(await member.json()).toMatchObject({ code: 'not-admin' });
    }
    expect(await count(api.services, 'newsletter_drafts')).toBe(before);
    expect(await stored(draft.id)).toMatchObject({ subject: 'Kept', body_html: 'Kept' });
  });

  test('a change from a page on another site is refused with 403, even with an administrator\'s cookie', async () => {
    const draft = await create(cookies.admin, { subject: 'Ours', body_html: 'Ours', body_text: '' });
    const evil = { origin: 'https://evil.example' };
    const before = await count(api.services, 'newsletter_drafts');
    for (const [method, path, body] of [
      ['POST', '/api/newsletter-drafts', { subject: 'Theirs', body_html: '', body_text: '' }],
      ['PUT', `/api/newsletter-drafts/${draft.id}`, { subject: 'Theirs', body_html: '', body_text: '' }],
      ['DELETE', `/api/newsletter-drafts/${draft.id}`, undefined],
    ] as const) {
      expect((await send(method, path, cookies.admin, body, evil)).status, `${method} ${path}`).toBe(403);
    }
    expect(await count(api.services, 'newsletter_drafts')).toBe(before);
    expect(await stored(draft.id)).toMatchObject({ subject: 'Ours' });
  });

  test('a draft is saved as typed, reopened, changed by another administrator, listed last edited first, and deleted', async () => {
    const typed = { subject: '  Spring news ', body_html: 'Dear friends,\n\nOur workshops open on Saturday.', body_text: '' };
    const draft = await create(cookies.admin, typed);
    expect(draft).toMatchObject({ ...typed, createdBy: ADMIN.username, updatedBy: ADMIN.username });
    expect(draft.id).toMatch(/^[0-9a-f-]{36}$/);

    const reopened = await send('GET', `/api/newsletter-drafts/${draft.id}`, cookies.admin);
    expect(reopened.status).toBe(200);
    expect(reopened.headers.get('cache-control')).toBe('no-store');
    expect(await reopened.json()).toEqual(draft);

    const later = await create(cookies.admin, { subject: '', body_html: 'Untitled so far', body_text: '' });
    const changed = await send('PUT', `/api/newsletter-drafts/${draft.id}`, second, { ...typed, body_text: 'Dear friends,\n\nOur workshops open on Saturday.' });
    expect(changed.status).toBe(200);
    const updated = (await changed.json()) as Draft;
    expect(updated).toMatchObject({ id: draft.id, createdBy: ADMIN.username, updatedBy: SECOND_ADMIN.username, body_text: 'Dear friends,\n\nOur workshops open on Saturday.' });
    expect(updated.updatedAt >= later.updatedAt).toBe(true);

    const drafts = await list(second);
    expect(drafts.slice(0, 2)).toEqual([
      { id: draft.id, subject: '  Spring news ', updatedBy: SECOND_ADMIN.username, updatedAt: updated.updatedAt },
      { id: later.id, subject: '', updatedBy: ADMIN.username, updatedAt: later.updatedAt },
    ]);
    expect(drafts[0]).not.toHaveProperty('body_html');

    const deleted = await send('DELETE', `/api/newsletter-drafts/${later.id}`, cookies.admin);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true });
    expect(await stored(later.id)).toBeUndefined();
    for (const [method, body] of [['GET'], ['PUT', typed], ['DELETE']] as const) {
      const gone = await send(method, `/api/newsletter-drafts/${later.id}`, cookies.admin, body);
      expect(gone.status, method).toBe(404);
      expect(await gone.json()).toEqual(NOT_FOUND);
    }
    expect((await send('GET', `/api/newsletter-drafts/${UNKNOWN_ID}`, cookies.admin)).status).toBe(404);
    expect((await send('GET', '/api/newsletter-drafts/not-an-id', cookies.admin)).status).toBe(404);
    expect((await send('PATCH', `/api/newsletter-drafts/${draft.id}`, cookies.admin, typed)).status).toBe(405);
  });

  test('the send form\'s limits hold: a subject of 300 characters and bodies of 400,000, one line of subject, text fields only', async () => {
    const longest = { subject: 's'.repeat(300), body_html: 'h'.repeat(400_000), body_text: 't'.repeat(400_000) };
    const draft = await create(cookies.admin, longest);
    expect((await stored(draft.id))?.body_html).toHaveLength(400_000);
    const before = await count(api.services, 'newsletter_drafts');
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ ...longest, subject: 's'.repeat(301) }, 'subject', 'This is too long'],
      [{ ...longest, body_html: 'h'.repeat(400_001) }, 'body_html', 'This is too long'],
      [{ ...longest, body_text: 't'.repeat(400_001) }, 'body_text', 'This is too long'],
      [{ ...longest, subject: 'Line one\nLine two' }, 'subject', 'Subject Line must be one line, without line breaks or tabs'],
      [{ ...longest, body_text: 42 }, 'body_text', 'A draft holds text only'],
    ];
    for (const [body, path, message] of refusals) {
      const response = await send('POST', '/api/newsletter-drafts', cookies.admin, body);
      expect(response.status, path).toBe(400);
      const answer = (await response.json()) as { message: string; issues: Array<{ path: string; message: string }> };
      expect(answer.message).toBe(message);
      expect(answer.issues).toContainEqual({ path, message });
      const update = await send('PUT', `/api/newsletter-drafts/${draft.id}`, cookies.admin, body);
      expect(update.status, path).toBe(400);
    }
    expect((await send('POST', '/api/newsletter-drafts', cookies.admin, { ...longest, id: UNKNOWN_ID })).status).toBe(400);
    expect((await send('POST', '/api/newsletter-drafts', cookies.admin, '{"subject":')).status).toBe(400);
    expect((await send('POST', '/api/newsletter-drafts', cookies.admin, 'x'.repeat(1_000_001))).status).toBe(413);
    expect(await count(api.services, 'newsletter_drafts')).toBe(before);
    expect(await stored(draft.id)).toMatchObject({ subject: 's'.repeat(300) });
  });

  test('sending a draft turns it into the campaign and removes it from the drafts; a send that fails keeps it', async () => {
    const draft = await create(cookies.admin, NEWSLETTER);
    const refused = await sendNewsletter(api, { ...NEWSLETTER, body_text: ' ', draft_id: draft.id }, cookies.admin);
    expect(refused.status).toBe(400);
    expect(await stored(draft.id)).toBeDefined();

    const response = await sendNewsletter(api, { ...NEWSLETTER, draft_id: draft.id }, cookies.admin);
    expect(response.status).toBe(200);
    const { campaign_id } = (await response.json()) as { campaign_id: string };
    const campaign = await api.services.db.kysely.selectFrom('newsletter_campaigns').select(['subject', 'body_text']).where('id', '=', campaign_id).executeTakeFirst();
    expect(campaign).toEqual({ subject: NEWSLETTER.subject, body_text: NEWSLETTER.body_text });
    expect(await stored(draft.id)).toBeUndefined();
    expect((await list(cookies.admin)).map((d) => d.id)).not.toContain(draft.id);
    // A draft another administrator already sent or deleted does not stop the send.
    expect((await sendNewsletter(api, { ...NEWSLETTER, draft_id: draft.id }, cookies.admin)).status).toBe(200);
  });
});
