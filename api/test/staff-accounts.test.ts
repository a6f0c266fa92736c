/**
 * Staff accounts on both databases: brute-force limits (controlled clock), the password policy on
 * every path that sets a password, the reset code, the first administrator, the migrations and
 * the `npm run staff` commands.
 */
import { getMigrations } from 'better-auth/db/migration';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { createServices, closeServices } from '../src/app.ts';
import { ensureFirstAdmin } from '../src/auth/accounts.ts';
import { runStaffCommand } from '../src/staff-cli.ts';
import { describeBackends, freshConfig, makeApi, type TestApi } from './helpers.ts';
import { ADMIN, MEMBER, cookieOf, createAccounts, me, postAuth, signIn, signInRequest } from './staff-helpers.ts';

const MINUTE = 60_000;
const POLICY = [
  ['Short#1a', null],
  ['Sh#1a', 'Password must have at least 8 characters'],
  ['NOLOWER#123', 'Password must have lower case letters'],
  ['noupper#123', 'Password must have upper case letters'],
  ['NoNumbers#here', 'Password must have numbers'],
  ['NoSpecial123', 'Password must have special characters'],
] as const;

describeBackends('staff accounts', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend);
    await createAccounts(api);
  });
  afterAll(() => api.close());
  afterEach(() => vi.useRealTimers());

  test('strangers guessing from many networks slow the account down but never lock the owner out of their own network; the member is told', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const account = { username: 'guessed.at', email: 'guessed@example.org', password: 'Jamii#Moja1' };
    await api.services.staff.accounts.create({ ...account, admin: true });
    const home = { 'x-test-client': '203.0.113.5' };
    expect((await signInRequest(api, account.username, account.password, home)).status).toBe(200);
    // The attack of the report: 10 wrong passwords from 10 addresses.
    for (let i = 0; i < 10; i++) {
      vi.setSystemTime(start + i * 1000);
      expect((await signInRequest(api, account.username, `Wrong#${i}abc`, { 'x-test-client': `198.51.100.${i + 1}` })).status).toBe(401);
    }
    const guessMails = () => api.services.db.kysely.selectFrom('outbox').select(['to_address', 'subject', 'text_body']).where('kind', '=', 'staff.sign-in-guessing').execute();
    expect(await guessMails()).toEqual([expect.objectContaining({ to_address: 'guessed@example.org', subject: 'Failed sign-ins to your SIPA staff account' })]);
    // The owner from their own network: signed in at once.
    expect((await signInRequest(api, account.username, account.password, home)).status).toBe(200);
    // Strangers now get one attempt a minute between them, right password or not.
    expect((await signInRequest(api, account.username, 'Wrong#10abc', { 'x-test-client': '198.51.100.11' })).status).toBe(401);
    const slowed = await signInRequest(api, account.username, account.password, { 'x-test-client': '198.51.100.12' });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await slowed.json()).toMatchObject({ message: 'Many failed sign-ins have been made to this account from elsewhere. Please wait a minute and try again.' });
    vi.setSystemTime(start + 70_000);
    expect((await signInRequest(api, account.username, account.password, { 'x-test-client': '198.51.100.12' })).status).toBe(200);
    // Told once per window, not at every attempt.
    expect(await guessMails()).toHaveLength(1);
  });

  test('10 failures from one network lock that network out of the account for 15 minutes; the owner elsewhere and npm run staff -- unlock are not stopped', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const account = { username: 'locked.out', email: 'locked@example.org', password: 'Jamii#Moja1' };
    await api.services.staff.accounts.create({ ...account, admin: true });
    const home = { 'x-test-client': '203.0.113.7' };
    expect((await signInRequest(api, account.username, account.password, home)).status).toBe(200);
    const guesser = { 'x-test-client': '192.0.2.10' };
    for (let i = 0; i < 10; i++) {
      vi.setSystemTime(start + i * MINUTE);
      expect((await signInRequest(api, account.username, `Wrong#${i}abc`, guesser)).status).toBe(401);
    }
    vi.setSystemTime(start + 10 * MINUTE);
    const locked = await signInRequest(api, account.username, account.password, guesser);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(5 * 60);
    expect(await locked.json()).toMatchObject({ message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' });
    // The owner, from the network they always use: signed in.
    expect((await signInRequest(api, account.username, account.password, home)).status).toBe(200);
    // Other accounts are not affected.
    expect((await signInRequest(api, ADMIN.username, ADMIN.password, guesser)).status).toBe(200);
    vi.setSystemTime(start + 15 * MINUTE - 1000);
    expect((await signInRequest(api, account.username, account.password, guesser)).status).toBe(429);
    // An administrator unlocks at once from the command line.
    const lines: string[] = [];
    expect(await runStaffCommand(['unlock', 'Locked.Out'], (line) => lines.push(line), api.services.config)).toBe(0);
    expect(lines).toEqual(['Unlocked "locked.out": every count of failed sign-ins against the account has ended.']);
    expect((await signInRequest(api, account.username, account.password, guesser)).status).toBe(200);
  });

  test('an IPv6 guesser counts by its /64: a fresh address in the same network is the same guesser', async () => {
    const account = { username: 'six.guessed', email: 'six@example.org', password: 'Jamii#Moja1' };
    await api.services.staff.accounts.create({ ...account });
    for (let i = 0; i < 10; i++) {
      expect((await signInRequest(api, account.username, `Wrong#${i}abc`, { 'x-test-client': `2001:db8:7:1::${(i + 1).toString(16)}` })).status).toBe(401);
    }
    expect((await signInRequest(api, account.username, account.password, { 'x-test-client': '2001:db8:7:1:ffff::99' })).status).toBe(429);
  });

  test('the email address is also a username: either signs in, and failures count toward the same account', async () => {
    const account = { username: 'by.email', email: 'By.Email@Example.org', password: 'Jamii#Moja1' };
    await api.services.staff.accounts.create({ ...account });
    expect((await signInRequest(api, 'by.email@example.org', account.password, { 'x-test-client': '203.0.113.60' })).status).toBe(200);
    expect((await signInRequest(api, ' BY.EMAIL@example.org ', account.password, { 'x-test-client': '203.0.113.60' })).status).toBe(200);
    const guesser = { 'x-test-client': '192.0.2.61' };
    for (let i = 0; i < 5; i++) expect((await signInRequest(api, 'by.email@example.org', `Wrong#${i}abc`, guesser)).status).toBe(401);
    for (let i = 5; i < 10; i++) expect((await signInRequest(api, 'by.email', `Wrong#${i}abc`, guesser)).status).toBe(401);
    expect((await signInRequest(api, 'by.email', account.password, guesser)).status).toBe(429);
  });

  test('one address spraying many accounts is stopped, other addresses are not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const sprayer = { 'x-test-client': '192.0.2.66' };
    for (let i = 0; i < 30; i++) {
      vi.setSystemTime(start + i * 10_000);
      expect((await signInRequest(api, `guess${i}`, 'Guess#2026x', sprayer)).status).toBe(401);
    }
    const stopped = await signInRequest(api, MEMBER.username, MEMBER.password, sprayer);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signInRequest(api, MEMBER.username, MEMBER.password, { 'x-test-client': '192.0.2.67' })).status).toBe(200);
  });

  test("Better Auth's own limiter counts by the project's client address, not by headers a client sends", async () => {
    const ask = (address: string, forwarded: string) =>
      postAuth(api, '/api/auth/email-otp/request-password-reset', { email: 'someone@example.org' }, undefined, { 'x-test-client': address, 'x-forwarded-for': forwarded, 'x-sipa-client-address': forwarded });
    for (let i = 0; i < 3; i++) expect((await ask('198.51.100.200', `203.0.113.${i + 1}`)).status).toBe(200);
    // A fresh X-Forwarded-For (or our own header, forged) does not make a new client.
    const limited = await ask('198.51.100.200', '203.0.113.99');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ask('198.51.100.201', '203.0.113.99')).status).toBe(200);
  });

  test.each(POLICY)('the policy on a password change: %s', async (password, message) => {
    const cookie = await signIn(api, MEMBER.username, MEMBER.password);
    const response = await postAuth(api, '/api/auth/change-password', { currentPassword: MEMBER.password, newPassword: password }, cookie);
    if (message === null) {
      expect(response.status).toBe(200);
      // Put it back for the other cases.
      const back = await postAuth(api, '/api/auth/change-password', { currentPassword: password, newPassword: MEMBER.password }, cookieOf(response));
      expect(back.status).toBe(200);
      return;
    }
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: Array<{ message: string }> };
    expect(body.message).toBe(message);
    expect(body.issues.map((issue) => issue.message)).toEqual([message]);
    expect((await signInRequest(api, MEMBER.username, MEMBER.password)).status).toBe(200);
  });

  test('the policy on the server paths: invite, administrator create and set-password, sign-up', async () => {
    await expect(api.services.staff.accounts.create({ username: 'weakling', email: 'weak@example.org', password: 'password' })).rejects.toThrow(
      'Password must have upper case letters. Password must have numbers. Password must have special characters',
    );
    expect(await api.services.staff.accounts.findByUsername('weakling')).toBeNull();
    const { auth } = api.services.staff;
    await expect(auth.api.createUser({ body: { email: 'x@example.org', password: 'alllowercase', name: 'x' } })).rejects.toThrow('Password must have upper case letters');
    await expect(auth.api.signUpEmail({ body: { email: 'y@example.org', password: 'NoSpecial123', name: 'y' } })).rejects.toThrow('Password must have special characters');
    const cookie = await signIn(api, ADMIN.username, ADMIN.password);
    const member = await api.services.staff.accounts.findByUsername(MEMBER.username);
    await expect(auth.api.setUserPassword({ body: { userId: member!.id, newPassword: 'Sh#1a' }, headers: new Headers({ cookie }) })).rejects.toThrow(
      'Password must have at least 8 characters',
    );
    expect((await signInRequest(api, MEMBER.username, MEMBER.password)).status).toBe(200);
  });

  test('the reset code: same answer for any address, 6 digits, 3 attempts, 10 minutes, policy, sessions end', async () => {
    const account = { username: 'outreach', email: 'outreach@example.org', password: 'Pamoja#2026' };
    await api.services.staff.accounts.create({ ...account, admin: true });
    const before = await signIn(api, account.username, account.password);
    const codeFor = async (email: string) => {
      const rows = await api.services.db.kysely.selectFrom('outbox').select(['text_body', 'created_at']).where('to_address', '=', email).where('kind', '=', 'staff.reset-code').orderBy('created_at', 'desc').execute();
      return rows.length ? /Your code: (\d+)/.exec(rows[0].text_body)?.[1] : undefined;
    };
    const request = (email: string) => postAuth(api, '/api/auth/email-otp/request-password-reset', { email });
    const unknown = await request('nobody@example.org');
    const known = await request(account.email);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await codeFor('nobody@example.org')).toBeUndefined();
    const code = await codeFor(account.email);
    expect(code).toMatch(/^\d{6}$/);

    const reset = (otp: string, password: string) => postAuth(api, '/api/auth/email-otp/reset-password', { email: account.email, otp, password });
    // A weak password is refused before the code is tried.
    const weak = await reset(code!, 'weakpass');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ message: 'Password must have upper case letters' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await reset(wrong, 'Salama#2026')).status).toBe(400);
    // Three attempts used: the right code no longer works.
    expect((await reset(code!, 'Salama#2026')).status).toBe(403);

    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await request(account.email);
    const expired = await codeFor(account.email);
    vi.setSystemTime(start + 10 * MINUTE + 1000);
    expect((await reset(expired!, 'Salama#2026')).status).toBe(400);
    vi.useRealTimers();

    await request(account.email);
    const fresh = await codeFor(account.email);
    expect((await reset(fresh!, 'Salama#2026')).status).toBe(200);
    expect((await me(api, before)).status).toBe(401);
    expect((await signInRequest(api, account.username, account.password)).status).toBe(401);
    expect((await signInRequest(api, account.username, 'Salama#2026')).status).toBe(200);
  });

  test("reset codes: a stranger's request voids nothing, mails per account are capped, each code works once, a reset voids the rest and ends the lock", async () => {
    const account = { username: 'reset.owner', email: 'reset.owner@example.org', password: 'Pamoja#2026' };
    await api.services.staff.accounts.create({ ...account });
    const home = { 'x-test-client': '203.0.113.40' };
    const codes = async () => {
      const rows = await api.services.db.kysely.selectFrom('outbox').select('text_body').where('to_address', '=', account.email).where('kind', '=', 'staff.reset-code').orderBy('created_at').execute();
      return rows.map((row) => /Your code: (\d{6})/.exec(row.text_body)![1]!);
    };
    const request = (client: string) => postAuth(api, '/api/auth/email-otp/request-password-reset', { email: account.email }, undefined, { 'x-test-client': client });
    const reset = (otp: string, password: string, client = home) => postAuth(api, '/api/auth/email-otp/reset-password', { email: account.email, otp, password }, undefined, client);

    expect((await request('203.0.113.40')).status).toBe(200);
    const [owners] = await codes();
    // Twenty requests from twenty networks: the same answer each time, and no more than three live codes ever mailed.
    for (let i = 0; i < 20; i++) expect(await (await request(`198.51.100.${i + 1}`)).json()).toEqual({ success: true });
    expect(await codes()).toHaveLength(3);

    // The owner is locked out of their own network by wrong passwords typed there.
    for (let i = 0; i < 10; i++) expect((await signInRequest(api, account.username, `Wrong#${i}abc`, home)).status).toBe(401);
    expect((await signInRequest(api, account.username, account.password, home)).status).toBe(429);

    // The owner's first code still works, once; two attempts racing with it: one wins.
    const raced = await Promise.all([reset(owners!, 'Salama#2026'), reset(owners!, 'Salama#2027', { 'x-test-client': '203.0.113.41' })]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const password = raced[0]!.status === 200 ? 'Salama#2026' : 'Salama#2027';
    // Every other live code died with the reset.
    const [, second, third] = await codes();
    expect((await reset(second!, 'Salama#2028', { 'x-test-client': '203.0.113.42' })).status).toBe(400);
    expect((await reset(third!, 'Salama#2028', { 'x-test-client': '203.0.113.43' })).status).toBe(400);
    // And the lock is over: the owner signs in from their network at once.
    expect((await signInRequest(api, account.username, password, home)).status).toBe(200);
  });

  test('Better Auth finds nothing left to migrate after start', async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(api.services.staff.auth.options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });
});

