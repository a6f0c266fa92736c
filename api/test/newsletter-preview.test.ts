/**
 * The campaign preview as a document of its own address, on both databases: Preview stores the
 * document and answers its address; the address serves it to the administrator who asked, with
 * a policy that lets the template's inline styles and logo show, framed by the site's own pages
 * only, for PREVIEW_MINUTES; nobody else, and nothing after. Through the whole server, the route
 * keeps SAMEORIGIN while everything else stays DENY.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { closeServices, createServices } from '../src/app.ts';
import { createServerApp } from '../src/server.ts';
import { describeBackends, freshConfig, makeApi, type TestApi } from './helpers.ts';
import { staffCookies } from './broadcast-helpers.ts';

const POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

describeBackends('the newsletter preview at its own address', (backend) => {
  let api: TestApi;
  let cookies: { admin: string; member: string };
  beforeAll(async () => {
    api = await makeApi(backend);
    cookies = await staffCookies(api);
  });
  afterAll(() => api.close());
  afterEach(() => vi.useRealTimers());

  const preview = async (body_html: string) => {
    const response = await api.app.request('/api/newsletter-campaigns/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies.admin },
      body: JSON.stringify({ body_html }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { html: string; document: string; url: string };
  };
  const get = (url: string, cookie?: string) => api.app.request(url, { headers: cookie ? { cookie } : {} });

  test('the administrator who asked reads the document, with its own policy, framed by the site only, never cached', async () => {
    const answer = await preview('Dear friends,\n\nOur workshops open on Saturday.');
    expect(answer.url).toMatch(/^\/api\/newsletter-preview\/[A-Za-z0-9_-]{22}$/);
    const response = await get(answer.url, cookies.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(response.headers.get('content-security-policy')).toBe(POLICY);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // The same document as the answer's, its logo from this server (the same file as the public site's).
    const document = await response.text();
    expect(document).toBe(answer.document.replace('<img src="https://sipa.example.org/apple-touch-icon.png"', '<img src="/apple-touch-icon.png"'));
    expect(document).toContain('<img src="/apple-touch-icon.png" width="48" height="48"');
    expect(document).toContain('<td style="background:#1f3d33;');
    expect(document).toContain('<p>Dear friends,</p>\n<p>Our workshops open on Saturday.</p>');
  });

  test('nobody else reads it: signed out 401, a member 403, a made-up or malformed id 404; an empty campaign has no address', async () => {
    const { url } = await preview('<p>Hello</p>');
    expect((await get(url)).status).toBe(401);
    expect((await get(url, cookies.member)).status).toBe(403);
    expect((await get('/api/newsletter-preview/AAAAAAAAAAAAAAAAAAAAAA', cookies.admin)).status).toBe(404);
    expect((await get('/api/newsletter-preview/..%2F..%2Fhealth', cookies.admin)).status).toBe(404);
    expect((await preview('<script>alert(1)</script>')).url).toBe('');
  });

  test('it answers for 15 minutes, then says it expired; expired previews are removed by the next one', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start, shouldAdvanceTime: true });
    const { url } = await preview('<p>Soon gone</p>');
    vi.setSystemTime(start + 14 * 60_000);
    expect((await get(url, cookies.admin)).status).toBe(200);
    vi.setSystemTime(start + 16 * 60_000);
    const expired = await get(url, cookies.admin);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual({ message: 'This preview has expired. Press Preview again.' });
    await preview('<p>Next</p>');
    const id = url.split('/').pop()!;
    expect(await api.services.db.kysely.selectFrom('newsletter_previews').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});

test('through the whole server, the preview keeps SAMEORIGIN and its policy; every other answer stays DENY', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'sipa-dist-'));
  const { config, drop } = await freshConfig('sqlite');
  const services = await createServices(config);
  try {
    const { app } = createServerApp({ distDir: dist, https: false, services });
    const fake = { request: (path: string, init?: RequestInit) => app.request(path, init) };
    const cookies = await staffCookies({ services, app: fake as never, close: async () => {} });
    const answer = await app.request('/api/newsletter-campaigns/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies.admin },
      body: JSON.stringify({ body_html: '<p>Hello</p>' }),
    });
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    const { url } = (await answer.json()) as { url: string };
    const response = await app.request(url, { headers: { cookie: cookies.admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toBe(POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.request('/api/health')).headers.get('x-frame-options')).toBe('DENY');
    // A route cannot loosen framing by naming another value.
    expect((await app.request('/api/newsletter-campaigns', { headers: { cookie: cookies.admin } })).headers.get('x-frame-options')).toBe('DENY');
  } finally {
    await closeServices(services);
    await drop();
    rmSync(dist, { recursive: true, force: true });
  }
});
