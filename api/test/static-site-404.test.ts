/**
 * The not-found page from `npm start`, compressed like every other page: a client that takes
 * brotli gets the build's .br copy of 404.html (and gzip the server's own), as nginx sends it;
 * the page's script shows the missing path. A client that takes no compression still gets the
 * path written in by the server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_OPTIONS, createStaticSite } from '../src/static-site.ts';

let dist = '';
let app: Hono;

/** A not-found page the size of the built one (30 KB): its shell, the slot for the path, its script. */
function notFoundPage(prefix: string): string {
  const shell = Array.from({ length: 300 }, (_, i) => `<li class="nav-item"><a href="/section-${i}">Section ${i} of the site</a></li>`).join('\n');
  return `<!doctype html><html lang="en"><body><ul>${shell}</ul><p>Error message: <span>${prefix}<span data-missing-path data-astro-cid-x></span></span></p><script>const slot = document.querySelector('[data-missing-path]'); if (slot && !slot.textContent) slot.textContent = location.pathname;</script></body></html>`;
}

const PAGES = { '404.html': notFoundPage('Page not found: '), 'fr/404/index.html': notFoundPage('Page introuvable : ') };

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'sipa-404-'));
  for (const [path, html] of Object.entries(PAGES)) {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), html);
    // The build's own brotli copy (scripts/precompress.ts).
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(html, BROTLI_OPTIONS));
  }
  writeFileSync(join(dist, 'index.html'), '<h1>Home</h1>');
  const site = createStaticSite(dist);
  app = new Hono().all('*', (c) => site.handle(c));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the not-found page, compressed', () => {
  it('brotli: the build’s copy of 404.html, a fraction of its size, with status 404', async () => {
    const res = await app.request('/no/such/page', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(PAGES['404.html']) / 4);
    expect(brotliDecompressSync(body).toString('utf8')).toBe(PAGES['404.html']);
  });

  it('gzip, for a client without brotli', async () => {
    const res = await app.request('/no/such/page', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(PAGES['404.html']) / 4);
    expect(gunzipSync(body).toString('utf8')).toBe(PAGES['404.html']);
  });

  it('a language’s not-found page too', async () => {
    const res = await app.request('/fr/nulle-part', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(PAGES['fr/404/index.html']);
  });

  it('without compression, the path is written in by the server, escaped', async () => {
    const res = await app.request('/no/<b>page', { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain('Page not found: <span data-missing-path data-astro-cid-x>/no/&#60;b&#62;page</span>');
  });
});
