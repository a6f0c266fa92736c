import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createServerApp } from '../src/server.ts';
import { closeServices, createServices, type Services } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

let dist: string;
let app: ReturnType<typeof createServerApp>['app'];
let services: Services;

function write(path: string, body: string | Buffer) {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), body);
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sipa-dist-'));
  services = await createServices(loadConfig({ DATA_DIR: join(dist, '..', `${dist.split('/').at(-1)}-data`) }));
  write('index.html', '<h1>Home</h1>'.padEnd(2000, ' '));
  write('about/index.html', '<h1>About</h1>');
  write('events/index.html', '<h1>Events</h1>');
  write('events/404/index.html', '<h1>Event Not Found</h1>');
  write('404.html', '<p>Error message: <span>Page not found: <span data-missing-path data-astro-cid-x></span></span></p>');
  write('fr/index.html', '<h1>Accueil</h1>');
  write('fr/404/index.html', '<p>Message d’erreur : <span>Page introuvable : <span data-missing-path data-astro-cid-x></span></span></p>');
  write('fr/events/404/index.html', '<h1>Événement introuvable</h1>');
  write('sw/404/index.html', '<p>Ujumbe wa hitilafu: <span>Ukurasa haupatikani: <span data-missing-path data-astro-cid-x></span></span></p>');
  write('_astro/app.abc123.js', 'console.log(1)'.repeat(100));
  write('favicon.svg', '<svg/>');
  // The build's brotli copies (scripts/precompress.ts): told apart from the server's own
  // compression by holding other text than their file.
  write('guide/index.html', '<h1>Guide</h1>'.padEnd(2000, ' '));
  write('guide/index.html.br', brotliCompressSync('<h1>Guide, compressed by the build</h1>'));
  write('stale/index.html', '<h1>Edited after the build</h1>'.padEnd(2000, ' '));
  write('stale/index.html.br', brotliCompressSync('<h1>Before the edit</h1>'));
  utimesSync(join(dist, 'stale/index.html.br'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  app = createServerApp({ distDir: dist, https: true, services }).app;
});

afterAll(async () => {
  await closeServices(services);
  rmSync(dist, { recursive: true, force: true });
  rmSync(`${dist}-data`, { recursive: true, force: true });
});

describe('the static site server', () => {
  it('serves a page by its directory path', async () => {
    const res = await app.request('/about');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<h1>About</h1>');
  });

  it.each([
    ['/About', '/about'],
    ['/about/', '/about'],
    ['/GetInvolved', '/get-involved'],
    ['/GetInvolved/', '/get-involved'],
    ['/NewsletterSignup', '/newsletter'],
    ['/privacy-policy', '/privacy'],
  ])('redirects %s permanently to %s', async (from, to) => {
    const res = await app.request(from);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  it('keeps the query string on a redirect', async () => {
    const res = await app.request('/Blog?tag=youth');
    expect(res.headers.get('location')).toBe('/blog?tag=youth');
  });

  it('answers an unknown path with 404 and the path, escaped', async () => {
    const res = await app.request('/no/such/<script>page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page not found: <span data-missing-path data-astro-cid-x>/no/such/&#60;script&#62;page</span>');
    expect(html).not.toContain('<script>page');
  });

  it("serves a section's own not-found page with 404", async () => {
    const res = await app.request('/events/not-an-event');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Event Not Found');
    expect((await app.request('/events/404')).status).toBe(404);
  });

  it('answers a missing French or Swahili path with the not-found page of its language', async () => {
    const french = await app.request('/fr/no/such/page');
    expect(french.status).toBe(404);
    expect(await french.text()).toContain('Page introuvable : <span data-missing-path data-astro-cid-x>/fr/no/such/page</span>');
    const swahili = await app.request('/sw/programu');
    expect(swahili.status).toBe(404);
    expect(await swahili.text()).toContain('Ukurasa haupatikani: <span data-missing-path data-astro-cid-x>/sw/programu</span>');
    expect(await (await app.request('/fr/404')).text()).toContain('Page introuvable');
    // A language without a section page of its own falls back to its general page.
    expect(await (await app.request('/sw/events/nothing')).text()).toContain('Ukurasa haupatikani');
  });

  it("answers a missing French section path with the section's French not-found page", async () => {
    const res = await app.request('/fr/events/not-an-event');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Événement introuvable');
    expect((await app.request('/fr/events/404')).status).toBe(404);
    expect(await (await app.request('/events/not-an-event')).text()).toContain('Event Not Found');
  });

  it('caches hashed assets for a year and revalidates pages', async () => {
    expect((await app.request('/_astro/app.abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await app.request('/')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('compresses text when the client accepts it', async () => {
    const res = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('<h1>Home</h1>');
  });

  it('compresses with brotli when the client accepts it', async () => {
    const res = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('<h1>Home</h1>');
  });

  it("sends the build's brotli copy of a file as it is, unless the file changed after it", async () => {
    const copied = await app.request('/guide', { headers: { 'Accept-Encoding': 'br' } });
    expect(copied.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await copied.arrayBuffer())).toString()).toBe('<h1>Guide, compressed by the build</h1>');
    const stale = await app.request('/stale', { headers: { 'Accept-Encoding': 'br' } });
    expect(stale.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await stale.arrayBuffer())).toString()).toContain('<h1>Edited after the build</h1>');
  });

  it('gives a brotli copy no address of its own', async () => {
    expect((await app.request('/guide/index.html.br')).status).toBe(404);
    expect((await app.request('/guide/index.html')).status).toBe(200);
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await app.request('/about');
    const etag = first.headers.get('etag')!;
    const second = await app.request('/about', { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
  });

  it('sends the security headers on pages, errors and the API', async () => {
    for (const path of ['/', '/missing', '/api/health']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    }
  });

  it('refuses to write to static files', async () => {
    const res = await app.request('/about', { method: 'POST' });
    expect(res.status).toBe(405);
  });

  it('does not serve files outside dist/', async () => {
    const res = await app.request('/../package.json');
    expect(res.status).not.toBe(200);
    const encoded = await app.request('/%2e%2e/%2e%2e/etc/passwd');
    expect(encoded.status).toBe(404);
  });

  it('treats a malformed escape as not found, not as an error', async () => {
    expect((await app.request('/%E0%A4%A')).status).toBe(404);
  });
});
