/**
 * Two-factor authentication over the API on both databases: setting up an authenticator app and
 * email codes, the sign-in step (TOTP, email code, backup codes once each, a trusted device),
 * failures toward the sign-in lockout, turning a method off with the password, new backup codes
 * replacing the old, REQUIRE_ADMIN_MFA, and secrets and codes kept out of the database in the
 * clear and out of every log line.
 */
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { symmetricEncrypt } from 'better-auth/crypto';
import { secretOf, totpCode } from '../../tests/support/totp.ts';
import { runStaffCommand } from '../src/staff-cli.ts';
import { describeBackends, makeApi, type TestApi } from './helpers.ts';
import { cookieOf, me, postAuth, signIn, signInRequest } from './staff-helpers.ts';

const PASSWORD = 'Tatu#Mbili2026';
let serial = 0;

/** A fresh administrator per test, so the lockout and the factors of one test touch no other. */
async function newAdmin(api: TestApi, prefix = 'mfa') {
  const username = `${prefix}${++serial}x${Date.now().toString(36)}`;
  const email = `${username}@example.org`;
  await api.services.staff.accounts.create({ username, email, admin: true, password: PASSWORD });
  return { username, email };
}

const get = (api: TestApi, path: string, cookie?: string) => api.app.request(path, { headers: cookie ? { cookie } : {} });

