import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHmac } from 'node:crypto';
import { MESSAGES } from '../../src/lib/messages.ts';
import { createTokenSigner } from '../src/tokens.ts';
import { describeBackends, makeApi, postForm, postJson, runInsideOneRateWindow, type TestApi } from './helpers.ts';

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
  const confirmUrl = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail.text_body)![0]);
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

  test('GET and HEAD of a link change nothing: they open the page whose button POSTs', async () => {
    const { row, confirmToken, unsubscribeToken } = await signUp(api, 'getlink@example.org');
    for (const method of ['GET', 'HEAD']) {
      const response = await api.app.request(`/api/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`, { method });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/newsletter/confirm?token=${confirmToken}#ready`);
      const unsubscribe = await api.app.request(`/api/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`, { method });
      expect(unsubscribe.headers.get('location')).toBe(`/newsletter/unsubscribe?token=${unsubscribeToken}#ready`);
    }
    expect(await status(api, row.id)).toBe('pending');
    // The page's button: a form post of the token, answered with a 303 back to the page.
    const button = await postForm(api.app, '/api/newsletter/confirm', [['token', confirmToken]]);
    expect(button.status).toBe(303);
    expect(button.headers.get('location')).toBe('/newsletter/confirm?status=done#done');
    expect(await status(api, row.id)).toBe('confirmed');
    const bad = await postForm(api.app, '/api/newsletter/confirm', [['token', 'nonsense']]);
    expect(bad.headers.get('location')).toBe('/newsletter/confirm?status=invalid#invalid');
  });

  test('a confirmation link expires after 7 days, and a new signup replaces the older link; unsubscribe links keep working', async () => {
    const first = await signUp(api, 'expiry@example.org');
    // Past the resend cooldown, a new signup sends a new link: the first one stops confirming.
    await api.services.db.kysely.deleteFrom('mail_cooldowns').where('key', '=', 'newsletter.confirm:expiry@example.org').execute();
    const second = await signUp(api, 'expiry@example.org');
    expect(second.confirmToken).not.toBe(first.confirmToken);
    expect((await postJson(api.app, '/api/newsletter/confirm', { token: first.confirmToken })).status).toBe(400);
    expect(await status(api, first.row.id)).toBe('pending');

    // A link made 8 days ago, even the newest one, no longer confirms; one of 6 days does.
    const day = 86_400_000;
    const link = async (daysAgo: number) => {
      const issuedAt = Date.now() - daysAgo * day;
      await api.services.db.kysely.updateTable('subscribers').set({ confirm_sent_at: new Date(issuedAt).toISOString() }).where('id', '=', first.row.id).execute();
      return api.services.tokens.sign('confirm', first.row.id, issuedAt);
    };
    expect((await postJson(api.app, '/api/newsletter/confirm', { token: await link(8) })).status).toBe(400);
    expect(await status(api, first.row.id)).toBe('pending');
    expect((await postJson(api.app, '/api/newsletter/confirm', { token: await link(6) })).status).toBe(200);
    expect(await status(api, first.row.id)).toBe('confirmed');
    // Both unsubscribe links still work.
    expect((await postJson(api.app, '/api/newsletter/unsubscribe', { token: first.unsubscribeToken })).status).toBe(200);
    expect((await postJson(api.app, '/api/newsletter/unsubscribe', { token: second.unsubscribeToken })).status).toBe(200);
    expect(await status(api, first.row.id)).toBe('unsubscribed');
  });

  test('unsubscribe works by JSON, by the page button and by RFC 8058 one-click post (urlencoded or multipart: 200, never a redirect)', async () => {
    const a = await signUp(api, 'unsub-a@example.org');
    const json = await postJson(api.app, '/api/newsletter/unsubscribe', { token: a.unsubscribeToken });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { message: string }).message).toBe(MESSAGES.unsubscribeDone);
    expect(await status(api, a.row.id)).toBe('unsubscribed');
    // The confirmation link no longer reactivates an unsubscribed address.
    expect((await postJson(api.app, '/api/newsletter/confirm', { token: a.confirmToken })).status).toBe(400);

    const b = await signUp(api, 'unsub-b@example.org');
    const button = await postForm(api.app, '/api/newsletter/unsubscribe', [['token', b.unsubscribeToken]]);
    expect(button.headers.get('location')).toBe('/newsletter/unsubscribe?status=done#done');
    expect(await status(api, b.row.id)).toBe('unsubscribed');

    const c = await signUp(api, 'unsub-c@example.org');
    const oneClick = await postForm(api.app, `/api/newsletter/unsubscribe?token=${c.unsubscribeToken}`, [['List-Unsubscribe', 'One-Click']]);
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get('location')).toBeNull();
    expect(await status(api, c.row.id)).toBe('unsubscribed');

    // Multipart, as some mail providers send it.
    const d = await signUp(api, 'unsub-d@example.org');
    const multipart = new FormData();
    multipart.append('List-Unsubscribe', 'One-Click');
    const viaMultipart = await api.app.request(`/api/newsletter/unsubscribe?token=${d.unsubscribeToken}`, { method: 'POST', body: multipart });
    expect(viaMultipart.status).toBe(200);
    expect(viaMultipart.headers.get('location')).toBeNull();
    expect(await status(api, d.row.id)).toBe('unsubscribed');

    // Signing up again after unsubscribing (past the resend cooldown) starts a new opt-in on the same row.
    await api.services.db.kysely.deleteFrom('mail_cooldowns').execute();
    const again = await signUp(api, 'unsub-c@example.org');
    expect(again.row.id).toBe(c.row.id);
    expect(again.row.status).toBe('pending');
  });

  test('tokens cannot be forged, swapped between purposes or moved to another subscriber', async () => {
    const victim = await signUp(api, 'victim@example.org');
    const other = await signUp(api, 'other@example.org');
    const [id, issued, signature] = victim.confirmToken.split('.');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const forged = [
      '',
      id,
      `${id}.`,
      `${id}.${issued}.${flipped}`,
      `${id}.${issued}.${'A'.repeat(32)}`,
      `${id}.${(parseInt(issued, 36) + 1).toString(36)}.${signature}`,
      `${id}.${signature}`,
      `${other.row.id}.${issued}.${signature}`,
      victim.unsubscribeToken,
      `${id}.${issued}.${signature}x`,
      `${id.toUpperCase()}.${issued}.${signature}`,
      `../${victim.confirmToken}`,
      'x'.repeat(1000),
    ];
    // A token made with another key (e.g. a guessed or default one) is refused too.
    forged.push(await createTokenSigner(api.services.db.kysely, 'guessed-secret').sign('confirm', id, parseInt(issued, 36)));
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

  test('an address removed within its cooldown is neither stored nor mailed again until the cooldown has run out', async () => {
    const db = api.services.db.kysely;
    const mailsTo = (address: string) => db.selectFrom('outbox').select('kind').where('to_address', '=', address).execute();
    const staffNotices = () => db.selectFrom('outbox').select('id').where('subject', '=', 'Newsletter signup: gone@example.org').execute();
    await signUp(api, 'gone@example.org');
    await db.deleteFrom('subscribers').where('email', '=', 'gone@example.org').execute();
    const answer = await postJson(api.app, '/api/newsletter-signup', { email: 'gone@example.org' });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { message: string }).message).toBe(MESSAGES.newsletterCheckInbox);
    expect(await db.selectFrom('subscribers').select('id').where('email', '=', 'gone@example.org').execute()).toEqual([]);
    expect(await mailsTo('gone@example.org')).toHaveLength(1);
    expect(await staffNotices()).toHaveLength(1);
    // Once it has run out, a sign-up takes the cooldown over: a pending row, a new link, a staff notice.
    await db.updateTable('mail_cooldowns').set({ until_at: 1 }).where('key', '=', 'newsletter.confirm:gone@example.org').execute();
    const again = await signUp(api, 'gone@example.org');
    expect(again.row.status).toBe('pending');
    expect((await mailsTo('gone@example.org')).map((mail) => mail.kind)).toEqual(['newsletter.confirm', 'newsletter.confirm']);
    expect(await staffNotices()).toHaveLength(2);
  });

  test('every accepted signup counts toward the rate limit, of a new address or a known one', async () => {
    runInsideOneRateWindow();
    const limited = await makeApi(backend, { rateLimitMax: 3 });
    try {
      const client = { 'x-test-client': '198.51.100.7' };
      for (const email of ['count.one@example.org', 'count.one@example.org', 'count.two@example.org']) {
        expect((await postJson(limited.app, '/api/newsletter-signup', { email }, client)).status).toBe(200);
      }
      const db = limited.services.db.kysely;
      expect((await db.selectFrom('rate_limits').select('hits').execute()).map((row) => Number(row.hits))).toEqual([3]);
      expect((await postJson(limited.app, '/api/newsletter-signup', { email: 'count.three@example.org' }, client)).status).toBe(429);
      expect(await db.selectFrom('subscribers').select('email').orderBy('email').execute()).toEqual([{ email: 'count.one@example.org' }, { email: 'count.two@example.org' }]);
    } finally {
      await limited.close();
    }
  });

  test('a repeated signup reads nothing from the outbox (no scan of a table that grows with every mail)', async () => {
    // Every statement the database layer runs, as the query-plan test collects them.
    const selects: string[] = [];
    let watching = false;
    const own = await makeApi(backend, { onQuery: (text) => watching && /^\s*select\b/i.test(text) && void selects.push(text) });
    try {
      await signUp(own, 'scan@example.org');
      watching = true;
      // Within the resend cooldown and after it.
      expect((await postJson(own.app, '/api/newsletter-signup', { email: 'scan@example.org' })).status).toBe(200);
      await own.services.db.kysely.deleteFrom('mail_cooldowns').where('key', '=', 'newsletter.confirm:scan@example.org').execute();
      expect((await postJson(own.app, '/api/newsletter-signup', { email: 'scan@example.org' })).status).toBe(200);
    } finally {
      watching = false;
      await own.close();
    }
    expect(selects.length).toBeGreaterThan(0);
    expect(selects.filter((text) => text.includes('"outbox"'))).toEqual([]);
  });

  test('tokens stay valid across restarts: the generated key is kept in the database', async () => {
    const { row, confirmToken } = await signUp(api, 'restart@example.org');
    const again = createTokenSigner(api.services.db.kysely);
    expect((await again.verify('confirm', confirmToken))?.id).toBe(row.id);
  });
});

test('tokens are the id, the base-36 time and the first 24 bytes of HMAC-SHA256 in base64url, so links already sent keep working', async () => {
  const id = '01a20341-91fe-7001-a817-3480b1c5ccf8';
  const issuedAt = Date.UTC(2026, 10, 22, 12, 0, 0);
  const mac = (key: string, message: string) => createHmac('sha256', key).update(message).digest().subarray(0, 24).toString('base64url');
  // Short, exactly one block, and longer than a block (hashed first); one with non-ASCII text.
  for (const key of ['k', 'x'.repeat(64), 'a long secret key '.repeat(8), 'clé secrète ✓']) {
    const signer = createTokenSigner(undefined as never, key);
    expect(await signer.sign('confirm', id, issuedAt)).toBe(`${id}.${issuedAt.toString(36)}.${mac(key, `confirm:${id}:${issuedAt.toString(36)}`)}`);
    expect(await signer.sign('unsubscribe', id)).toBe(`${id}.${mac(key, `unsubscribe:${id}`)}`);
    expect(await signer.verify('confirm', `${id}.${issuedAt.toString(36)}.${mac(key, `confirm:${id}:${issuedAt.toString(36)}`)}`)).toEqual({ id, issuedAt });
  }
});
