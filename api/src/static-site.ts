/**
 * Serves the built site (dist/) from memory: every file is read once at start and its gzip and
 * brotli variants are kept once made (the brotli one read from the build's `.br` copy where there
 * is one, scripts/precompress.ts), so a request costs a map lookup. Handles the alias redirects, the
 * trailing slash, per-section not-found pages and the 404 page: compressed for a client that takes
 * compression (its script shows the missing path), with the path written in for one that does not.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { Context } from 'hono';
import { canonicalRedirect } from '../../src/lib/routes.ts';
import { STRICT_CONTENT_SECURITY_POLICY, documentContentSecurityPolicy } from '../../src/lib/security-policy.ts';

/** Content types by extension (the nginx site in deploy/ is generated from this table too). */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
};
export const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

interface StaticFile {
  body: Uint8Array;
  readonly gzip?: Uint8Array;
  readonly br?: Uint8Array;
  type: string;
  etag: string;
  cacheControl: string;
  /** The header policy of a file that is not a built page (those carry the page policy and a <meta> one). */
  csp?: string;
}

/**
 * Built pages carry a <meta> Content-Security-Policy and get the page header policy from the
 * server; every other file gets a strict one: nothing but, for a standalone HTML document,
 * its own inline <style> blocks by hash.
 */
export function headerPolicy(type: string, body: Buffer): string | undefined {
  if (!type.startsWith('text/html')) return STRICT_CONTENT_SECURITY_POLICY;
  const html = body.toString('utf8');
  if (/<meta[^>]+http-equiv=["']?content-security-policy/i.test(html)) return undefined;
  const hashes = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => `sha256-${createHash('sha256').update(m[1]!).digest('base64')}`);
  return documentContentSecurityPolicy(hashes);
}

export function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * Folders with their own not-found page at dist/{folder}/404/index.html: the sections (events,
 * blog), each language's site (fr, sw) and each language's sections (fr/blog). Longest first,
 * so the first folder a path lies in is the most specific: /fr/blog/x gets the French blog's.
 */
export function sectionNotFoundPages(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  const found: string[] = [];
  const visit = (folder: string, depth: number) => {
    for (const entry of readdirSync(join(distDir, folder), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === '404') continue;
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (existsSync(join(distDir, path, '404', 'index.html'))) found.push(path);
      // A language's sections sit one level down (fr/blog); nothing deeper has one.
      if (depth < 1) visit(path, depth + 1);
    }
  };
  visit('', 0);
  return found.sort((a, b) => b.split('/').length - a.split('/').length || a.localeCompare(b));
}

/** Smallest body worth compressing. */
export const COMPRESS_MIN_BYTES = 513;
/** The build's brotli copy of a file sits beside it under this suffix; it is no address of its own. */
export const BROTLI_SUFFIX = '.br';
/** Brotli at its best: the build makes each copy once, and the first flight counts every byte. */
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } };

/** Cache-Control of a not-found answer. */
export const NOT_FOUND_CACHE_CONTROL = 'no-store';

/** Whether a file of this name and size is sent compressed. */
export function isCompressible(path: string, size: number): boolean {
  const type = CONTENT_TYPES[extname(path).toLowerCase()];
  return type !== undefined && COMPRESSIBLE.test(type) && size >= COMPRESS_MIN_BYTES;
}

/** The build's brotli copy of `path`, unless there is none or it is older than the file. */
function precompressed(path: string): Buffer | undefined {
  const copy = `${path}${BROTLI_SUFFIX}`;
  return existsSync(copy) && statSync(copy).mtimeMs >= statSync(path).mtimeMs ? readFileSync(copy) : undefined;
}

/** Hashed build assets never change; everything else is revalidated so edits show at once. */
export function cacheControl(urlPath: string, type: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // The site search's index (scripts/site-search.ts): its entry file names the chunks of this
  // build, so a visitor's copy is checked on every search.
  if (urlPath.startsWith('/pagefind/')) return 'public, max-age=0, must-revalidate';
  return type.startsWith('text/html') ? 'public, max-age=0, must-revalidate' : 'public, max-age=3600';
}

function loadFile(path: string, urlPath: string): StaticFile {
  const body = readFileSync(path);
  const type = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const compressible = isCompressible(path, body.length);
  // Compressed variants are made on first request and kept, so start-up stays instant.
  let gzip: Uint8Array | undefined;
  let br: Uint8Array | undefined;
  return {
    body,
    get gzip() {
      if (compressible && !gzip) gzip = gzipSync(body, { level: 9 });
      return gzip;
    },
    get br() {
      if (compressible && !br) br = precompressed(path) ?? brotliCompressSync(body, BROTLI_OPTIONS);
      return br;
    },
    type,
    csp: headerPolicy(type, body),
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    cacheControl: cacheControl(urlPath, type),
  };
}

