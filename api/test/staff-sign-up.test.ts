/**
 * Self-service staff accounts on both databases: sign-up only with ALLOW_SIGN_UP=true, the
 * server's attribute rule (standard or custom:), never an administrator, no sign-in before the
 * emailed code, 'User is already confirmed.', address verification after sign-in, and social
 * sign-in against the loopback provider (links only to a verified member, creates nobody).
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { OAUTH_CLIENTS, startOAuthProvider, type OAuthProvider } from '../../tests/support/oauth-provider.ts';
import { secretOf, totpCode } from '../../tests/support/totp.ts';
import { count, describeBackends, makeApi, type TestApi } from './helpers.ts';
import { ADMIN, cookieOf, me, postAuth, signIn, signInRequest } from './staff-helpers.ts';

const SIGN_UP = { username: 'new.member', email: 'New.Member@Example.org', password: 'Karibu#2026', confirm_password: 'Karibu#2026' };
const social = Object.fromEntries(Object.entries(OAUTH_CLIENTS).map(([id, client]) => [id, { clientId: client.id, clientSecret: client.secret }]));

async function codeFor(api: TestApi, email: string): Promise<string | undefined> {
  const rows = await api.services.db.kysely
    .selectFrom('outbox')
    .select(['text_body', 'subject'])
    .where('to_address', '=', email)
    .where('kind', '=', 'staff.confirmation-code')
    .orderBy('created_at', 'desc')
    .execute();
  if (rows.length) expect(rows[0].subject).not.toMatch(/\d{6}/);
  return rows.length ? /Your code: (\d{6})/.exec(rows[0].text_body)?.[1] : undefined;
}

async function userRow(api: TestApi, email: string) {
  return api.services.db.kysely.selectFrom('staff_user' as never).selectAll().where('email' as never, '=', email as never).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
}

describe('sign-up is off by default', () => {
  test('404 without ALLOW_SIGN_UP, and the options say so', async () => {
    const api = await makeApi('sqlite');
    try {
      expect((await postAuth(api, '/api/auth/sign-up', SIGN_UP)).status).toBe(404);
      expect(await (await api.app.request('/api/auth/options')).json()).toEqual({ signUp: false, social: [] });
      expect(await count(api.services, 'staff_attributes')).toBe(0);
    } finally {
      await api.close();
    }
  });
});

describeBackends('staff sign-up and social sign-in', (backend) => {
  let api: TestApi;
  let provider: OAuthProvider;
  beforeAll(async () => {
    provider = await startOAuthProvider(0);
    api = await makeApi(backend, { allowSignUp: true, socialProviders: social, oauthBaseUrl: provider.origin });
    await api.services.staff.accounts.create({ ...ADMIN, admin: true });
  });
  afterAll(async () => {
    await api.close();
    await provider.close();
  });

  test("Better Auth's own sign-up and code endpoints stay unreachable: only ours, with their rules, answer", async () => {
    for (const path of ['/api/auth/sign-up/email', '/api/auth/email-otp/verify-email', '/api/auth/email-otp/send-verification-otp', '/api/auth/sign-in/oauth2', '/api/auth/link-social']) {
      expect((await postAuth(api, path, { email: 'x@example.org', password: SIGN_UP.password, name: 'x', role: 'admin' })).status, path).toBe(404);
    }
    expect(await userRow(api, 'x@example.org')).toBeUndefined();
  });

  test('options list sign-up and every configured provider', async () => {
    expect(await (await api.app.request('/api/auth/options')).json()).toEqual({
      signUp: true,
      social: [
        { id: 'amazon', name: 'Amazon' },
        { id: 'apple', name: 'Apple' },
        { id: 'facebook', name: 'Facebook' },
        { id: 'google', name: 'Google' },
      ],
    });
  });

  test('bad input: the spec messages, the password messages in order, and nothing stored', async () => {
    const empty = await postAuth(api, '/api/auth/sign-up', {});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { issues: unknown[] }).issues).toEqual([
      { path: 'username', message: 'This field is required' },
      { path: 'email', message: 'This field is required' },
      { path: 'password', message: 'This field is required' },
      { path: 'confirm_password', message: 'This field is required' },
    ]);
    const weak = await postAuth(api, '/api/auth/sign-up', { ...SIGN_UP, email: 'not-an-email', password: 'abc', confirm_password: 'abd', phone_number: '555-0100' });
    expect(((await weak.json()) as { issues: unknown[] }).issues).toEqual([
      { path: 'email', message: 'Please enter a valid email' },
      { path: 'phone_number', message: 'Enter the phone number as digits only' },
      { path: 'password', message: 'Password must have at least 8 characters' },
      { path: 'password', message: 'Password must have upper case letters' },
      { path: 'password', message: 'Password must have numbers' },
      { path: 'password', message: 'Password must have special characters' },
      { path: 'confirm_password', message: 'Your passwords must match' },
    ]);
    expect(await count(api.services, 'staff_attributes')).toBe(0);
    expect(await count(api.services, 'outbox')).toBe(0);
  });

  test('hostile input to every new endpoint: a clear 4xx, never a 500, nothing stored', async () => {
    const bodies: unknown[] = ['not json', '[]', 'null', '{"username":{"$ne":1}}', { attributes: 'x' }, { attributes: [1] }, { attributes: { 'custom:a': 5 } }, { email: ['a@b.c'], code: 123456 }, { provider: { id: 'google' } }];
    const paths = ['/api/auth/sign-up', '/api/auth/confirm-sign-up', '/api/auth/resend-code', '/api/auth/sign-in/social', '/api/auth/verify-user/confirm'];
    for (const path of paths) {
      for (const body of bodies) {
        const response = await postAuth(api, path, typeof body === 'string' ? undefined : body);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
      for (const text of ['not json', '[]', 'null']) {
        const response = await api.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
        expect(response.status, `${path} ${text}`).toBe(path.includes('verify-user') ? 401 : 400);
      }
      const form = await api.app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
      expect(form.status, path).toBe(path.includes('verify-user') ? 401 : 415);
    }
    expect(await count(api.services, 'staff_attributes')).toBe(0);
    expect(await count(api.services, 'outbox')).toBe(0);
  });

  test('only standard attributes or custom: ones are accepted', async () => {
    for (const name of ['role', 'custom', 'custom:', 'isAdmin', 'emailVerified', 'email']) {
      const response = await postAuth(api, '/api/auth/sign-up', { ...SIGN_UP, attributes: { [name]: 'admin' } });
      expect(response.status, name).toBe(400);
      expect(((await response.json()) as { issues: unknown[] }).issues, name).toEqual([
        { path: `attributes.${name}`, message: 'Only standard attributes or ones starting with custom: are accepted' },
      ]);
    }
    expect(await userRow(api, SIGN_UP.email.toLowerCase())).toBeUndefined();
  });

  test('a new account: trimmed values, attributes kept, not an admin, no sign-in before the code', async () => {
    const response = await postAuth(api, '/api/auth/sign-up', {
      ...SIGN_UP,
      username: `  ${SIGN_UP.username} `,
      email: ` ${SIGN_UP.email} `,
      dial_code: '+254',
      phone_number: ' 712345678 ',
      // A request that asks for more than the form has gets none of it.
      role: 'admin',
      emailVerified: true,
      attributes: { given_name: '  Amina ', 'custom:team': ' Youth ', nickname: '' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ next: 'confirm-sign-up', email: 'new.member@example.org' });
    expect(response.headers.getSetCookie()).toEqual([]);
    const user = await userRow(api, 'new.member@example.org');
    expect(user).toMatchObject({ username: 'new.member', role: 'user' });
    expect(Boolean(user!.emailVerified)).toBe(false);
    const attributes = await api.services.db.kysely.selectFrom('staff_attributes').select(['name', 'value']).where('user_id', '=', String(user!.id)).orderBy('name').execute();
    expect(attributes).toEqual([
      { name: 'custom:team', value: 'Youth' },
      { name: 'given_name', value: 'Amina' },
      { name: 'phone_number', value: '+254712345678' },
    ]);
    const code = await codeFor(api, 'new.member@example.org');
    expect(code).toMatch(/^\d{6}$/);

    // The right password before the code: 'User is not confirmed.' and no session; a wrong one: the usual answer.
    const early = await signInRequest(api, SIGN_UP.username, SIGN_UP.password);
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ message: 'User is not confirmed.', next: 'confirm-sign-up', email: 'new.member@example.org' });
    expect(early.headers.getSetCookie()).toEqual([]);
    expect((await signInRequest(api, SIGN_UP.username, 'Wrong#Pass1')).status).toBe(401);

    // The same username or address again is refused.
    const again = await postAuth(api, '/api/auth/sign-up', { ...SIGN_UP, email: 'other@example.org' });
    expect(again.status).toBe(400);

    const wrong = await postAuth(api, '/api/auth/confirm-sign-up', { email: 'new.member@example.org', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    const confirmed = await postAuth(api, '/api/auth/confirm-sign-up', { email: ' New.Member@example.org ', code });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ next: 'admin', redirect: '/admin' });
    // Signed in (auto sign-in), as a member who is not an administrator.
    const session = cookieOf(confirmed);
    expect(session).toMatch(/sipa\.session_token=/);
    const member = await me(api, session);
    expect(member.status).toBe(200);
    expect(await member.json()).toMatchObject({ user: { role: 'user' } });
    expect((await api.app.request('/api/inbox/counts', { headers: { cookie: session } })).status).toBe(403);

    const twice = await postAuth(api, '/api/auth/confirm-sign-up', { email: 'new.member@example.org', code });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: 'User is already confirmed.', code: 'already-confirmed' });
    // A confirmed account asking for a code is answered as any address is, and mailed nothing.
    const mailsBefore = await count(api.services, 'outbox');
    const resent = await postAuth(api, '/api/auth/resend-code', { email: 'new.member@example.org' });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ message: 'A new code is on its way. It is valid for 10 minutes.' });
    expect(await count(api.services, 'outbox')).toBe(mailsBefore);
    const now = await signInRequest(api, SIGN_UP.username, SIGN_UP.password);
    expect(now.status).toBe(200);
    // Every member reaches the staff area (their tasks); its admin sections stay closed to them.
    expect(await now.json()).toEqual({ next: 'admin', redirect: '/admin' });
  });

  test('the sign-up code endpoints tell nobody whether an address is a staff account, and count guesses before checking them', async () => {
    const from = (client: string) => ({ 'x-test-client': client });
    // A staff account and an address nobody uses: the same answers, word for word.
    const staff = await postAuth(api, '/api/auth/resend-code', { email: ADMIN.email }, undefined, from('192.0.2.80'));
    const nobody = await postAuth(api, '/api/auth/resend-code', { email: 'nobody.here@example.org' }, undefined, from('192.0.2.80'));
    expect([staff.status, nobody.status]).toEqual([200, 200]);
    expect(await staff.json()).toEqual(await nobody.json());
    const staffConfirm = await postAuth(api, '/api/auth/confirm-sign-up', { email: ADMIN.email, code: '123456' }, undefined, from('192.0.2.81'));
    const nobodyConfirm = await postAuth(api, '/api/auth/confirm-sign-up', { email: 'nobody.here@example.org', code: '123456' }, undefined, from('192.0.2.81'));
    expect([staffConfirm.status, nobodyConfirm.status]).toEqual([400, 400]);
    expect(await staffConfirm.json()).toEqual(await nobodyConfirm.json());

    // Requests for codes are limited per network, known address or not.
    for (let i = 0; i < 3; i++) expect((await postAuth(api, '/api/auth/resend-code', { email: ADMIN.email }, undefined, from('192.0.2.80'))).status).toBe(200);
    const limited = await postAuth(api, '/api/auth/resend-code', { email: 'nobody.here@example.org' }, undefined, from('192.0.2.80'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Thirty concurrent guesses at a pending account's code, the right one among them: at most 3 are checked.
    const pending = { ...SIGN_UP, username: 'guessed.code', email: 'guessed.code@example.org' };
    expect((await postAuth(api, '/api/auth/sign-up', pending)).status).toBe(201);
    const code = (await codeFor(api, pending.email))!;
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 15 ? code : String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')));
    const answers = await Promise.all(guesses.map((guess) => postAuth(api, '/api/auth/confirm-sign-up', { email: pending.email, code: guess }, undefined, from('192.0.2.82'))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400 || status === 200).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(27);
  });

  test('a code entered after the 3-minute auto sign-in window confirms without signing in', async () => {
    const late = { ...SIGN_UP, username: 'late.member', email: 'late@example.org' };
    expect((await postAuth(api, '/api/auth/sign-up', late)).status).toBe(201);
    const resent = await postAuth(api, '/api/auth/resend-code', { email: 'late@example.org' });
    expect(resent.status).toBe(200);
    const code = await codeFor(api, 'late@example.org');
    vi.useFakeTimers({ now: Date.now() + 4 * 60_000, toFake: ['Date'] });
    try {
      const response = await postAuth(api, '/api/auth/confirm-sign-up', { email: 'late@example.org', code });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ next: 'sign-in', message: 'The account was not confirmed on time.' });
      expect(cookieOf(response)).toBe('');
    } finally {
      vi.useRealTimers();
    }
    expect((await signInRequest(api, late.username, late.password)).status).toBe(200);
  });

  test('a member with an unverified address is asked to verify it after sign-in, and can', async () => {
    await api.services.staff.accounts.create({ username: 'unverified', email: 'unverified@example.org', password: 'Pamoja#2026', admin: true, emailVerified: false });
    const response = await signInRequest(api, 'unverified', 'Pamoja#2026');
    expect(await response.json()).toEqual({ next: 'verify-user', redirect: '/admin/login?step=verify-user' });
    const cookie = cookieOf(response);
    // Skip: the staff area is open all the same.
    expect((await me(api, cookie)).status).toBe(200);
    expect((await postAuth(api, '/api/auth/verify-user/send', {})).status).toBe(401);
    expect((await postAuth(api, '/api/auth/verify-user/send', {}, cookie)).status).toBe(200);
    const code = await codeFor(api, 'unverified@example.org');
    expect((await postAuth(api, '/api/auth/verify-user/confirm', { code: '12' }, cookie)).status).toBe(400);
    const verified = await postAuth(api, '/api/auth/verify-user/confirm', { code }, cookie);
    expect(verified.status).toBe(200);
    expect((await me(api, cookie)).status).toBe(200);
    expect(Boolean((await userRow(api, 'unverified@example.org'))!.emailVerified)).toBe(true);
    const next = await signInRequest(api, 'unverified', 'Pamoja#2026');
    expect(await next.json()).toEqual({ next: 'admin', redirect: '/admin' });
  });

  /** Runs a social sign-in the way a browser does; returns where the callback sent it and its cookies. */
  async function socialSignIn(id: string, email: string, options: { verified?: boolean; cancel?: boolean; linkFrom?: string } = {}) {
    // With `linkFrom` (a session cookie): the signed-in member links the provider's account instead.
    const start = await postAuth(api, options.linkFrom ? '/api/auth/link/social' : '/api/auth/sign-in/social', { provider: id }, options.linkFrom);
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const authorize = new URL(url);
    expect(authorize.origin + authorize.pathname).toBe(`${provider.origin}/${id}/authorize`);
    const approve = new URL(`${provider.origin}/${id}/approve`);
    for (const name of ['redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'response_mode']) {
      const value = authorize.searchParams.get(name);
      if (value) approve.searchParams.set(name, value);
    }
    approve.searchParams.set('email', email);
    if (options.verified !== false) approve.searchParams.set('email_verified', 'true');
    approve.searchParams.set('decision', options.cancel ? 'cancel' : 'allow');
    const answer = await fetch(approve, { redirect: 'manual' });
    const cookie = [options.linkFrom, cookieOf(start)].filter(Boolean).join('; ');
    let back: Response;
    if (answer.status === 302) {
      const location = new URL(answer.headers.get('location')!);
      back = await api.app.request(location.pathname + location.search, { headers: { cookie } });
    } else {
      // Apple: a form post from the provider's own site.
      const page = await answer.text();
      const fields = [...page.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name, value.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))]);
      const action = new URL(/action="([^"]+)"/.exec(page)![1]);
      back = await api.app.request(action.pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: provider.origin, cookie }, body: new URLSearchParams(fields).toString() });
      // Better Auth answers the post with a redirect to itself (GET), where the state cookie is sent.
      if (back.status === 302 && new URL(back.headers.get('location')!, 'http://x').pathname.startsWith('/api/auth/callback/')) {
        const next = new URL(back.headers.get('location')!, 'http://localhost');
        back = await api.app.request(next.pathname + next.search, { headers: { cookie } });
      }
    }
    return { status: back.status, location: back.headers.get('location') ?? '', cookie: cookieOf(back), authorize };
  }

  for (const id of ['amazon', 'apple', 'facebook', 'google']) {
    test(`${id}: links only to an existing member with the same verified address, never creates one`, async () => {
      const users = await count(api.services, 'staff_user' as never);
      // Nobody uses this address: no account is made.
      const stranger = await socialSignIn(id, `stranger.${id}@example.org`);
      expect(stranger.status).toBe(302);
      expect(stranger.location).toMatch(/^\/admin\/login\?error=/);
      expect(stranger.cookie).not.toMatch(/session_token/);
      expect(await count(api.services, 'staff_user' as never)).toBe(users);

      // A member whose own address is not verified is not linked.
      const email = `${id}.member@example.org`;
      await api.services.staff.accounts.create({ username: `${id}.member`, email, password: 'Pamoja#2026', emailVerified: false });
      const unverifiedLocal = await socialSignIn(id, email);
      expect(unverifiedLocal.location).toMatch(/^\/admin\/login\?error=/);

      // A verified member: linked, signed in, and still not an administrator.
      await api.services.db.kysely.updateTable('staff_user' as never).set({ emailVerified: backend === 'sqlite' ? 1 : true } as never).where('email' as never, '=', email as never).execute();
      if (id === 'amazon' || id === 'facebook') {
        // These providers never say the address is verified: no sign-in by address…
        const refused = await socialSignIn(id, email);
        expect(refused.location).toMatch(/^\/admin\/login\?error=/);
        expect(refused.cookie).not.toMatch(/session_token/);
        // …until the member links the provider's account from a signed-in session.
        const session = await signIn(api, `${id}.member`, 'Pamoja#2026');
        expect((await socialSignIn(id, email, { linkFrom: session })).location).toBe('/admin');
      }
      const linked = await socialSignIn(id, id === 'amazon' || id === 'facebook' ? email : email.toUpperCase());
      expect(linked.location).toBe('/admin');
      expect(linked.cookie).toMatch(/sipa\.session_token=/);
      const gate = await me(api, linked.cookie);
      expect(gate.status).toBe(200);
      expect(await gate.json()).toMatchObject({ user: { role: 'user' } });
      const adminOnly = await api.app.request('/api/inbox/counts', { headers: { cookie: linked.cookie } });
      expect(adminOnly.status).toBe(403);
      expect(await adminOnly.json()).toMatchObject({ code: 'not-admin' });
      expect(await count(api.services, 'staff_user' as never)).toBe(users + 1);
      expect((await userRow(api, email))!.role).toBe('user');
      // PKCE with S256 where the provider takes it (all but Apple, which answers with a form post).
      expect(provider.tokenRequests.filter((r) => r.provider === id && r.ok).every((r) => r.pkce === (id === 'apple' ? 'none' : 'S256'))).toBe(true);
      if (id !== 'apple') expect(linked.authorize.searchParams.get('code_challenge_method')).toBe('S256');
      else expect(linked.authorize.searchParams.get('response_mode')).toBe('form_post');
    });
  }

  test('a member with an authenticator app is asked for its code after every provider, as after the password', async () => {
    const member = { username: 'two.step', email: 'two.step@example.org', password: 'Pamoja#2026' };
    await api.services.staff.accounts.create({ ...member, admin: true });
    const session = await signIn(api, member.username, member.password);
    const enabled = await postAuth(api, '/api/auth/two-factor/enable', { password: member.password }, session);
    const secret = secretOf(((await enabled.json()) as { totpURI: string }).totpURI);
    expect((await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, session)).status).toBe(200);
    for (const id of ['amazon', 'apple', 'facebook', 'google']) {
      if (id === 'amazon' || id === 'facebook') expect((await socialSignIn(id, member.email, { linkFrom: await signInWithCode() })).location, id).toBe('/admin');
      const back = await socialSignIn(id, member.email);
      expect(back.location, id).toBe('/admin/login?step=two-factor');
      expect(back.cookie, id).not.toMatch(/session_token/);
      expect(back.cookie, id).toMatch(/sipa\.two_factor=/);
      const wrong = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: String((Number(totpCode(secret)) + 7) % 1_000_000).padStart(6, '0') }, back.cookie);
      expect(wrong.status, id).toBe(401);
      const done = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, back.cookie);
      expect(done.status, id).toBe(200);
      expect(await done.json()).toEqual({ next: 'admin', redirect: '/admin' });
      expect(cookieOf(done), id).toMatch(/sipa\.session_token=/);
    }

    /** A full session of the member: password, then the code. */
    async function signInWithCode(): Promise<string> {
      const step = await signInRequest(api, member.username, member.password);
      const verified = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, cookieOf(step));
      expect(verified.status).toBe(200);
      return cookieOf(verified);
    }
  });

  test('google: an address the provider does not vouch for links nobody; cancelling says so', async () => {
    const email = 'careful@example.org';
    await api.services.staff.accounts.create({ username: 'careful', email, password: 'Pamoja#2026' });
    const unverified = await socialSignIn('google', email, { verified: false });
    expect(unverified.location).toMatch(/^\/admin\/login\?error=/);
    expect(unverified.cookie).not.toMatch(/session_token/);
    const cancelled = await socialSignIn('google', email, { cancel: true });
    expect(cancelled.location).toBe('/admin/login?error=access_denied');
  });

  test('a provider that answers without an access token, or with an id token naming nobody, signs nobody in', async () => {
    try {
      provider.misbehave = 'no-token';
      const noToken = await socialSignIn('facebook', ADMIN.email);
      expect(noToken.location).toBe('/admin/login?error=invalid_code');
      expect(noToken.cookie).not.toMatch(/session_token/);
      provider.misbehave = 'bad-id-token';
      const badIdToken = await socialSignIn('apple', ADMIN.email);
      expect(badIdToken.location).toBe('/admin/login?error=unable_to_get_user_info');
      expect(badIdToken.cookie).not.toMatch(/session_token/);
    } finally {
      provider.misbehave = null;
    }
  });

  test('a disabled member gets no session through a provider either', async () => {
    await api.services.staff.accounts.create({ username: 'paused', email: 'paused@example.org', password: 'Pamoja#2026' });
    await api.services.staff.accounts.setDisabled('paused', true);
    const attempt = await socialSignIn('google', 'paused@example.org');
    expect(attempt.status).toBe(302);
    expect(attempt.location).toMatch(/^\/admin\/login\?error=BANNED_USER&/);
    expect(attempt.cookie).not.toMatch(/session_token/);
  });

  test('the admin keeps their role through a social sign-in, and an unsupported provider is refused and logged', async () => {
    const linked = await socialSignIn('google', ADMIN.email);
    expect(linked.location).toBe('/admin');
    expect((await me(api, linked.cookie)).status).toBe(200);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const response = await postAuth(api, '/api/auth/sign-in/social', { provider: 'github' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'This sign-in provider is not supported.' });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('unsupported social provider "github"'));
    } finally {
      warn.mockRestore();
    }
    expect((await signIn(api, ADMIN.username, ADMIN.password)).length).toBeGreaterThan(0);
  });
});
