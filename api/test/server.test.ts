/**
 * The Node server over real sockets: the client address through a real appending proxy on
 * loopback (TRUST_PROXY as a hop count), HTTPS redirect behind it, header policies per kind of
 * file, JSON 404/405 for /api/*, the timeouts and the connection cap.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServerApp, listen, SERVER_TIMEOUTS } from '../src/server.ts';
import { closeServices, createServices, type Services } from '../src/app.ts';
import { freshConfig, runInsideOneRateWindow, VALID } from './helpers.ts';
import type { ApiConfig } from '../src/config.ts';

// Ports of this worktree's test servers (E2E and PostgreSQL use others).
const SERVER_PORT = Number(process.env.SERVER_TEST_PORT ?? 4621);
const PROXY_PORT = SERVER_PORT + 1;

function tinyDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'sipa-dist-'));
  const write = (path: string, body: string) => {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), body);
  };
  write('index.html', `<html><head><meta http-equiv="content-security-policy" content="default-src 'self'"></head><body><h1>Home</h1></body></html>`);
  write('404.html', `<html><head><meta http-equiv="content-security-policy" content="default-src 'self'"></head><body><span data-missing-path></span></body></html>`);
  write('newsletter/confirm/index.html', `<html><head><meta http-equiv="content-security-policy" content="default-src 'self'"></head><body><form method="post"><button>Confirm</button></form></body></html>`);
  write('fr/newsletter/unsubscribe/index.html', `<html lang="fr"><head><meta http-equiv="content-security-policy" content="default-src 'self'"></head><body><form method="post"><button>Se désabonner</button></form></body></html>`);
  write('_astro/app.abc.js', 'console.log(1)');
  write('_astro/site.abc.css', 'body{color:red}');
  write('art/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('robots.txt', 'User-agent: *');
  write('downloads/guide.html', '<!doctype html><html><head><style>body{font:16px serif}</style></head><body><h1>Guide</h1></body></html>');
  return dist;
}

/** An nginx-like proxy: appends the address it sees to X-Forwarded-For, sets Host and Proto. */
function appendingProxy(target: number, proto: 'http' | 'https') {
  return http.createServer((req, res) => {
    const forwarded = req.headers['x-forwarded-for'];
    const headers = {
      ...req.headers,
      'x-forwarded-for': forwarded ? `${forwarded}, ${req.socket.remoteAddress}` : String(req.socket.remoteAddress),
      'x-forwarded-proto': proto,
      'x-forwarded-host': req.headers.host ?? '',
    };
    const upstream = http.request({ host: '127.0.0.1', port: target, agent: false, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
}

async function startSite(overrides: Partial<ApiConfig>, https = false) {
  const dist = tinyDist();
  const { config, drop } = await freshConfig('sqlite', overrides);
  const services: Services = await createServices(config);
  const { app } = createServerApp({ distDir: dist, https, services });
  return {
    app,
    services,
    async close() {
      await closeServices(services);
      await drop();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

describe('through a real appending proxy on loopback', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let server: Awaited<ReturnType<typeof listen>>;
  let proxy: http.Server;
  beforeAll(async () => {
    site = await startSite({ trustProxy: 1, rateLimitMax: 10 }, true);
    server = await listen(site.app, { port: SERVER_PORT, hostname: '127.0.0.1', maxConnections: 100 });
    proxy = appendingProxy(SERVER_PORT, 'https');
    proxy.listen(PROXY_PORT, '127.0.0.1');
    await once(proxy, 'listening');
  });
  afterAll(async () => {
    proxy.close();
    await new Promise((resolve) => server.close(resolve));
    await site.close();
  });

  test('made-up X-Forwarded-For addresses do not get around the limit (TRUST_PROXY=1)', async () => {
    runInsideOneRateWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await fetch(`http://127.0.0.1:${PROXY_PORT}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify(VALID.contact),
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const counters = await site.services.db.kysely.selectFrom('rate_limits').select('bucket').execute();
    expect(counters).toHaveLength(1);
    expect(counters[0]!.bucket).toMatch(/^contact:127\.0\.0\.1@/);
  });

  test('a plain-HTTP request forwarded by the proxy is redirected to HTTPS', async () => {
    const plain = appendingProxy(SERVER_PORT, 'http');
    plain.listen(PROXY_PORT + 1, '127.0.0.1');
    await once(plain, 'listening');
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get({ host: '127.0.0.1', port: PROXY_PORT + 1, path: '/about?x=1', headers: { host: 'www.sipa.example' } }, resolve).on('error', reject),
      );
      response.resume();
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('https://www.sipa.example/about?x=1');
      const post = await fetch(`http://127.0.0.1:${PROXY_PORT + 1}/api/contact`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(post.status).toBe(308);
      // Through the HTTPS side: served.
      expect((await fetch(`http://127.0.0.1:${PROXY_PORT}/`)).status).toBe(200);
    } finally {
      plain.close();
    }
  });
});

describe('TRUST_PROXY is a hop count', () => {
  test('the client is the N-th address from the right; headers are ignored when no proxy is trusted', async () => {
    const { clientAddress } = await import('../src/client-address.ts');
    const { Hono } = await import('hono');
    const seen = async (hops: number, headers: Record<string, string>) => {
      const app = new Hono().get('/', (c) => c.text(clientAddress(c, hops)));
      const response = await app.request('/', { headers: { 'x-test-client': '10.0.0.1', ...headers } });
      return response.text();
    };
    expect(await seen(0, { 'x-forwarded-for': '1.1.1.1' })).toBe('10.0.0.1');
    expect(await seen(1, { 'x-forwarded-for': '6.6.6.6, 2.2.2.2' })).toBe('2.2.2.2');
    expect(await seen(2, { 'x-forwarded-for': '6.6.6.6, 3.3.3.3, 2.2.2.2' })).toBe('3.3.3.3');
    expect(await seen(1, {})).toBe('10.0.0.1');
    expect(await seen(3, { 'x-forwarded-for': '2.2.2.2' })).toBe('2.2.2.2');
  });

  test('X-Forwarded-Proto is ignored unless proxies are trusted', async () => {
    const site = await startSite({ trustProxy: 0 }, true);
    try {
      const response = await site.app.request('/', { headers: { 'x-forwarded-proto': 'http' } });
      expect(response.status).toBe(200);
    } finally {
      await site.close();
    }
  });
});

describe('responses of the server', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite({});
  });
  afterAll(() => site.close());

  test.each([
    ['/api/health', 'application/json'],
    ['/api/nope', 'application/json'],
    ['/_astro/app.abc.js', 'text/javascript'],
    ['/_astro/site.abc.css', 'text/css'],
    ['/art/logo.svg', 'image/svg+xml'],
    ['/robots.txt', 'text/plain'],
  ])('%s (%s) carries the strict header policy', async (path, type) => {
    const response = await site.app.request(path);
    expect(response.headers.get('content-type')).toContain(type);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  });

  test('a downloadable HTML guide gets the strict policy plus its own styles by hash; pages keep the page policy', async () => {
    const guide = await site.app.request('/downloads/guide.html');
    expect(guide.headers.get('content-security-policy')).toBe(
      `default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; style-src 'sha256-${createHash('sha256').update('body{font:16px serif}').digest('base64')}'`,
    );
    const page = await site.app.request('/');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'; base-uri 'self'; object-src 'none'");
    const missing = await site.app.request('/missing');
    expect(missing.headers.get('content-security-policy')).toBe("frame-ancestors 'none'; base-uri 'self'; object-src 'none'");
  });

  test("without JavaScript the page's button posts to the page's own address, and the server hands it to the API", async () => {
    const signup = await site.app.request('/api/newsletter-signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nojs@example.org' }) });
    expect(signup.status).toBe(200);
    const mail = await site.services.db.kysely.selectFrom('outbox').select('text_body').where('to_address', '=', 'nojs@example.org').where('kind', '=', 'newsletter.confirm').executeTakeFirstOrThrow();
    const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail.text_body)![0]);
    expect(link.hash).toBe('#ready');
    // Opening the link is a GET of a static page: nothing changes.
    expect((await site.app.request(`${link.pathname}${link.search}`)).status).toBe(200);
    const state = () => site.services.db.kysely.selectFrom('subscribers').select('status').where('email', '=', 'nojs@example.org').executeTakeFirstOrThrow();
    expect((await state()).status).toBe('pending');
    const button = await site.app.request(`${link.pathname}${link.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(button.status).toBe(303);
    expect(button.headers.get('location')).toBe('/newsletter/confirm?status=done#done');
    expect((await state()).status).toBe('confirmed');

    // The French unsubscribe page's button posts to /fr/…: the outcome page is the subscriber's
    // language (English here), and a broken link is answered in the page's language.
    const subscriber = await site.services.db.kysely.selectFrom('subscribers').select('id').where('email', '=', 'nojs@example.org').executeTakeFirstOrThrow();
    const frenchPage = `/fr/newsletter/unsubscribe?token=${await site.services.tokens.sign('unsubscribe', subscriber.id)}`;
    expect((await site.app.request(frenchPage)).status).toBe(200);
    const frenchButton = await site.app.request(frenchPage, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(frenchButton.status).toBe(303);
    expect(frenchButton.headers.get('location')).toBe('/newsletter/unsubscribe?status=done#done');
    expect((await state()).status).toBe('unsubscribed');
    const broken = await site.app.request('/fr/newsletter/unsubscribe?token=broken', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(broken.status).toBe(303);
    expect(broken.headers.get('location')).toBe('/fr/newsletter/unsubscribe?status=invalid#invalid');
  });

  test('unknown /api paths answer JSON 404 and a wrong method JSON 405, not the site', async () => {
    const unknown = await site.app.request('/api/nope', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    const wrong = await site.app.request('/api/contact');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(await wrong.json()).toEqual({ message: 'This method is not allowed here.' });
  });
});

describe('timeouts and the connection cap', () => {
  test('the documented timeouts: headers within 20 s, a whole request within 60 s', async () => {
    expect(SERVER_TIMEOUTS).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 60_000 });
    const site = await startSite({});
    const server = (await listen(site.app, { port: SERVER_PORT + 5, hostname: '127.0.0.1', maxConnections: 7 })) as http.Server;
    try {
      expect(server.headersTimeout).toBe(20_000);
      expect(server.requestTimeout).toBe(60_000);
      expect(server.maxConnections).toBe(7);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await site.close();
    }
  });

  test('a client that trickles its headers is cut off, and connections beyond the cap are refused', async () => {
    const site = await startSite({});
    const port = SERVER_PORT + 6;
    const server = (await listen(site.app, { port, hostname: '127.0.0.1', maxConnections: 2, headersTimeoutMs: 300, requestTimeoutMs: 600 })) as http.Server;
    const open = async () => {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      return socket;
    };
    const closed = (socket: Socket) =>
      new Promise<string>((resolve) => {
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('close', () => resolve(data));
      });
    try {
      const slow = await open();
      slow.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      const answer = await closed(slow);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);

      const first = await open();
      const second = await open();
      first.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      second.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      const third = connect(port, '127.0.0.1');
      // The third connection is closed by the server without an answer.
      expect(await closed(third)).toBe('');
      first.destroy();
      second.destroy();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await site.close();
    }
  });
});
