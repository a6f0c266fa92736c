/**
 * Staff sign-in and sessions over the API on both databases: the 401/403 matrix, cookies, a new
 * session per sign-in, idle and absolute expiry (controlled clock), revocation on sign-out and
 * on a password change, cross-origin refusal, and the plain form post.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { describeBackends, makeApi, type TestApi } from './helpers.ts';
import { ADMIN, MEMBER, cookieOf, createAccounts, me, postAuth, signIn, signInRequest } from './staff-helpers.ts';

const MINUTE = 60_000;

describeBackends('staff sessions', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend);
    await createAccounts(api);
  });
  afterAll(() => api.close());
  afterEach(() => vi.useRealTimers());

  test('a wrong password or an unknown username gets the spec message and no cookie', async () => {
    for (const [username, password] of [[ADMIN.username, 'Wrong#Pass1'], ['nobody', ADMIN.password]]) {
      const response = await signInRequest(api, username, password);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Invalid username or password' });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  test('empty fields are refused before any check', async () => {
    const response = await signInRequest(api, '  ', '');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: Array<{ path: string; message: string }> };
    expect(body.issues).toEqual([
      { path: 'username', message: 'This field is required' },
      { path: 'password', message: 'This field is required' },
    ]);
  });

  test('the session cookie is HttpOnly and SameSite=Lax, and each sign-in makes a new session', async () => {
    const first = await signInRequest(api, 'DIRECTOR', ADMIN.password);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ next: 'admin', redirect: '/admin' });
    const [cookie] = first.headers.getSetCookie();
    expect(cookie).toMatch(/^sipa\.session_token=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const second = await signIn(api, ADMIN.username, ADMIN.password);
    expect(second).not.toBe(cookieOf(first));
    expect((await me(api, cookieOf(first))).status).toBe(200);
    expect((await me(api, second)).status).toBe(200);
  });

  test('the 401/403 matrix of the staff routes', async () => {
    const admin = await signIn(api, ADMIN.username, ADMIN.password);
    const member = await signIn(api, MEMBER.username, MEMBER.password);
    // The staff area: every member reaches it (their tasks); its admin sections are for administrators.
    expect((await me(api)).status).toBe(401);
    expect((await me(api, 'sipa.session_token=forged.value')).status).toBe(401);
    const memberMe = await me(api, member);
    expect(memberMe.status).toBe(200);
    expect(await memberMe.json()).toMatchObject({ user: { username: 'volunteer.lead', role: 'user' } });
    const forbidden = await api.app.request('/api/inbox/counts', { headers: { cookie: member } });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: 'not-admin' });
    const allowed = await me(api, admin);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ user: { username: 'Director', email: ADMIN.email, role: 'admin' } });
    // The member's own account: any signed-in member, nobody without a session.
    for (const path of ['/api/auth/sign-out', '/api/auth/change-password', '/api/auth/revoke-sessions']) {
      expect((await postAuth(api, path, {})).status, path).toBe(401);
    }
    const wrongCurrent = { currentPassword: 'Not#Mine123', newPassword: 'Another#Pass9' };
    expect((await postAuth(api, '/api/auth/change-password', wrongCurrent, member)).status).toBe(400);
    expect((await postAuth(api, '/api/auth/change-password', wrongCurrent, admin)).status).toBe(400);
    // Better Auth's other endpoints are not reachable over HTTP.
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/admin/create-user', '/api/auth/admin/list-users', '/api/auth/sign-in/email-otp', '/api/auth/get-session']) {
      expect((await postAuth(api, path, {}, admin)).status, path).toBe(404);
    }
  });

  test('sign-out ends that session on the server and leaves the others', async () => {
    const a = await signIn(api, ADMIN.username, ADMIN.password);
    const b = await signIn(api, ADMIN.username, ADMIN.password);
    expect((await postAuth(api, '/api/auth/sign-out', {}, a)).status).toBe(200);
    expect((await me(api, a)).status).toBe(401);
    expect((await me(api, b)).status).toBe(200);
  });

  test('sign out everywhere ends every session of the member', async () => {
    const a = await signIn(api, MEMBER.username, MEMBER.password);
    const b = await signIn(api, MEMBER.username, MEMBER.password);
    const admin = await signIn(api, ADMIN.username, ADMIN.password);
    expect((await postAuth(api, '/api/auth/revoke-sessions', {}, a)).status).toBe(200);
    for (const cookie of [a, b]) expect((await postAuth(api, '/api/auth/sign-out', {}, cookie)).status).toBe(401);
    expect((await me(api, admin)).status).toBe(200);
  });

  test('a password change ends every other session and the old password', async () => {
    const account = { username: 'treasurer', email: 'treasurer@example.org', password: 'Ubuntu#2026a' };
    await api.services.staff.accounts.create({ ...account, admin: true });
    const a = await signIn(api, account.username, account.password);
    const b = await signIn(api, account.username, account.password);
    const changed = await postAuth(api, '/api/auth/change-password', { currentPassword: account.password, newPassword: 'Umoja&Nia2027' }, a);
    expect(changed.status).toBe(200);
    const fresh = cookieOf(changed);
    expect(fresh).toMatch(/^sipa\.session_token=/);
    expect((await me(api, a)).status).toBe(401);
    expect((await me(api, b)).status).toBe(401);
    expect((await me(api, fresh)).status).toBe(200);
    expect((await signInRequest(api, account.username, account.password)).status).toBe(401);
    expect((await signInRequest(api, account.username, 'Umoja&Nia2027')).status).toBe(200);
  });

  test('a session ends after 30 minutes without a request, and is kept alive by use', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const cookie = await signIn(api, ADMIN.username, ADMIN.password);
    vi.setSystemTime(start + 29 * MINUTE);
    expect((await me(api, cookie)).status).toBe(200);
    vi.setSystemTime(start + 58 * MINUTE);
    expect((await me(api, cookie)).status).toBe(200);
    vi.setSystemTime(start + 58 * MINUTE + 30 * MINUTE + 1000);
    expect((await me(api, cookie)).status).toBe(401);
  });

  test('a session ends 12 hours after sign-in even when used all along', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const cookie = await signIn(api, ADMIN.username, ADMIN.password);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      vi.setSystemTime(start + minutes * MINUTE);
      expect((await me(api, cookie)).status, `after ${minutes} minutes`).toBe(200);
    }
    vi.setSystemTime(start + 12 * 60 * MINUTE + 1000);
    expect((await me(api, cookie)).status).toBe(401);
    // Better Auth's own endpoints refuse it too: the refresh never moved it past 12 hours.
    expect((await postAuth(api, '/api/auth/revoke-sessions', {}, cookie)).status).toBe(401);
  });

  test('requests from another site are refused and change nothing', async () => {
    const evil = { origin: 'https://evil.example' };
    const signInFromElsewhere = await signInRequest(api, ADMIN.username, ADMIN.password, evil);
    expect(signInFromElsewhere.status).toBe(403);
    expect(signInFromElsewhere.headers.getSetCookie()).toEqual([]);
    const cookie = await signIn(api, ADMIN.username, ADMIN.password, { origin: 'http://localhost' });
    expect((await postAuth(api, '/api/auth/sign-out', {}, cookie, evil)).status).toBe(403);
    expect((await postAuth(api, '/api/auth/change-password', { currentPassword: ADMIN.password, newPassword: 'Evil#Pass2026' }, cookie, evil)).status).toBe(403);
    expect((await postAuth(api, '/api/auth/revoke-sessions', {}, cookie, evil)).status).toBe(403);
    expect((await me(api, cookie)).status).toBe(200);
    expect((await signInRequest(api, ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  test('the login form works as a plain form post: 303 to /admin with the cookie, or back with the error', async () => {
    const post = (fields: Record<string, string>) =>
      api.app.request('/api/auth/sign-in/username', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const ok = await post({ username: ADMIN.username, password: ADMIN.password });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/admin');
    expect((await me(api, cookieOf(ok))).status).toBe(200);
    const wrong = await post({ username: ADMIN.username, password: 'nope' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/admin/login?error=invalid');
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const empty = await post({ username: '', password: '' });
    expect(empty.headers.get('location')).toBe('/admin/login?error=required');
  });
});

describe('staff cookies over HTTPS', () => {
  test('HTTPS=true makes the cookie Secure and __Secure- prefixed', async () => {
    const api = await makeApi('sqlite', { https: true });
    try {
      await createAccounts(api);
      const response = await signInRequest(api, ADMIN.username, ADMIN.password);
      const [cookie] = response.headers.getSetCookie();
      expect(cookie).toMatch(/^__Secure-sipa\.session_token=/);
      expect(cookie).toContain('; Secure');
      expect(cookie).toContain('HttpOnly');
    } finally {
      await api.close();
    }
  });
});
