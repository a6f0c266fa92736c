/**
 * The CDN's files (`_redirects`, `_headers`, Netlify's format), written from the tables the Node
 * server and the nginx site (deploy/nginx-config.ts) are made of, so that the three answer alike:
 * the alias redirects (src/lib/routes.ts), the security headers and content policies
 * (src/lib/security-policy.ts), the caching rules and the not-found pages (api/src/static-site.ts).
 *
 * Netlify matches header rules by path only (not by content type), and a header named by two rules
 * that match one address is not sent twice alike everywhere, so every rule but `/*` names one
 * address or one folder and `Cache-Control` is given by exactly one rule per address.
 *
 * With the API's public origin (API_ORIGIN), `/api/*` and the newsletter pages (whose button posts
 * to the page's own address without JavaScript) are proxied to it with `200` rewrites: the browser
 * stays on the site's origin, so staff cookies stay first-party. deploy/README.md tells the rest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { LANG_CODES } from '../src/lib/i18n/languages.ts';
import { localizePath } from '../src/lib/i18n/paths.ts';
import { routeAliases } from '../src/lib/routes.ts';
import { EDITOR_OPENER_POLICY, STRICT_CONTENT_SECURITY_POLICY, isEditorPath, securityHeaders } from '../src/lib/security-policy.ts';
import {
  BROTLI_SUFFIX,
  CONTENT_TYPES,
  NOT_FOUND_CACHE_CONTROL,
  cacheControl,
  headerPolicy,
  listFiles,
  sectionNotFoundPages,
} from '../api/src/static-site.ts';

/**
 * The site's pages whose no-JavaScript form posts to the page's own address (the API answers it):
 * the newsletter's confirm and unsubscribe, and a registration's cancel and the reminder's Confirm.
 */
export const API_PAGES: readonly string[] = LANG_CODES.flatMap((lang) =>
  ['/newsletter/confirm', '/newsletter/unsubscribe', '/events/cancel', '/events/attend'].map((page) => localizePath(page, lang)),
);

export interface CdnRedirect {
  from: string;
  to: string;
  status: 200 | 301 | 404;
  /** Applies even where a file exists at `from` (Netlify's `!`). */
  force: boolean;
}

export interface CdnHeaderRule {
  path: string;
  values: Record<string, string>;
}

/** The API's public origin, checked: https, no path, no query. */
export function apiOrigin(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:') throw new Error(`API_ORIGIN must be https: ${value}`);
  if (url.pathname !== '/' || url.search || url.hash) throw new Error(`API_ORIGIN is an origin, without path or query: ${value}`);
  return url.origin;
}

/** Every redirect and rewrite of `_redirects`, first match wins (as Netlify reads them). */
export function cdnRedirects(distDir: string, origin: string | undefined): CdnRedirect[] {
  const rules: CdnRedirect[] = [];
  if (origin) {
    rules.push({ from: '/api/*', to: `${origin}/api/:splat`, status: 200, force: true });
    for (const page of API_PAGES) rules.push({ from: page, to: `${origin}${page}`, status: 200, force: true });
  }
  for (const [from, to] of Object.entries(routeAliases)) {
    rules.push({ from, to, status: 301, force: false }, { from: `${from}/`, to, status: 301, force: false });
  }
  const sections = sectionNotFoundPages(distDir);
  // A request for a not-found page itself is still a not-found, as from nginx and the Node server.
  for (const section of sections) rules.push({ from: `/${section}/404`, to: `/${section}/404/index.html`, status: 404, force: true });
  rules.push({ from: '/404', to: '/404.html', status: 404, force: true });
  // Unknown addresses in a section get that section's page (the deepest first), everything else 404.html.
  for (const section of sections) rules.push({ from: `/${section}/*`, to: `/${section}/404`, status: 404, force: false });
  rules.push({ from: '/*', to: '/404.html', status: 404, force: false });
  return rules;
}

