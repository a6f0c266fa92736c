/**
 * The CDN files of the built site, read by Netlify's own parsers (@netlify/redirect-parser and
 * @netlify/headers-parser, the code Netlify's build and CLI read `_redirects` and `_headers`
 * with): no error, no rule dropped. Then every alias, not-found address and file is answered the
 * way Netlify applies those rules (first matching redirect, a non-forced one only where no file
 * exists; every header rule whose path matches) and compared with the Node server's own answer,
 * which the nginx site is held to by deploy/test/deploy.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServices, createServices, type Services } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { createServerApp } from '../../api/src/server.ts';
import { listFiles, sectionNotFoundPages } from '../../api/src/static-site.ts';
import { cdnRedirects, redirectsText } from '../../deploy/cdn-files.ts';
import { routeAliases } from '../../src/lib/routes.ts';
import { isEditorPath } from '../../src/lib/security-policy.ts';
import { TRANSLATED_LANGS } from '../../src/lib/i18n/languages.ts';
import { distDir } from '../../scripts/page-weight.ts';

const API_ORIGIN = 'https://api.sipa.example';
const PAGE_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
const STRICT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** The headers every answer carries, from nginx and the Node server alike. */
const EVERY_ANSWER = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

interface Redirect {
  from: string;
  to: string;
  status: number;
  force: boolean;
  proxy: boolean;
}
interface HeaderRule {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

let tmp: string;
let services: Services;
let app: ReturnType<typeof createServerApp>['app'];
let built: { redirects: Redirect[]; headers: HeaderRule[] };
let proxied: Redirect[];

/** Netlify's parsers on one file each; every rule line must come back as one rule. */
async function parse(redirectsFile: string, headersFile?: string) {
  const redirects = await parseAllRedirects({ redirectsFiles: [redirectsFile], configRedirects: [], minimal: false });
  expect(redirects.errors).toEqual([]);
  const lines = readFileSync(redirectsFile, 'utf8').split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  expect(redirects.redirects).toHaveLength(lines.length);
  if (!headersFile) return { redirects: redirects.redirects as Redirect[], headers: [] };
  const headers = await parseAllHeaders({ headersFiles: [headersFile], configHeaders: [], minimal: false });
  expect(headers.errors).toEqual([]);
  const text = readFileSync(headersFile, 'utf8');
  const paths = text.split('\n').filter((line) => line.startsWith('/'));
  const values = text.split('\n').filter((line) => /^ {2}\S/.test(line));
  expect(headers.headers).toHaveLength(paths.length);
  expect(headers.headers.map((rule) => rule.for)).toEqual(paths);
  expect(headers.headers.reduce((sum, rule) => sum + Object.keys(rule.values).length, 0)).toBe(values.length);
  return { redirects: redirects.redirects as Redirect[], headers: headers.headers as HeaderRule[] };
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'sipa-cdn-'));
  services = await createServices(loadConfig({ DATA_DIR: join(tmp, 'data') }));
  app = createServerApp({ distDir, https: true, services }).app;
  built = await parse(join(distDir, '_redirects'), join(distDir, '_headers'));
  // The production build writes the proxy rules from API_ORIGIN (a repository variable).
  const file = join(tmp, '_redirects');
  writeFileSync(file, redirectsText(cdnRedirects(distDir, API_ORIGIN)));
  proxied = (await parse(file)).redirects;
});

afterAll(async () => {
  await closeServices(services);
  rmSync(tmp, { recursive: true, force: true });
});

/** Whether dist/ holds a file Netlify would serve at this address. */
function fileAt(path: string): boolean {
  const clean = path.replace(/\/+$/, '');
  return [path, `${clean}/index.html`, `${clean}.html`].some((candidate) => candidate !== '/' && existsSync(join(distDir, candidate)) && !candidate.endsWith('/'));
}

