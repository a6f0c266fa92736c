/**
 * The seeded fuzz run (bench/fuzz.ts) on both databases: no answer of 500, no row from a refused
 * request, the server alive after it. Which endpoints it covers is read from the app itself
 * (app-routes.ts): an endpoint the app mounts that no request of the run reaches fails the test.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generate, runFuzz, type FuzzRequest } from '../bench/fuzz.ts';
import { FUZZ_WEBHOOK_TOKEN, STAFF_ENDPOINTS } from '../bench/fuzz-staff.ts';
import type { ApiConfig } from '../src/config.ts';
import { FORWARDED } from '../src/routes/staff-auth.ts';
import { mountedEndpoints, pathMatcher } from './app-routes.ts';
import { describeBackends, makeApi } from './helpers.ts';
import { startFakePaypal, type FakePaypal } from './paypal-fake.ts';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_WEBHOOK_ID, startFakePaypalRest, type FakeRest } from './paypal-rest-fake.ts';
import { ADMIN, createAccounts, MEMBER, signIn } from './staff-helpers.ts';

const SEED = 20261122;
const REQUESTS = 2500;
/** The public forms and every staff and sign-in endpoint, signed out and signed in (half the requests each). */
const STAFF_REQUESTS = 4000;

/** PayPal's verification is the loopback fake: a fuzzed notification never leaves the machine. */
let paypal: FakePaypal;
/** And PayPal's REST API (the orders checkout, webhook verification): its loopback fake. */
let paypalRest: FakeRest;
beforeAll(async () => {
  paypal = await startFakePaypal();
  paypalRest = await startFakePaypalRest();
});
afterAll(async () => {
  await paypal.close();
  await paypalRest.close();
});
const fuzzConfig = (): Partial<ApiConfig> => ({
  rateLimitMax: 120,
  paypalVerifyUrl: paypal.url,
  paypalRest: { base: paypalRest.base, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET },
  paypalWebhookId: FAKE_WEBHOOK_ID,
  bounceWebhookToken: FUZZ_WEBHOOK_TOKEN,
});

test('the run reaches every endpoint the app mounts, and every endpoint it lists is one the app mounts', async () => {
  const api = await makeApi('sqlite', fuzzConfig());
  try {
    // With Better Auth's endpoints, which one wildcard route forwards (staff-auth.ts).
    const mounted = [...mountedEndpoints(api.app), ...Object.keys(FORWARDED).map((path) => ({ method: 'POST', path: `/api/auth${path}` }))];
    // The app's routes were read (76 when this was written), not an empty list.
    expect(mounted.length).toBeGreaterThan(60);
    const sent = [...generate(SEED, REQUESTS), ...generate(SEED, STAFF_REQUESTS, { staff: true })].map((r) => ({ method: r.init.method ?? 'GET', path: r.path.split('?')[0]! }));
    const unreached = mounted.filter(({ method, path }) => {
      const matcher = pathMatcher(path);
      return !sent.some((request) => request.method === method && matcher.test(request.path));
    });
    expect(unreached.map(({ method, path }) => `${method} ${path}`), 'mounted by the app, reached by no fuzzed request: add it to bench/fuzz-staff.ts').toEqual([]);
    const unknown = STAFF_ENDPOINTS.filter((endpoint) => !mounted.some(({ method, path }) => method === endpoint.method && pathMatcher(path).test(endpoint.path)));
    expect(unknown.map(({ method, path }) => `${method} ${path}`), 'listed in bench/fuzz-staff.ts, mounted by no route').toEqual([]);
  } finally {
    await api.close();
  }
});

test('the generator is deterministic for a seed', () => {
  const a = generate(SEED, 50).map((r) => `${r.init.method} ${r.path} ${String(r.init.body)}`);
  const b = generate(SEED, 50).map((r) => `${r.init.method} ${r.path} ${String(r.init.body)}`);
  expect(a).toEqual(b);
  expect(new Set(generate(SEED, 400).map((r) => r.path.split('?')[0])).size).toBeGreaterThanOrEqual(8);
  // With the staff side, every listed endpoint is reached, by each kind of session it lists.
  const staff = generate(SEED, STAFF_REQUESTS, { staff: true });
  const reached = new Set(staff.map((r) => `${r.init.method} ${r.path.split('?')[0]}`));
  for (const endpoint of STAFF_ENDPOINTS) expect(reached, `${endpoint.method} ${endpoint.path}`).toContain(`${endpoint.method} ${endpoint.path}`);
  const sessions = new Set(staff.map((r) => r.who ?? 'none'));
  expect([...sessions].sort()).toEqual(['admin', 'member', 'none', 'spare']);
});

describeBackends('seeded fuzz over every endpoint', (backend) => {
  test(`${REQUESTS} hostile requests: no 5xx, no row from a refused request, server alive`, { timeout: 240_000 }, async () => {
    const api = await makeApi(backend, fuzzConfig());
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
    const api = await makeApi(backend, fuzzConfig());
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
