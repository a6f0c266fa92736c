import { afterAll, beforeAll, expect, test } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.ts';
import { createTokenSigner } from '../src/tokens.ts';
import { describeBackends, makeApi, postForm, postJson, type TestApi } from './helpers.ts';

/** Signs up an address and returns its row and the links of the confirmation mail. */
async function signUp(api: TestApi, email: string) {
  expect((await postJson(api.app, '/api/newsletter-signup', { email })).status).toBe(200);
  const row = await api.services.db.kysely.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const mail = await api.services.db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('kind', '=', 'newsletter.confirm')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const confirmUrl = new URL(/https?:\/\/\S+\/api\/newsletter\/confirm\?token=\S+/.exec(mail.text_body)![0]);
  const headers = JSON.parse(mail.headers) as Record<string, string>;
  const unsubscribeUrl = new URL(headers['List-Unsubscribe'].slice(1, -1));
  return { row, confirmToken: confirmUrl.searchParams.get('token')!, unsubscribeToken: unsubscribeUrl.searchParams.get('token')!, headers };
}

const status = (api: TestApi, id: string) =>
  api.services.db.kysely.selectFrom('subscribers').select('status').where('id', '=', id).executeTakeFirstOrThrow().then((r) => r.status);

describeBackends('newsletter double opt-in', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend);
  });
  afterAll(() => api.close());

  test('a signup is pending until its confirmation link is used', async () => {
    const { row, confirmToken, headers } = await signUp(api, 'optin@example.org');
    expect(row.status).toBe('pending');
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const answer = await postJson(api.app, '/api/newsletter/confirm', { token: confirmToken });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { message: string }).message).toBe(MESSAGES.confirmDone);
    expect(await status(api, row.id)).toBe('confirmed');
    // Using the link again is harmless.
    expect((await postJson(api.app, '/api/newsletter/confirm', { token: confirmToken })).status).toBe(200);
    // A confirmed address signing up again gets no new mail and stays confirmed.
    const mails = await api.services.db.kysely.selectFrom('outbox').select('id').where('to_address', '=', 'optin@example.org').execute();
    await postJson(api.app, '/api/newsletter-signup', { email: 'OptIn@example.org' });
    expect(await api.services.db.kysely.selectFrom('outbox').select('id').where('to_address', '=', 'optin@example.org').execute()).toHaveLength(mails.length);
    expect(await status(api, row.id)).toBe('confirmed');
  });

  test('the GET link from the email confirms and redirects to the confirmation page', async () => {
    const { row, confirmToken } = await signUp(api, 'getlink@example.org');
    const response = await api.app.request(`/api/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/newsletter/confirm?status=done#done');
    expect(await status(api, row.id)).toBe('confirmed');
    const bad = await api.app.request('/api/newsletter/confirm?token=nonsense');
    expect(bad.headers.get('location')).toBe('/newsletter/confirm?status=invalid#invalid');
  });

  test('unsubscribe works by JSON, by GET link and by RFC 8058 one-click post', async () => {
    const a = await signUp(api, 'unsub-a@example.org');
    const json = await postJson(api.app, '/api/newsletter/unsubscribe', { token: a.unsubscribeToken });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { message: string }).message).toBe(MESSAGES.unsubscribeDone);
    expect(await status(api, a.row.id)).toBe('unsubscribed');
    // The confirmation link no longer reactivates an unsubscribed address.
    expect((await postJson(api.app, '/api/newsletter/confirm', { token: a.confirmToken })).status).toBe(400);

    const b = await signUp(api, 'unsub-b@example.org');
    const get = await api.app.request(`/api/newsletter/unsubscribe?token=${b.unsubscribeToken}`);
    expect(get.headers.get('location')).toBe('/newsletter/unsubscribe?status=done#done');
    expect(await status(api, b.row.id)).toBe('unsubscribed');

    const c = await signUp(api, 'unsub-c@example.org');
    const oneClick = await postForm(api.app, `/api/newsletter/unsubscribe?token=${c.unsubscribeToken}`, [['List-Unsubscribe', 'One-Click']]);
    expect(oneClick.status).toBe(200);
    expect(await status(api, c.row.id)).toBe('unsubscribed');

    // Signing up again after unsubscribing starts a new opt-in on the same row.
    const again = await signUp(api, 'unsub-c@example.org');
    expect(again.row.id).toBe(c.row.id);
    expect(again.row.status).toBe('pending');
  });

  test('tokens cannot be forged, swapped between purposes or moved to another subscriber', async () => {
    const victim = await signUp(api, 'victim@example.org');
    const other = await signUp(api, 'other@example.org');
    const [id, signature] = victim.confirmToken.split('.');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const forged = [
      '',
      id,
      `${id}.`,
      `${id}.${flipped}`,
      `${id}.${'A'.repeat(32)}`,
      `${other.row.id}.${signature}`,
      victim.unsubscribeToken,
      `${id}.${signature}x`,
      `${id.toUpperCase()}.${signature}`,
      `../${victim.confirmToken}`,
      'x'.repeat(1000),
    ];
    // A token made with another key (e.g. a guessed or default one) is refused too.
    forged.push(await createTokenSigner(api.services.db.kysely, 'guessed-secret').sign('confirm', id));
    for (const token of forged) {
      const response = await postJson(api.app, '/api/newsletter/confirm', { token });
      expect(response.status, token.slice(0, 60)).toBe(400);
    }
    expect(await status(api, victim.row.id)).toBe('pending');
    for (const token of [victim.confirmToken, `${other.row.id}.${victim.unsubscribeToken.split('.')[1]}`]) {
      expect((await postJson(api.app, '/api/newsletter/unsubscribe', { token })).status).toBe(400);
    }
    expect(await status(api, victim.row.id)).toBe('pending');
    expect(await status(api, other.row.id)).toBe('pending');
  });

  test('repeated signups of a pending address do not resend the link within the cooldown', async () => {
    for (let i = 0; i < 4; i++) expect((await postJson(api.app, '/api/newsletter-signup', { email: 'Flood@example.org' })).status).toBe(200);
    const mails = await api.services.db.kysely.selectFrom('outbox').select('kind').where('to_address', '=', 'flood@example.org').execute();
    expect(mails.map((m) => m.kind)).toEqual(['newsletter.confirm']);
  });

  test('tokens stay valid across restarts: the generated key is kept in the database', async () => {
    const { row, confirmToken } = await signUp(api, 'restart@example.org');
    const again = createTokenSigner(api.services.db.kysely);
    expect(await again.verify('confirm', confirmToken)).toBe(row.id);
  });
});