/** The first rule that applies to a path, as Netlify picks it. */
function redirectFor(rules: Redirect[], path: string): Redirect | undefined {
  return rules.find((rule) => {
    const matches = rule.from.endsWith('/*') ? path.startsWith(rule.from.slice(0, -1)) || path === rule.from.slice(0, -2) : path === rule.from;
    return matches && (rule.force || !fileAt(path));
  });
}

/** Every header value Netlify sends at a path, by name (a name set by two rules has two values). */
function headersAt(path: string): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (const rule of built.headers.filter((candidate) => candidate.forRegExp.test(path))) {
    for (const [name, value] of Object.entries(rule.values)) sent.set(name, [...(sent.get(name) ?? []), value]);
  }
  return sent;
}

function addressOf(file: string): string {
  const path = `/${relative(distDir, file).split(sep).join('/')}`;
  if (path === '/index.html') return '/';
  return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path;
}

describe("the CDN files, read by Netlify's parsers", () => {
  it('every alias, with and without a trailing slash, is a 301 to the path the Node server names', async () => {
    expect(Object.keys(routeAliases).length).toBeGreaterThanOrEqual(12);
    for (const from of Object.keys(routeAliases)) {
      for (const path of [from, `${from}/`]) {
        const answer = await app.request(path);
        expect(answer.status, path).toBe(301);
        const rule = redirectFor(built.redirects, path);
        expect(rule, path).toMatchObject({ status: 301, to: answer.headers.get('location') });
      }
    }
    expect(redirectFor(built.redirects, '/GetInvolved')).toMatchObject({ to: '/get-involved', status: 301 });
    expect(redirectFor(built.redirects, '/programs/youth-empowerment/')).toMatchObject({ to: '/programs/future-ready-youth', status: 301 });
  });

  it("unknown addresses get 404 with their section's and language's not-found page, as from the Node server", async () => {
    const cases: Array<[string, string]> = [
      ['/no-such-page', '/404.html'],
      ['/about/team/nobody', '/404.html'],
      ['/_astro/missing.js', '/404.html'],
      ['/404', '/404.html'],
      ['/events/nobody', '/events/404'],
      ['/blog/nobody', '/blog/404'],
      ['/fr/no-such-page', '/fr/404'],
      ['/fr/about/nobody', '/fr/404'],
      ['/fr/404', '/fr/404/index.html'],
      ['/fr/blog/nobody', '/fr/blog/404'],
      ['/fr/events/nobody', '/fr/events/404'],
      ['/sw/no-such-page', '/sw/404'],
      ['/sw/blog/nobody', '/sw/blog/404'],
      ['/sw/events/nobody', '/sw/events/404'],
      ['/events/404', '/events/404/index.html'],
    ];
    // Every section with a not-found page of its own is among them.
    for (const section of sectionNotFoundPages(distDir)) expect(cases.map(([, page]) => page.replace(/\/index\.html$/, ''))).toContain(`/${section}/404`);
    for (const [path, page] of cases) {
      const rule = redirectFor(built.redirects, path);
      expect(rule, path).toMatchObject({ status: 404, to: page });
      const answer = await app.request(path);
      expect(answer.status, path).toBe(404);
      // The same page: its language and its title.
      const file = readFileSync(join(distDir, page.endsWith('.html') ? page : `${page}/index.html`), 'utf8');
      const html = await answer.text();
      for (const pattern of [/<html lang="([^"]+)"/, /<title>([^<]*)<\/title>/]) expect(pattern.exec(html)?.[1], path).toBe(pattern.exec(file)?.[1]);
    }
  });

  it('every page and file gets the headers, content policy and caching the Node server sends', async () => {
    const files = listFiles(distDir).filter((file) => !file.endsWith('.br') && !/\/_(headers|redirects)$/.test(file));
    expect(files.length).toBeGreaterThan(300);
    for (const file of files) {
      const path = addressOf(file);
      const answer = await app.request(path);
      const sent = headersAt(path);
      for (const [name, every] of Object.entries(EVERY_ANSWER)) {
        // The content editor's sign-in popup answers through window.opener.
        const value = name === 'Cross-Origin-Opener-Policy' && isEditorPath(path) ? 'same-origin-allow-popups' : every;
        expect(sent.get(name), `${path} ${name}`).toEqual([value]);
        expect(answer.headers.get(name), `${path} ${name}`).toBe(value);
      }
      // One rule sets the caching of each address, to what the Node server sends.
      expect(sent.get('Cache-Control'), path).toEqual([answer.headers.get('cache-control')]);
      // The Node server's policy is among the CDN's; the other one is the page policy (which every
      // policy here contains), so the effective policy is the same.
      const policies = sent.get('Content-Security-Policy') ?? [];
      expect(policies, path).toContain(answer.headers.get('content-security-policy'));
      for (const policy of policies) if (policy !== answer.headers.get('content-security-policy')) expect(policy, path).toBe(PAGE_POLICY);
    }
    expect(headersAt('/_astro/x.js').get('Cache-Control')).toEqual(['public, max-age=31536000, immutable']);
    expect(headersAt('/_astro/x.js').get('Content-Security-Policy')).toContain(STRICT_POLICY);
    expect(headersAt('/about').get('Cache-Control')).toEqual(['public, max-age=0, must-revalidate']);
    expect(headersAt('/fr/about').get('Cache-Control')).toEqual(['public, max-age=0, must-revalidate']);
    expect(headersAt('/robots.txt').get('Cache-Control')).toEqual(['public, max-age=3600']);
    expect(headersAt('/art/hero-baobab.svg').get('Content-Security-Policy')).toContain(STRICT_POLICY);
    for (const page of ['/404.html', '/fr/404', '/sw/404', '/events/404', '/fr/blog/404', '/sw/events/404']) expect(headersAt(page).get('Cache-Control'), page).toEqual(['no-store']);
  });

  it('with API_ORIGIN, /api/* and the pages whose plain form the API answers are proxied to the API (200 rewrites, first of all rules)', () => {
    const pages = ['newsletter/confirm', 'newsletter/unsubscribe', 'events/cancel', 'events/attend'];
    expect(proxied.slice(0, 1 + pages.length * (1 + TRANSLATED_LANGS.length))).toEqual([
      expect.objectContaining({ from: '/api/*', to: `${API_ORIGIN}/api/:splat`, status: 200, force: true, proxy: true }),
      ...['', ...TRANSLATED_LANGS.map((lang) => `/${lang}`)].flatMap((prefix) =>
        pages.map((page) => expect.objectContaining({ from: `${prefix}/${page}`, to: `${API_ORIGIN}${prefix}/${page}`, status: 200, force: true, proxy: true })),
      ),
    ]);
    // A registration's cancel and Confirm pages post to their own addresses as well.
    expect(redirectFor(proxied, '/sw/events/cancel')).toMatchObject({ proxy: true, to: `${API_ORIGIN}/sw/events/cancel` });
    for (const path of ['/api/contact', '/api/auth/sign-in/email', '/api/newsletter/confirm']) expect(redirectFor(proxied, path), path).toMatchObject({ from: '/api/*', proxy: true });
    // Without JavaScript the newsletter pages' button posts to the page's own address.
    expect(redirectFor(proxied, '/newsletter/confirm')).toMatchObject({ proxy: true, to: `${API_ORIGIN}/newsletter/confirm` });
    // The French and Swahili pages' buttons post to their own addresses too.
    expect(redirectFor(proxied, '/fr/newsletter/confirm')).toMatchObject({ proxy: true, to: `${API_ORIGIN}/fr/newsletter/confirm` });
    expect(redirectFor(proxied, '/sw/newsletter/unsubscribe')).toMatchObject({ proxy: true, to: `${API_ORIGIN}/sw/newsletter/unsubscribe` });
    // The rest is the same as without the API's origin.
    expect(proxied.slice(1 + pages.length * (1 + TRANSLATED_LANGS.length)).map(({ from, to, status, force }) => ({ from, to, status, force }))).toEqual(
      cdnRedirects(distDir, undefined).map(({ from, to, status, force }) => ({ from, to, status, force })),
    );
  });
});