/** Merges Set-Cookie answers into a Cookie header (a later value replaces, an emptied one is removed). */
function withCookies(cookie: string, response: Response): string {
  const jar = new Map(cookie.split('; ').filter(Boolean).map((pair) => [pair.split('=')[0], pair] as const));
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(';')[0];
    const name = pair.split('=')[0];
    if (pair.endsWith('=') || /max-age=0/i.test(set)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

async function latestCode(api: TestApi, email: string, kind = 'staff.two-factor-code'): Promise<string> {
  const row = await api.services.db.kysely
    .selectFrom('outbox')
    .select(['text_body', 'subject'])
    .where('to_address', '=', email)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const code = /Your code: (\d{6})/.exec(row.text_body)?.[1];
  if (!code) throw new Error(`no code in ${row.text_body}`);
  return code;
}

/** Sets up the authenticator app for a signed-in member; returns the secret and the backup codes. */
async function setUpTotp(api: TestApi, cookie: string) {
  const enabled = await postAuth(api, '/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  const confirmed = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, cookie);
  expect(confirmed.status).toBe(200);
  return { secret, backupCodes, totpURI, cookie: withCookies(cookie, confirmed) };
}

/** Password first: returns the challenge cookie of the second step. */
async function passwordStep(api: TestApi, username: string, cookie = '') {
  const response = await signInRequest(api, username, PASSWORD, cookie ? { cookie } : {});
  expect(response.status).toBe(200);
  return { body: (await response.json()) as { next: string; redirect: string }, cookie: withCookies(cookie, response) };
}

describeBackends('staff two-factor', (backend) => {
  let api: TestApi;
  const logged: string[] = [];
  beforeAll(async () => {
    // No SMTP_URL: every message stays in the outbox and is logged, the case where a code could leak into a log.
    api = await makeApi(backend);
    for (const method of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await api.close();
  });
  afterEach(() => vi.useRealTimers());

  test('authenticator app: password first, then the QR URI and 10 backup codes; on only after a first code', async () => {
    const { username } = await newAdmin(api);
    const cookie = await signIn(api, username, PASSWORD);
    expect(await (await get(api, '/api/auth/two-factor/status', cookie)).json()).toEqual({ totp: false, otp: false, backupCodes: 0 });
    expect((await get(api, '/api/auth/two-factor/status')).status).toBe(401);

    const wrong = await postAuth(api, '/api/auth/two-factor/enable', { password: 'Wrong#Pass1' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'The password is not correct.', issues: [{ path: 'password' }] });
    const empty = await postAuth(api, '/api/auth/two-factor/enable', {}, cookie);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ issues: [{ path: 'password', message: 'This field is required' }] });

    const enabled = await postAuth(api, '/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/SIPA%20staff:/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('SIPA staff');
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not on before a first code: signing in still asks only for the password.
    expect(await (await get(api, '/api/auth/two-factor/status', cookie)).json()).toEqual({ totp: false, otp: false, backupCodes: 0 });
    expect((await passwordStep(api, username)).body.next).toBe('admin');

    const secret = secretOf(totpURI);
    const bad = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: '000000' === totpCode(secret) ? '111111' : '000000' }, cookie);
    expect(bad.status).toBe(400);
    const good = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, cookie);
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ totp: true, otp: false, backupCodes: 10 });

    // Stored encrypted: neither the secret nor any backup code is in the row in the clear.
    const row = await api.services.db.kysely.selectFrom('staff_two_factor' as never).selectAll().executeTakeFirstOrThrow() as Record<string, string>;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(secret);
    for (const code of backupCodes) expect(stored).not.toContain(code);
  });

  test('sign-in with the app: no session before the code, a wrong code fails, the right one signs in; a trusted device skips the step', async () => {
    const { username } = await newAdmin(api);
    const { secret } = await setUpTotp(api, await signIn(api, username, PASSWORD));

    const first = await passwordStep(api, username);
    expect(first.body).toEqual({ next: 'two-factor', redirect: '/admin/login?step=two-factor' });
    expect(first.cookie).toMatch(/sipa\.two_factor=/);
    expect(first.cookie).not.toMatch(/sipa\.session_token=/);
    expect((await me(api, first.cookie)).status).toBe(401);
    expect(await (await get(api, '/api/auth/two-factor/challenge', first.cookie)).json()).toEqual({ methods: ['totp'] });
    // Email codes were not turned on: none can be asked for, so the app cannot be bypassed by mail.
    expect((await postAuth(api, '/api/auth/two-factor/send-otp', {}, first.cookie)).status).toBe(400);

    const wrong = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0') }, first.cookie);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'That code is not correct. Please try again.' });
    const right = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret), trustDevice: true }, first.cookie);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ next: 'admin', redirect: '/admin' });
    const session = withCookies(first.cookie, right);
    expect(session).toMatch(/sipa\.trust_device=/);
    expect((await me(api, session)).status).toBe(200);
    const trust = right.headers.getSetCookie().find((c) => c.startsWith('sipa.trust_device='))!;
    expect(trust).toContain('HttpOnly');
    expect(trust).toMatch(/Max-Age=2592000/);

    // The trusted device: the password alone signs in for 30 days.
    const trusted = await passwordStep(api, username, session.split('; ').filter((p) => p.startsWith('sipa.trust_device=')).join('; '));
    expect(trusted.body.next).toBe('admin');
    // Without it, the step is asked again.
    expect((await passwordStep(api, username)).body.next).toBe('two-factor');
  });

  test('backup codes work once each; new codes replace the old at once', async () => {
    const { username } = await newAdmin(api);
    const setUp = await setUpTotp(api, await signIn(api, username, PASSWORD));
    const [firstCode, secondCode] = setUp.backupCodes;

    const one = await passwordStep(api, username);
    const used = await postAuth(api, '/api/auth/two-factor/verify-backup-code', { code: firstCode }, one.cookie);
    expect(used.status).toBe(200);
    const session = withCookies(one.cookie, used);
    expect(await (await get(api, '/api/auth/two-factor/status', session)).json()).toMatchObject({ backupCodes: 9 });

    const two = await passwordStep(api, username);
    const again = await postAuth(api, '/api/auth/two-factor/verify-backup-code', { code: firstCode }, two.cookie);
    expect(again.status).toBe(401);

    const wrongPassword = await postAuth(api, '/api/auth/two-factor/generate-backup-codes', { password: 'Wrong#Pass1' }, session);
    expect(wrongPassword.status).toBe(400);
    const renewed = await postAuth(api, '/api/auth/two-factor/generate-backup-codes', { password: PASSWORD }, session);
    expect(renewed.status).toBe(200);
    const { backupCodes } = (await renewed.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes).not.toContain(secondCode);
    const three = await passwordStep(api, username);
    expect((await postAuth(api, '/api/auth/two-factor/verify-backup-code', { code: secondCode }, three.cookie)).status).toBe(401);
    const four = await passwordStep(api, username);
    expect((await postAuth(api, '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, four.cookie)).status).toBe(200);
  });

  test('backup codes: no look-alike characters, accepted without the dash, with spaces and in any case; codes made before keep working', async () => {
    const { username } = await newAdmin(api);
    const { backupCodes } = await setUpTotp(api, await signIn(api, username, PASSWORD));
    for (const code of backupCodes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{5}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{5}$/);
    const typed = [backupCodes[0]!.replace('-', '').toLowerCase(), ` ${backupCodes[1]!.slice(0, 5)} ${backupCodes[1]!.slice(6).toLowerCase()} `, backupCodes[2]!.toLowerCase()];
    for (const code of typed) {
      const step = await passwordStep(api, username);
      expect((await postAuth(api, '/api/auth/two-factor/verify-backup-code', { code }, step.cookie)).status, code).toBe(200);
    }
    // Used once, whatever the spelling.
    const again = await passwordStep(api, username);
    expect((await postAuth(api, '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, again.cookie)).status).toBe(401);

    // Codes of the old alphabet (mixed case, look-alikes and all), as Better Auth stored them before.
    const ctx = await api.services.staff.auth.$context;
    const userId = (await api.services.staff.accounts.findByUsername(username))!.id;
    const old = ['aB3dE-fG7hJ', 'lI1oO-0xYzQ'];
    const stored = await symmetricEncrypt({ key: ctx.secretConfig as never, data: JSON.stringify(old) });
    await api.services.db.kysely.updateTable('staff_two_factor' as never).set({ backupCodes: stored } as never).where('userId' as never, '=', userId as never).execute();
    for (const code of ['ab3defg7hj', 'LI1OO 0XYZQ']) {
      const step = await passwordStep(api, username);
      expect((await postAuth(api, '/api/auth/two-factor/verify-backup-code', { code }, step.cookie)).status, code).toBe(200);
    }
  });

  test('email codes: set up with a first code, then sign-in offers the choice; codes are hashed and never logged', async () => {
    const { username, email } = await newAdmin(api);
    const { secret, cookie } = await setUpTotp(api, await signIn(api, username, PASSWORD));

    expect((await postAuth(api, '/api/auth/two-factor/send-otp', {}, cookie)).status).toBe(200);
    const setupCode = await latestCode(api, email);
    // Asked again at once: the code already sent stays the one to use.
    const tooSoon = await postAuth(api, '/api/auth/two-factor/send-otp', {}, cookie);
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('Retry-After'))).toBeGreaterThan(0);
    const confirmed = await postAuth(api, '/api/auth/two-factor/verify-otp', { code: setupCode }, cookie);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ totp: true, otp: true, backupCodes: 10 });

    const step = await passwordStep(api, username);
    expect(await (await get(api, '/api/auth/two-factor/challenge', step.cookie)).json()).toEqual({ methods: ['totp', 'otp'] });
    expect((await postAuth(api, '/api/auth/two-factor/send-otp', {}, step.cookie)).status).toBe(200);
    const code = await latestCode(api, email);
    // While the code is pending: its record holds only a hash, and the mail's subject does not carry it.
    const pending = JSON.stringify(await api.services.db.kysely.selectFrom('staff_verification' as never).selectAll().execute());
    expect(pending).toContain('2fa-otp-');
    expect(pending).not.toContain(code);
    const codeMails = () => api.services.db.kysely.selectFrom('outbox').select('subject').where('to_address', '=', email).where('kind', '=', 'staff.two-factor-code').execute();
    const subjects = (await codeMails()).map((row) => row.subject);
    expect(subjects).toContain('Your SIPA staff sign-in code');
    for (const subject of subjects) expect(subject).not.toContain(code);
    const signedIn = await postAuth(api, '/api/auth/two-factor/verify-otp', { code }, step.cookie);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ next: 'admin', redirect: '/admin' });
    // A used code leaves the outbox with its mail.
    expect(await codeMails()).toEqual([]);
    // The authenticator app still works as the other choice.
    const other = await passwordStep(api, username);
    expect((await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, other.cookie)).status).toBe(200);

    for (const sent of [setupCode, code]) expect(logged.filter((line) => line.includes(sent))).toEqual([]);
    // The outbox did log the messages (recipient and subject), so the check above looked at real lines.
    expect(logged.some((line) => line.includes('staff.two-factor-code') && line.includes(email))).toBe(true);
  });

  test('the password reset code stays out of the log too', async () => {
    const { email } = await newAdmin(api);
    expect((await postAuth(api, '/api/auth/email-otp/request-password-reset', { email })).status).toBe(200);
    await api.services.mailer.settled();
    const code = await latestCode(api, email, 'staff.reset-code');
    expect(logged.some((line) => line.includes('staff.reset-code') && line.includes(email))).toBe(true);
    expect(logged.filter((line) => line.includes(code))).toEqual([]);
  });

  test('wrong codes count toward the account lockout: after 10 failures even the password is refused', async () => {
    const { username } = await newAdmin(api);
    const { secret } = await setUpTotp(api, await signIn(api, username, PASSWORD));
    const wrongCode = () => String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    let failures = 0;
    while (failures < 10) {
      const step = await passwordStep(api, username);
      // Five tries per challenge, then back to the password.
      for (let i = 0; i < 5 && failures < 10; i++) {
        const answer = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: wrongCode() }, step.cookie);
        expect(answer.status).toBe(401);
        failures++;
      }
    }
    const locked = await signInRequest(api, username, PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' });
  });

  test('the second step must be done within 3 minutes of the password (the spec: sign-in state expiry 3 minutes)', async () => {
    const { username } = await newAdmin(api);
    const { secret } = await setUpTotp(api, await signIn(api, username, PASSWORD));
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const response = await signInRequest(api, username, PASSWORD);
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith('sipa.two_factor='))).toMatch(/Max-Age=180\b/);
    const cookie = withCookies('', response);
    vi.setSystemTime(start + 3 * 60_000 - 2000);
    expect((await get(api, '/api/auth/two-factor/challenge', cookie)).status).toBe(200);
    vi.setSystemTime(start + 3 * 60_000 + 1000);
    const late = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, cookie);
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ code: 'challenge-expired' });
  });

  test('a challenge allows five wrong codes, then asks for the password again', async () => {
    const { username } = await newAdmin(api);
    const { secret } = await setUpTotp(api, await signIn(api, username, PASSWORD));
    const step = await passwordStep(api, username);
    const wrongCode = String((Number(totpCode(secret)) + 3) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await postAuth(api, '/api/auth/two-factor/verify-totp', { code: wrongCode }, step.cookie)).status).toBe(401);
    const sixth = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, step.cookie);
    expect(sixth.status).toBe(401);
    expect(await sixth.json()).toMatchObject({ code: 'challenge-expired' });
  });

  test('turning a method off needs the password; with none left the password alone signs in again', async () => {
    const { username, email } = await newAdmin(api);
    const { cookie } = await setUpTotp(api, await signIn(api, username, PASSWORD));
    await postAuth(api, '/api/auth/two-factor/send-otp', {}, cookie);
    const emailOn = await postAuth(api, '/api/auth/two-factor/verify-otp', { code: await latestCode(api, email) }, cookie);
    const session = withCookies(cookie, emailOn);

    const refused = await postAuth(api, '/api/auth/two-factor/turn-off', { method: 'totp', password: 'Wrong#Pass1' }, session);
    expect(refused.status).toBe(400);
    expect(await (await get(api, '/api/auth/two-factor/status', session)).json()).toMatchObject({ totp: true, otp: true });
    const noMethod = await postAuth(api, '/api/auth/two-factor/turn-off', { method: 'sms', password: PASSWORD }, session);
    expect(noMethod.status).toBe(400);

    const totpOff = await postAuth(api, '/api/auth/two-factor/turn-off', { method: 'totp', password: PASSWORD }, session);
    expect(totpOff.status).toBe(200);
    expect(await totpOff.json()).toMatchObject({ totp: false, otp: true, backupCodes: 0, message: 'Authenticator app turned off.' });
    const step = await passwordStep(api, username);
    expect(await (await get(api, '/api/auth/two-factor/challenge', step.cookie)).json()).toEqual({ methods: ['otp'] });

    expect((await postAuth(api, '/api/auth/two-factor/turn-off', { method: 'otp', password: PASSWORD }, session)).status).toBe(200);
    expect((await passwordStep(api, username)).body.next).toBe('admin');
  });

  test('npm run staff -- reset-two-factor: a lost phone and lost backup codes, the password alone again', async () => {
    const { username } = await newAdmin(api);
    const session = (await setUpTotp(api, await signIn(api, username, PASSWORD))).cookie;
    const lines: string[] = [];
    expect(await runStaffCommand(['reset-two-factor', username], (line) => lines.push(line), api.services.config)).toBe(0);
    expect(lines[0]).toBe(`Two-factor sign-in is off for "${username}"; their trusted devices are forgotten and their sessions have ended.`);
    expect((await me(api, session)).status).toBe(401);
    expect((await passwordStep(api, username)).body.next).toBe('admin');
    expect(await runStaffCommand(['reset-two-factor', 'nobody.here'], (line) => lines.push(line), api.services.config)).toBe(1);
    expect(lines.at(-1)).toBe('No staff account is called "nobody.here".');
  });

  test('hostile bodies on every two-factor path: never a 5xx', async () => {
    const { username } = await newAdmin(api);
    const session = await signIn(api, username, PASSWORD);
    const challengeUser = await newAdmin(api);
    await setUpTotp(api, await signIn(api, challengeUser.username, PASSWORD));
    const challenge = (await passwordStep(api, challengeUser.username)).cookie;
    const bodies = ['[]', '1', 'null', '"x"', '{"code":["1"]}', '{"code":{"$ne":1}}', `{"code":"${'9'.repeat(5000)}"}`, '{"password":123}', '{"method":"totp","password":[]}', '{"trustDevice":"yes","code":"12 34 56"}'];
    const paths = ['enable', 'verify-totp', 'send-otp', 'verify-otp', 'verify-backup-code', 'generate-backup-codes', 'turn-off', 'status', 'challenge', 'disable'];
    for (const cookie of [undefined, session, challenge, 'sipa.two_factor=forged.value']) {
      for (const path of paths) {
        for (const body of bodies) {
          const response = await api.app.request(`/api/auth/two-factor/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body });
          expect(response.status, `${path} ${body}`).toBeLessThan(500);
        }
      }
    }
  });

  test('a member still on a temporary password must choose their own before setting anything up', async () => {
    const username = `temp${Date.now().toString(36)}`;
    const { temporaryPassword } = await api.services.staff.accounts.create({ username, email: `${username}@example.org`, admin: true });
    const response = await signInRequest(api, username, temporaryPassword!);
    const cookie = cookieOf(response);
    for (const path of ['enable', 'send-otp', 'verify-otp', 'turn-off']) {
      const answer = await postAuth(api, `/api/auth/two-factor/${path}`, { password: temporaryPassword, code: '123456', method: 'otp' }, cookie);
      expect(answer.status, path).toBe(403);
      expect(await answer.json()).toMatchObject({ code: 'password-change-required' });
    }
  });

  test('bad input is refused with a clear message', async () => {
    const { username } = await newAdmin(api);
    const cookie = await signIn(api, username, PASSWORD);
    const form = await api.app.request('/api/auth/two-factor/enable', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: 'password=x' });
    expect(form.status).toBe(415);
    const broken = await api.app.request('/api/auth/two-factor/enable', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{"password":' });
    expect(broken.status).toBe(400);
    const noCode = await postAuth(api, '/api/auth/two-factor/verify-totp', { code: '  ' }, cookie);
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toMatchObject({ issues: [{ path: 'code', message: 'This field is required' }] });
    // No challenge and no session: nothing to verify.
    expect((await postAuth(api, '/api/auth/two-factor/verify-totp', { code: '123456' })).status).toBe(401);
    // Better Auth's own paths that this mount does not serve stay closed.
    expect((await postAuth(api, '/api/auth/two-factor/disable', { password: PASSWORD }, cookie)).status).toBe(404);
    expect((await postAuth(api, '/api/auth/two-factor/get-totp-uri', { password: PASSWORD }, cookie)).status).toBe(404);
  });
});

describeBackends('REQUIRE_ADMIN_MFA', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend, { requireAdminMfa: true });
  });
  afterAll(() => api.close());

  test('an administrator without a second factor must set one up before the staff area; the last one cannot be turned off', async () => {
    const { username, email } = await newAdmin(api, 'must');
    const step = await passwordStep(api, username);
    expect(step.body).toEqual({ next: 'setup-two-factor', redirect: '/admin/login?step=setup-two-factor' });
    const cookie = step.cookie;
    const blocked = await me(api, cookie);
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ code: 'two-factor-setup-required', message: 'Please set up two-factor authentication before you continue.' });
    expect((await get(api, '/api/auth/two-factor/status', cookie)).status).toBe(200);

    expect((await postAuth(api, '/api/auth/two-factor/send-otp', {}, cookie)).status).toBe(200);
    const on = await postAuth(api, '/api/auth/two-factor/verify-otp', { code: await latestCode(api, email) }, cookie);
    expect(on.status).toBe(200);
    const session = withCookies(cookie, on);
    expect((await me(api, session)).status).toBe(200);

    const last = await postAuth(api, '/api/auth/two-factor/turn-off', { method: 'otp', password: PASSWORD }, session);
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ message: 'Administrators must keep a second step. Set up the other method before turning this one off.' });
  });

  test('a staff member who is not an administrator is not asked', async () => {
    const username = `plain${Date.now().toString(36)}`;
    await api.services.staff.accounts.create({ username, email: `${username}@example.org`, password: PASSWORD });
    const response = await signInRequest(api, username, PASSWORD);
    expect(await response.json()).toEqual({ next: 'admin', redirect: '/admin' });
    expect(cookieOf(response)).toMatch(/sipa\.session_token=/);
  });
});