describeBackends('the first administrator and the staff command', (backend) => {
  test('ADMIN_* create the first administrator once and never overwrite an account', async () => {
    const { config, drop } = await freshConfig(backend, { adminUsername: 'Founder', adminPassword: 'Mwanzo#2025', adminEmail: 'founder@example.org' });
    let services = await createServices(config);
    try {
      expect((await services.staff.accounts.list()).map((m) => [m.username, m.role, m.mustChangePassword])).toEqual([['founder', 'admin', false]]);
      // A second start, with another password in the environment: nothing changes.
      await closeServices(services);
      services = await createServices({ ...config, adminPassword: 'Another#Pass1' });
      expect(await services.staff.accounts.list()).toHaveLength(1);
      expect(await ensureFirstAdmin(services.staff.accounts, { ...config, adminPassword: 'Another#Pass1' })).toMatchObject({ created: false });
      const { createApp } = await import('../src/app.ts');
      const app = createApp(services);
      const api = { services, app, close: async () => {} } as TestApi;
      expect((await signInRequest(api, 'founder', 'Mwanzo#2025')).status).toBe(200);
      expect((await signInRequest(api, 'founder', 'Another#Pass1')).status).toBe(401);
    } finally {
      await closeServices(services);
      await drop();
    }
  });

  test('a weak ADMIN_PASSWORD stops the start with the policy message and creates nothing', async () => {
    const { config, drop } = await freshConfig(backend, { adminUsername: 'founder', adminPassword: 'founder123', adminEmail: 'founder@example.org' });
    try {
      await expect(createServices(config)).rejects.toThrow('ADMIN_PASSWORD is refused: Password must have upper case letters. Password must have special characters.');
      const services = await createServices({ ...config, adminUsername: undefined, adminPassword: undefined, adminEmail: undefined });
      expect(await services.staff.accounts.list()).toEqual([]);
      await closeServices(services);
    } finally {
      await drop();
    }
  });

  test('npm run staff: create, first sign-in with a new password, list, reset-password, disable, enable', async () => {
    const { config, drop } = await freshConfig(backend);
    const run = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await runStaffCommand(args, (line) => lines.push(line), config);
      return { code, text: lines.join('\n') };
    };
    const services = await createServices(config);
    const { createApp } = await import('../src/app.ts');
    const api = { services, app: createApp(services), close: async () => {} } as TestApi;
    try {
      expect((await run('create', 'Amina', 'amina@example.org')).code).toBe(0);
      const created = await run('create', 'Kwame', 'kwame@example.org', '--admin');
      expect(created.code).toBe(0);
      const temporary = /Temporary password \(shown once\): (\S+)/.exec(created.text)?.[1] ?? '';
      expect(temporary).toHaveLength(16);
      expect((await run('create', 'kwame', 'other@example.org')).text).toBe('The username "kwame" is already taken.');

      // First sign-in: only a password change is allowed.
      const first = await signInRequest(api, 'Kwame', temporary);
      expect(await first.json()).toEqual({ next: 'new-password', redirect: '/admin/login?step=new-password' });
      const cookie = cookieOf(first);
      const gate = await me(api, cookie);
      expect(gate.status).toBe(403);
      expect(await gate.json()).toMatchObject({ code: 'password-change-required' });
      expect((await postAuth(api, '/api/auth/revoke-sessions', {}, cookie)).status).toBe(403);
      const changed = await postAuth(api, '/api/auth/change-password', { currentPassword: temporary, newPassword: 'Kujenga#2026' }, cookie);
      expect(changed.status).toBe(200);
      expect((await me(api, cookieOf(changed))).status).toBe(200);

      expect((await run('list')).text).toMatch(/^amina\s+amina@example\.org\s+user\s+must set a new password\nkwame\s+kwame@example\.org\s+admin\s+active$/);

      const session = await signIn(api, 'kwame', 'Kujenga#2026');
      const reset = await run('reset-password', 'KWAME');
      expect(reset.code).toBe(0);
      const second = /\(shown once\): (\S+)/.exec(reset.text)?.[1] ?? '';
      expect((await me(api, session)).status).toBe(401);
      expect((await signInRequest(api, 'kwame', 'Kujenga#2026')).status).toBe(401);
      expect(await (await signInRequest(api, 'kwame', second)).json()).toMatchObject({ next: 'new-password' });

      const amina = /\(shown once\): (\S+)/.exec((await run('reset-password', 'amina')).text)?.[1] ?? '';
      const aminaSession = await signIn(api, 'amina', amina);
      expect((await run('disable', 'amina')).code).toBe(0);
      expect((await postAuth(api, '/api/auth/sign-out', {}, aminaSession)).status).toBe(401);
      const refused = await signInRequest(api, 'amina', amina);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ message: 'This account is disabled. Please ask an administrator.' });
      expect((await run('list')).text).toMatch(/amina\s+amina@example\.org\s+user\s+disabled/);
      expect((await run('enable', 'amina')).code).toBe(0);
      expect((await signInRequest(api, 'amina', amina)).status).toBe(200);

      expect((await run('disable', 'nobody')).text).toBe('No staff account is called "nobody".');
      expect((await run('frobnicate')).code).toBe(2);
      expect((await run('create', 'x')).text).toContain('Usage: npm run staff -- <command>');
    } finally {
      await closeServices(services);
      await drop();
    }
  });
});
