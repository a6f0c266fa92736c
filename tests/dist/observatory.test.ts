/**
 * Scores live responses of the built site with Mozilla's own HTTP Observatory code
 * (@mdn/mdn-http-observatory), in the documented production configuration: the Node server
 * with HTTPS=true and TRUST_PROXY=1 behind a TLS-terminating proxy that appends to
 * X-Forwarded-For. The proxy runs on loopback (one port for its HTTPS side, one for plain HTTP);
 * the Observatory's own tests and grader score what came back, as its scan() does.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { observatoryScore, type Answer, type Score } from '../support/observatory.ts';
import { closeServices, createServices, type Services } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { createServerApp, listen } from '../../api/src/server.ts';

const dist = join(import.meta.dirname, '..', '..', 'dist');
const SERVER_PORT = Number(process.env.OBSERVATORY_TEST_PORT ?? 4631);
const HTTPS_SIDE = SERVER_PORT + 1;
const HTTP_SIDE = SERVER_PORT + 2;
const HOST = 'www.sipa.example';

function get(port: number, path: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time (agent: false): no race with the server closing an idle one.
    const request = http.request({ host: '127.0.0.1', port, path, method, agent: false, headers: { host: HOST, accept: 'text/html,*/*', ...headers } }, (response) => {
      let data = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (data += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string | string[]>, data, verified: true }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** A TLS-terminating proxy as nginx is set up: appends to X-Forwarded-For, sets Host and Proto. */
function proxy(proto: 'http' | 'https') {
  return http.createServer((req, res) => {
    const forwarded = req.headers['x-forwarded-for'];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: SERVER_PORT,
        agent: false,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': forwarded ? `${forwarded}, ${req.socket.remoteAddress}` : String(req.socket.remoteAddress),
          'x-forwarded-proto': proto,
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
}

/** The Observatory's view: the plain-HTTP side, then the HTTPS side of the proxy. */
function observatory(path: string): Promise<Score> {
  return observatoryScore(HOST, path, (side, target, method, headers) => get(side === 'http' ? HTTP_SIDE : HTTPS_SIDE, target, method, headers));
}

describe('Mozilla HTTP Observatory on the live server', () => {
  let services: Services;
  let data: string;
  let server: Awaited<ReturnType<typeof listen>>;
  const proxies: http.Server[] = [];
  const scores: Record<string, Score> = {};

  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), 'sipa-observatory-'));
    services = await createServices(loadConfig({ DATA_DIR: data, TRUST_PROXY: '1', HTTPS: 'true' }));
    const { app } = createServerApp({ distDir: dist, https: true, services });
    server = await listen(app, { port: SERVER_PORT, hostname: '127.0.0.1', maxConnections: 100 });
    for (const [port, proto] of [
      [HTTPS_SIDE, 'https'],
      [HTTP_SIDE, 'http'],
    ] as const) {
      const side = proxy(proto);
      side.listen(port, '127.0.0.1');
      await once(side, 'listening');
      proxies.push(side);
    }
  }, 60_000);

  afterAll(async () => {
    for (const side of proxies) side.close();
    await new Promise((resolve) => server.close(resolve));
    await closeServices(services);
    rmSync(data, { recursive: true, force: true });
    console.log(`[observatory] ${Object.entries(scores).map(([path, s]) => `${path} ${s.grade} ${s.score}`).join('; ')}`);
  });

  const asset = (pattern: RegExp) => `/_astro/${readdirSync(join(dist, '_astro')).find((name) => pattern.test(name))}`;

  test('plain HTTP is redirected to HTTPS on the same host', { timeout: 30_000 }, async () => {
    const answer = await get(HTTP_SIDE, '/contact');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}/contact`);
  });

  // Each score takes several requests through the proxy; a busy machine needs more than 5 s.
  test('the home page and a form page score at least A+ (115)', { timeout: 60_000 }, async () => {
    for (const path of ['/', '/contact']) {
      scores[path] = await observatory(path);
      expect(scores[path].failed, path).toEqual([]);
      expect(scores[path].grade, path).toBe('A+');
      expect(scores[path].score, path).toBeGreaterThanOrEqual(115);
    }
  });

  test('JSON, scripts, styles, SVG, text and the downloadable guides score no lower than the pages', { timeout: 120_000 }, async () => {
    const pages = Math.min((scores['/'] ?? (await observatory('/'))).score, (scores['/contact'] ?? (await observatory('/contact'))).score);
    for (const path of [
      '/api/health',
      asset(/\.css$/),
      asset(/\.js$/),
      '/favicon.svg',
      '/robots.txt',
      '/downloads/sipa-planned-giving-guide.html',
      '/downloads/sipa-sample-bequest-language.txt',
    ]) {
      scores[path] = await observatory(path);
      expect(scores[path].score, path).toBeGreaterThanOrEqual(pages);
    }
  });
});
