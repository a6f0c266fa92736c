import { expect, test } from 'vitest';
import { generate, runFuzz, type FuzzRequest } from '../bench/fuzz.ts';
import { STAFF_ENDPOINTS } from '../bench/fuzz-staff.ts';
import { describeBackends, makeApi } from './helpers.ts';
import { ADMIN, createAccounts, MEMBER, signIn } from './staff-helpers.ts';

const SEED = 20261122;
const REQUESTS = 2500;
/** The public forms and every staff and sign-in endpoint, signed out and signed in (half the requests each). */
const STAFF_REQUESTS = 4000;

test('the generator is deterministic for a seed', () => {
  const a = generate(SEED, 50).map((r) => `${r.init.method} ${r.path} ${String(r.init.body)}`);
  const b = generate(SEED, 50).map((r) => `${r.init.method} ${r.path} ${String(r.init.body)}`);
  expect(a).toEqual(b);
  expect(new Set(generate(SEED, 400).map((r) => r.path.split('?')[0])).size).toBeGreaterThanOrEqual(8);
  // With the staff side, every endpoint of app.ts is reached, signed out and signed in.
  const staff = generate(SEED, STAFF_REQUESTS, { staff: true });
  const reached = new Set(staff.map((r) => `${r.init.method} ${r.path.split('?')[0]}`));
  for (const endpoint of STAFF_ENDPOINTS) expect(reached, `${endpoint.method} ${endpoint.path}`).toContain(`${endpoint.method} ${endpoint.path}`);
  const sessions = new Set(staff.map((r) => r.who ?? 'none'));
  expect([...sessions].sort()).toEqual(['admin', 'member', 'none', 'spare']);
});

describeBackends('seeded fuzz over every endpoint', (backend) => {
  test(`${REQUESTS} hostile requests: no 5xx, no row from a refused request, server alive`, { timeout: 240_000 }, async () => {
    const api = await makeApi(backend, { rateLimitMax: 120 });
    const log = console.log;
    console.log = () => {};
    try {
      const result = await runFuzz(api.app, api.services.db.kysely, SEED, REQUESTS);
      console.log = log;
      console.log(`[fuzz ${backend}] ${JSON.stringify(result)}`);
      expect(result.serverErrors).toBe(0);
      expect(result.rowsFromRefused).toBe(0);
      expect(result.alive).toBe(true);
      // The run exercised both sides: accepted submissions and refusals.
      expect(result.accepted).toBeGreaterThan(100);
      expect(result.byStatus[400]).toBeGreaterThan(100);
    } finally {
      console.log = log;
      await api.close();
    }
  });
});

describeBackends('seeded fuzz over every endpoint of app.ts, signed out and signed in', (backend) => {
  test(`${STAFF_REQUESTS} hostile requests: no 5xx, no row from a refused request, server alive`, { timeout: 400_000 }, async () => {
    const api = await makeApi(backend, { rateLimitMax: 120 });
    const log = console.log;
    const warn = console.warn;
    const failures: string[] = [];
    try {
      await createAccounts(api);
      await api.services.staff.accounts.create({ username: 'spare.session', email: 'spare@example.org', password: 'Spare#Session2026' });
      const sessions = {
        admin: await signIn(api, ADMIN.username, ADMIN.password),
        member: await signIn(api, MEMBER.username, MEMBER.password),
        spare: await signIn(api, 'spare.session', 'Spare#Session2026'),
      };
      console.log = () => {};
      console.warn = () => {};
      const onServerError = (request: FuzzRequest, text: string) => void failures.push(`${request.init.method} ${request.path} ${String(request.init.body).slice(0, 200)} -> ${text.slice(0, 200)}`);
      const result = await runFuzz(api.app, api.services.db.kysely, SEED, STAFF_REQUESTS, { sessions, onServerError });
      console.log = log;
      console.log(`[fuzz all endpoints ${backend}] ${JSON.stringify(result)}`);
      expect(failures).toEqual([]);
      expect(result.serverErrors).toBe(0);
      expect(result.rowsFromRefused).toBe(0);
      expect(result.alive).toBe(true);
      expect(result.byStatus[400]).toBeGreaterThan(300);
      // The signed-in requests reached the routes themselves, not only the session checks.
      expect(result.byStatus[200]).toBeGreaterThan(300);
    } finally {
      console.log = log;
      console.warn = warn;
      await api.close();
    }
  });
});