/** The compressed variant of `file` the client accepts (brotli first), if there is one. */
function encodingFor(c: Context, file: StaticFile): 'br' | 'gzip' | undefined {
  const accept = c.req.header('accept-encoding') ?? '';
  if (file.br && /\bbr\b/.test(accept)) return 'br';
  if (file.gzip && /\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export interface StaticSite {
  handle(c: Context): Response;
  /** The built page at `pathname` (its HTML), for an answer the API fills in; undefined if there is none. */
  page(pathname: string): string | undefined;
  /** How many files are served. */
  size: number;
}

export function createStaticSite(distDir: string): StaticSite {
  if (!existsSync(distDir) || !statSync(distDir).isDirectory()) {
    throw new Error(`No built site at ${distDir}: run \`npm run build\` first.`);
  }
  const files = new Map<string, StaticFile>();
  for (const path of listFiles(distDir)) {
    if (path.endsWith(BROTLI_SUFFIX)) continue;
    const urlPath = `/${relative(distDir, path).split(sep).join('/')}`;
    files.set(urlPath, loadFile(path, urlPath));
  }
  const notFoundTemplate = files.get('/404.html');
  const sections = sectionNotFoundPages(distDir);

  function lookup(pathname: string): StaticFile | undefined {
    return files.get(pathname) ?? files.get(`${pathname === '/' ? '' : pathname}/index.html`);
  }

  function send(c: Context, file: StaticFile, status: 200 | 404, bodyOverride?: Uint8Array): Response {
    const headers = new Headers({
      'Content-Type': file.type,
      'Cache-Control': status === 404 ? NOT_FOUND_CACHE_CONTROL : file.cacheControl,
      Vary: 'Accept-Encoding',
    });
    if (status === 200) headers.set('ETag', file.etag);
    if (file.csp) headers.set('Content-Security-Policy', file.csp);
    if (status === 200 && c.req.header('if-none-match') === file.etag) {
      return new Response(null, { status: 304, headers });
    }
    const encoding = bodyOverride ? undefined : encodingFor(c, file);
    const body: Uint8Array = encoding ? file[encoding]! : (bodyOverride ?? file.body);
    if (encoding) headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.byteLength));
    return new Response(c.req.method === 'HEAD' ? null : (body as BodyInit), { status, headers });
  }

  /** The not-found page of the most specific folder `pathname` lies in, else the site's. */
  function notFoundPage(pathname: string): StaticFile | undefined {
    const folder = sections.find((section) => pathname.startsWith(`/${section}/`) || pathname === `/${section}`);
    return folder ? lookup(`/${folder}/404`) : notFoundTemplate;
  }

  function notFound(c: Context, pathname: string): Response {
    const page = notFoundPage(pathname);
    if (!page) return c.text(`Page not found: ${pathname}`, 404);
    // A client that takes compression gets the page as built, compressed like any other (the
    // build's brotli copy: 6.6 KB where the page is 30 KB), and the page's own script writes the
    // path in, as behind nginx or a CDN. Compressing a filled-in copy afresh would cost CPU on
    // every miss a scanner asks for.
    if (encodingFor(c, page)) return send(c, page, 404);
    const html = new TextDecoder().decode(page.body);
    // The general not-found pages (one per language) show the missing path; the sections' do not.
    if (!/<span data-missing-path[^>]*><\/span>/.test(html)) return send(c, page, 404);
    const filled = html.replace(/(<span data-missing-path[^>]*>)(<\/span>)/, (_, open: string, close: string) => `${open}${escapeHtml(pathname)}${close}`);
    return send(c, page, 404, new TextEncoder().encode(filled));
  }

  return {
    size: files.size,
    page(pathname) {
      const file = lookup(pathname);
      return file?.type.startsWith('text/html') ? new TextDecoder().decode(file.body) : undefined;
    },
    handle(c) {
      const url = new URL(c.req.url);
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        return notFound(c, url.pathname);
      }
      const redirect = canonicalRedirect(url.pathname);
      if (redirect && redirect !== url.pathname) {
        return c.redirect(`${redirect}${url.search}`, 301);
      }
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
        return c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' });
      }
      // A request for the section not-found page itself is still a not-found.
      if (/\/404(\.html)?$/.test(pathname) || pathname.includes('\0')) return notFound(c, pathname);
      const file = lookup(pathname);
      return file ? send(c, file, 200) : notFound(c, pathname);
    },
  };
}
