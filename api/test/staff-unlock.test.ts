/**
 * `npm run staff -- unlock` where one office shares one address: 30 failed sign-ins from it lock
 * every account there (a spray), and an operator who unlocks the member who called expects them
 * in at once. `unlock <username>` lifts the lock of a network the account was refused from;
 * `unlock-network <address>` lifts one network's locks for everyone (an IPv6 address: its /64).
 */
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { NETWORK_MAX_FAILURES } from '../src/auth/sign-in-throttle.ts';
import { runStaffCommand } from '../src/staff-cli.ts';
import { describeBackends, makeApi, type TestApi } from './helpers.ts';
import { ADMIN, MEMBER, createAccounts, signInRequest } from './staff-helpers.ts';

describeBackends('unlocking a network', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend);
    await createAccounts(api);
  });
  afterAll(() => api.close());
  afterEach(() => vi.useRealTimers());

  /** Colleagues at one office address mistype their passwords until the address is locked for everyone. */
  async function spray(office: Record<string, string>) {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    expect(NETWORK_MAX_FAILURES).toBe(30);
    for (let i = 0; i < 30; i++) {
      vi.setSystemTime(start + i * 10_000);
      expect((await signInRequest(api, `colleague${i}`, 'Guess#2026x', office)).status).toBe(401);
    }
  }

  async function staff(...args: string[]) {
    const lines: string[] = [];
    const code = await runStaffCommand(args, (line) => lines.push(line), api.services.config);
    return { code, lines };
  }

  test('`unlock <username>` lets the member in again from the office address that was locked for everyone, and says so', async () => {
    const office = { 'x-test-client': '192.0.2.80' };
    await spray(office);
    expect((await signInRequest(api, MEMBER.username, MEMBER.password, office)).status).toBe(429);
    expect(await staff('unlock', MEMBER.username)).toEqual({
      code: 0,
      lines: ['Unlocked "volunteer.lead": every count of failed sign-ins against the account has ended.', 'The sign-in lock of 192.0.2.80, where the account was refused, has ended too.'],
    });
    expect((await signInRequest(api, MEMBER.username, MEMBER.password, office)).status).toBe(200);
  });

  test('`unlock-network <address>` lets everyone at the address in again', async () => {
    const office = { 'x-test-client': '192.0.2.81' };
    await spray(office);
    expect((await signInRequest(api, ADMIN.username, ADMIN.password, office)).status).toBe(429);
    expect(await staff('unlock-network', '192.0.2.81')).toEqual({ code: 0, lines: ['Unlocked 192.0.2.81: every count of failed sign-ins from it has ended.'] });
    expect((await signInRequest(api, ADMIN.username, ADMIN.password, office)).status).toBe(200);
    expect((await signInRequest(api, MEMBER.username, MEMBER.password, office)).status).toBe(200);
  });

  test('`unlock-network` takes an IPv6 address for its /64, and refuses what is not an address', async () => {
    expect(await staff('unlock-network', '2001:db8:9:1::ffff')).toEqual({ code: 0, lines: ['2001:db8:9:1::/64 was not locked.'] });
    expect(await staff('unlock-network', 'office')).toEqual({ code: 1, lines: ['"office" is not an IPv4 or IPv6 address.'] });
  });
});
