/**
 * Test helpers: a fresh database per suite on each backend (a new SQLite file, or a new
 * PostgreSQL database on the server from global-setup.ts), the app built on it, row counts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject, onTestFinished, test, vi } from 'vitest';
import { closeServices, createApp, createServices, type Services } from '../src/app.ts';
import { loadConfig, type ApiConfig } from '../src/config.ts';
import type { Database } from '../src/db/index.ts';
import type { MailTransport } from '../src/mail/transport.ts';

export type Backend = 'sqlite' | 'postgres';
export const pgUrl = inject('pgUrl');
export const pgSkipReason = inject('pgSkipReason');

/**
 * A suite that needs the PostgreSQL test server. Without one (global-setup.ts could not start
 * it) the suite is one failing test that says why and what to install: a test never skips
 * itself, so a CI machine whose PostgreSQL broke goes red instead of passing on SQLite alone.
 */
export function describePostgres(name: string, suite: () => void) {
  if (pgUrl) describe(name, suite);
  else {
    describe(name, () => {
      test('has a PostgreSQL server to run on', () => {
        throw new Error(`No PostgreSQL for these tests: ${pgSkipReason}. Install PostgreSQL 15 (Debian: apt-get install postgresql-15), or set PG_BIN_DIR or TEST_DATABASE_URL.`);
      });
    });
  }
}

/** Runs the same suite on SQLite and on PostgreSQL (failing, with the reason, without a server). */
export function describeBackends(name: string, suite: (backend: Backend) => void) {
  describe(`${name} [sqlite]`, () => suite('sqlite'));
  describePostgres(`${name} [postgres]`, () => suite('postgres'));
}

export interface TestApi {
  services: Services;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

/** An empty PostgreSQL database on the test server (its name starts with `prefix`), and how to drop it. */
export async function freshPostgres(prefix = 'sipa_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Tests read the health details with this token (HEALTH_TOKEN). */
export const HEALTH_TOKEN = 'test-health-token';

/** The full health report, as an operator with HEALTH_TOKEN sees it. */
export async function healthDetails(app: TestApi['app']): Promise<Record<string, any>> {
  return (await app.request('/api/health', { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } })).json() as Promise<Record<string, any>>;
}

/**
 * scrypt's N for the tests' password hashes (auth/password-hash.ts): Better Auth's 16384 costs
 * about 200 ms of a core per sign-in, and the staff suites sign in hundreds of times. A test about
 * the cost itself (the sign-in burst) sets `passwordHashCost: undefined`.
 */
export const TEST_PASSWORD_HASH_COST = 16;

/** A config for tests: a fresh database, a high rate limit and cheap password hashes unless the test sets them. */
export async function freshConfig(backend: Backend, overrides: Partial<ApiConfig> = {}) {
  const defaults = { rateLimitMax: 1000, healthToken: HEALTH_TOKEN, passwordHashCost: TEST_PASSWORD_HASH_COST };
  if (backend === 'postgres') {
    const database = await freshPostgres();
    return { config: loadConfig({}, { ...defaults, databaseUrl: database.url, dataDir: '', ...overrides }), drop: database.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sipa-api-'));
  return {
    config: loadConfig({}, { ...defaults, dataDir: dir, databaseUrl: undefined, ...overrides }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function makeApi(backend: Backend, overrides: Partial<ApiConfig> = {}, transport?: MailTransport): Promise<TestApi> {
  const { config, drop } = await freshConfig(backend, overrides);
  const services = await createServices(config, transport);
  return {
    services,
    app: createApp(services),
    async close() {
      await closeServices(services);
      await drop();
    },
  };
}

export async function count(services: Services, table: keyof Database): Promise<number> {
  const row = await services.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const FORM_TABLES = ['subscribers', 'contact_messages', 'volunteer_applications', 'partnership_inquiries', 'outbox'] as const;

export async function totalRows(services: Services): Promise<number> {
  let total = 0;
  for (const table of FORM_TABLES) total += await count(services, table);
  return total;
}

export function postJson(app: TestApi['app'], path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function postForm(app: TestApi['app'], path: string, fields: Array<[string, string]>, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

export const VALID = {
  newsletter: { email: 'reader@example.org' },
  contact: { name: 'Amara Okafor', email: 'amara@example.org', phone: '(817) 555-0199', subject: 'Early learning', message: 'When does the next session start?' },
  volunteer: {
    firstName: 'Kofi',
    lastName: 'Mensah',
    email: 'kofi@example.org',
    phone: '',
    interests: ['languagePartner', 'mentor'],
    availability: ['weekendMornings'],
    skills: 'Accounting',
    message: 'Happy to help on Saturdays.',
  },
  partnership: {
    companyName: 'Lone Star Credit Union',
    contactName: 'Dana Ruiz',
    email: 'dana@lonestar.example',
    phone: '',
    partnershipInterest: ['Financial Sponsorship', 'Employee Volunteering'],
    message: 'We would like to sponsor the spring workshop.',
  },
} as const;

export const ENDPOINTS = {
  newsletter: { path: '/api/newsletter-signup', table: 'subscribers' },
  contact: { path: '/api/contact', table: 'contact_messages' },
  volunteer: { path: '/api/volunteer-application', table: 'volunteer_applications' },
  partnership: { path: '/api/partnership-inquiry', table: 'partnership_inquiries' },
} as const;

/**
 * For a test that counts submissions up to the rate limit: the limit counts in fixed windows
 * aligned to the clock (src/rate-limit.ts), so a test running across a window's end would see
 * its count start again (one did, at 15:40:00 on a loaded machine). Moves the clock to one second
 * into the next window (the configured one, as every test's config has it), where it runs on at
 * real speed, and puts it back when the test ends.
 */
export function runInsideOneRateWindow() {
  const windowMs = loadConfig({}).rateLimitWindowSeconds * 1000;
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: now - (now % windowMs) + windowMs + 1000, shouldAdvanceTime: true });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
