/**
 * Staff sign-in under a determined attacker, over real sockets on both databases: bursts of
 * concurrent guesses (passwords, then second-step codes) at one account are checked no more
 * often than the limit allows, and a burst of sign-ins does not hold up a visitor's form post.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { secretOf, totpCode } from '../../tests/support/totp.ts';
import { closeServices, createApp, createServices } from '../src/app.ts';
import { listen } from '../src/server.ts';
import { VALID, describeBackends, makeApi, type TestApi } from './helpers.ts';
import { postAuth, signIn } from './staff-helpers.ts';

type Answer = { status: number; body: string; cookies: string[] };

function request(port: number, path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = init.body ?? '';
    const call = http.request(
      { host: '127.0.0.1', port, path, method: init.method ?? 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...init.headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookies: [response.headers['set-cookie'] ?? []].flat() }));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

const cookieHeader = (answer: Answer) =>
  answer.cookies
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function serve(api: TestApi) {
  const server = await listen(createApp(api.services), { port: 0, hostname: '127.0.0.1', maxConnections: 1000 });
  return { server, port: (server.address() as AddressInfo).port };
}

const PASSWORD = 'Mlima#Juu2026';

describeBackends('a burst of guesses at one account over real sockets', (backend) => {
  let api: TestApi;
  let port: number;
  let server: http.Server;
  beforeAll(async () => {
    api = await makeApi(backend);
    ({ server, port } = (await serve(api)) as { server: http.Server; port: number });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await api.close();
  });

  test('300 concurrent wrong passwords and the right one: at most 10 are checked, the rest refused before any hash', async () => {
    await api.services.staff.accounts.create({ username: 'burst.target', email: 'burst@example.org', password: PASSWORD, admin: true });
    const guesses = Array.from({ length: 300 }, (_, i) => `Wrong#${i}abcd`);
    guesses.splice(150, 0, PASSWORD);
    const answers = await Promise.all(guesses.map((password) => request(port, '/api/auth/sign-in/username', { body: JSON.stringify({ username: 'burst.target', password }) })));
    const counts = tally(answers);
    // Checked: answered 401 (wrong) or 200 (right). Every other answer is a 429 that checked nothing.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(10);
    expect((counts[401] ?? 0) + (counts[200] ?? 0) + (counts[429] ?? 0)).toBe(301);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(JSON.parse(refused.body)).toMatchObject({ message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' });
  }, 60_000);

  test('40 challenges answered at once, 39 wrong authenticator codes and the right one: at most 10 codes are checked', async () => {
    await api.services.staff.accounts.create({ username: 'code.target', email: 'code@example.org', password: PASSWORD, admin: true });
    const cookie = await signIn(api, 'code.target', PASSWORD);
    const enabled = await postAuth(api, '/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
    const secret = secretOf(((await enabled.json()) as { totpURI: string }).totpURI);
    expect((await postAuth(api, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, cookie)).status).toBe(200);

    // The password is known: one challenge per guess, each allowed its own five codes.
    const challenges: string[] = [];
    for (let i = 0; i < 40; i++) {
      const step = await request(port, '/api/auth/sign-in/username', { body: JSON.stringify({ username: 'code.target', password: PASSWORD }) });
      expect(step.status).toBe(200);
      challenges.push(cookieHeader(step));
    }
    const right = totpCode(secret);
    const codes = challenges.map((_, i) => (i === 20 ? right : String((Number(right) + 1000 + i) % 1_000_000).padStart(6, '0')));
    const answers = await Promise.all(challenges.map((challenge, i) => request(port, '/api/auth/two-factor/verify-totp', { body: JSON.stringify({ code: codes[i] }), headers: { cookie: challenge } })));
    const counts = tally(answers);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(10);
    expect((counts[401] ?? 0) + (counts[200] ?? 0) + (counts[429] ?? 0)).toBe(40);
  }, 60_000);
});

describeBackends('guesses spread over several API instances', (backend) => {
  let api: TestApi;
  let port: number;
  let server: http.Server;
  beforeAll(async () => {
    api = await makeApi(backend);
    ({ server, port } = (await serve(api)) as { server: http.Server; port: number });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await api.close();
  });

  test('two API instances on one database: 300 concurrent guesses split between them, still at most 10 checked', async () => {
    await api.services.staff.accounts.create({ username: 'two.servers', email: 'two.servers@example.org', password: PASSWORD });
    const second = await createServices(api.services.config);
    const other = await listen(createApp(second), { port: 0, hostname: '127.0.0.1', maxConnections: 1000 });
    try {
      const otherPort = (other.address() as AddressInfo).port;
      const guesses = Array.from({ length: 300 }, (_, i) => `Wrong#${i}abcd`);
      const answers = await Promise.all(guesses.map((password, i) => request(i % 2 ? otherPort : port, '/api/auth/sign-in/username', { body: JSON.stringify({ username: 'two.servers', password }) })));
      const counts = tally(answers);
      expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
      expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(300);
    } finally {
      await new Promise((resolve) => other.close(resolve));
      await closeServices(second);
    }
  }, 60_000);
});

describe('a burst of sign-ins and the rest of the site [sqlite]', () => {
  let api: TestApi;
  let port: number;
  let server: http.Server;
  beforeAll(async () => {
    // Each sign-in from its own network (through one trusted proxy), so no attempt limit stops it before the hash.
    // Real password hashes: the burst is about what their cost does to the rest of the site.
    api = await makeApi('sqlite', { trustProxy: 1, rateLimitMax: 100_000, passwordHashCost: undefined });
    ({ server, port } = (await serve(api)) as { server: http.Server; port: number });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await api.close();
  });

  test('a contact post sent while 120 sign-ins are being checked is answered before they are', async () => {
    const BURST = 120;
    let answered = 0;
    let firstAnswer!: () => void;
    const burstRunning = new Promise<void>((resolve) => (firstAnswer = resolve));
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, n) =>
        request(port, '/api/auth/sign-in/username', {
          body: JSON.stringify({ username: `nobody${n}`, password: `Wrong#${n}abcd` }),
          headers: { 'x-forwarded-for': `198.18.${n >> 8}.${n & 255}` },
        }).then((answer) => {
          answered++;
          firstAnswer();
          return answer;
        }),
      ),
    );
    // The gate: once the server answers its first sign-in, every hash it took on is queued or running.
    await burstRunning;
    const contact = await request(port, '/api/contact', { body: JSON.stringify(VALID.contact), headers: { 'x-forwarded-for': '192.0.2.1' } });
    const stillWaiting = BURST - answered;
    const answers = await burst;
    expect(contact.status).toBe(201);
    // The contact post did not wait for the burst's hashes: many sign-ins were still being checked.
    expect(stillWaiting).toBeGreaterThanOrEqual(10);
    // Every sign-in was answered: checked (401) or, beyond what waits in line, asked to retry (429).
    const counts = tally(answers);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(BURST);
    const busy = answers.find((answer) => answer.status === 429);
    if (busy) expect(JSON.parse(busy.body)).toMatchObject({ message: 'Too many sign-ins at once. Please try again in a few seconds.' });
  }, 60_000);
});