/** The address a file of dist/ is asked for: /about for about/index.html, the path for the rest. */
function addressOf(distDir: string, file: string): string {
  const path = `/${relative(distDir, file).split(sep).join('/')}`;
  if (path === '/index.html') return '/';
  return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path;
}

/** Every header rule of `_headers`. */
export function cdnHeaderRules(distDir: string): CdnHeaderRule[] {
  // The opener policy differs at the content editor (its sign-in popup answers through
  // window.opener), and a header two rules name is sent twice: it goes with each file's own rule,
  // not with `/*` (so an address that is no file, answered by a not-found page, goes without it).
  const { 'Cross-Origin-Opener-Policy': openerPolicy, ...everyAnswer } = securityHeaders({ https: true });
  const rules: CdnHeaderRule[] = [{ path: '/*', values: everyAnswer }];
  rules.push({
    path: '/_astro/*',
    values: { 'Cache-Control': cacheControl('/_astro/x.js', CONTENT_TYPES['.js']!), 'Content-Security-Policy': STRICT_CONTENT_SECURITY_POLICY, 'Cross-Origin-Opener-Policy': openerPolicy! },
  });
  // The site search's index: one rule for its folder, as for _astro/ (hundreds of fragments).
  rules.push({ path: '/pagefind/*', values: { 'Cache-Control': cacheControl('/pagefind/x', CONTENT_TYPES['.js']!), 'Content-Security-Policy': STRICT_CONTENT_SECURITY_POLICY, 'Cross-Origin-Opener-Policy': openerPolicy! } });
  const notFoundPages = new Set(['/404.html', ...sectionNotFoundPages(distDir).map((section) => `/${section}/404`)]);
  for (const file of listFiles(distDir).sort()) {
    const path = `/${relative(distDir, file).split(sep).join('/')}`;
    if (path.startsWith('/_astro/') || path.startsWith('/pagefind/') || path.endsWith(BROTLI_SUFFIX) || path === '/_headers' || path === '/_redirects') continue;
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const address = addressOf(distDir, file);
    const values: Record<string, string> = {
      'Cache-Control': notFoundPages.has(address) ? NOT_FOUND_CACHE_CONTROL : cacheControl(path, type),
      'Cross-Origin-Opener-Policy': isEditorPath(address) ? EDITOR_OPENER_POLICY : openerPolicy!,
    };
    // Pages carry their own <meta> policy beside the page header policy of `/*`; everything else
    // (and the standalone guides) gets its own header policy too: both apply, the stricter wins.
    const policy = headerPolicy(type, readFileSync(file));
    if (policy) values['Content-Security-Policy'] = policy;
    rules.push({ path: address, values });
  }
  return rules;
}

export function redirectsText(rules: CdnRedirect[]): string {
  return `${rules.map((rule) => `${rule.from} ${rule.to} ${rule.status}${rule.force ? '!' : ''}`).join('\n')}\n`;
}

export function headersText(rules: CdnHeaderRule[]): string {
  return rules.map((rule) => [rule.path, ...Object.entries(rule.values).map(([name, value]) => `  ${name}: ${value}`), ''].join('\n')).join('\n');
}

/** Writes dist/_redirects and dist/_headers; API_ORIGIN adds the proxy rules. Returns the rule counts. */
export function writeCdnFiles(distDir: string, env: NodeJS.ProcessEnv = process.env): { redirects: number; headers: number; proxied: boolean } {
  const origin = env.API_ORIGIN ? apiOrigin(env.API_ORIGIN) : undefined;
  const redirects = cdnRedirects(distDir, origin);
  const headers = cdnHeaderRules(distDir);
  writeFileSync(join(distDir, '_redirects'), redirectsText(redirects));
  writeFileSync(join(distDir, '_headers'), headersText(headers));
  return { redirects: redirects.length, headers: headers.length, proxied: Boolean(origin) };
}
