/**
 * After `astro build`: fits each page's first paint into one round trip (scripts/first-flight.ts),
 * writes the CDN files (`_redirects`, `_headers`) and the nginx site (deploy/nginx/sipa.conf) from
 * the same tables the Node server uses, fails the build if two files in dist/ differ only by
 * letter case, and last writes the brotli copies both fronts send (scripts/precompress.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { routeAliases } from '../src/lib/routes.ts';
import { STRICT_CONTENT_SECURITY_POLICY, securityHeaders } from '../src/lib/security-policy.ts';
import { sectionNotFoundPages } from '../api/src/static-site.ts';
import { htmlPages, listFiles } from './page-weight.ts';
import { pageScripts, rewritePage } from './first-flight.ts';
import { writeNginxSite } from '../deploy/nginx-config.ts';
import { precompress } from './precompress.ts';

const dist = join(import.meta.dirname, '..', 'dist');

const externalScripts = new Map<string, string>();
for (const page of htmlPages(dist)) {
  const html = readFileSync(page.file, 'utf8');
  const result = rewritePage(html, dist, pageScripts(html, dist));
  for (const [path, code] of result.externalScripts) externalScripts.set(path, code);
  writeFileSync(page.file, result.html);
}
for (const [path, code] of externalScripts) writeFileSync(join(dist, path), code);

const files = listFiles(dist).map((path) => relative(dist, path));
const byLowerCase = new Map<string, string>();
for (const file of files) {
  const key = file.toLowerCase();
  const clash = byLowerCase.get(key);
  if (clash) throw new Error(`dist/ holds names that differ only by case: ${clash} and ${file}`);
  byLowerCase.set(key, file);
}

const redirects = Object.entries(routeAliases).flatMap(([from, to]) => [`${from} ${to} 301`, `${from}/ ${to} 301`]);
const notFound = sectionNotFoundPages(dist).map((section) => `/${section}/* /${section}/404 404`);
writeFileSync(join(dist, '_redirects'), [...redirects, ...notFound, ''].join('\n'));

const headers = Object.entries(securityHeaders({ https: true })).map(([name, value]) => `  ${name}: ${value}`);
writeFileSync(
  join(dist, '_headers'),
  [
    '/*',
    ...headers,
    '',
    // Scripts, styles and artwork also get the strict policy (a CDN sends both; both apply).
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    `  Content-Security-Policy: ${STRICT_CONTENT_SECURITY_POLICY}`,
    '',
    '/art/*',
    `  Content-Security-Policy: ${STRICT_CONTENT_SECURITY_POLICY}`,
    '',
  ].join('\n'),
);
const nginx = writeNginxSite(dist);
const brotli = await precompress(dist);
console.log(
  `postbuild: ${files.length} files checked, _redirects and _headers written, nginx site at ${relative(process.cwd(), nginx)}, ` +
    `${brotli.files} brotli copies (${(brotli.bytes / 1e6).toFixed(1)} MB to ${(brotli.compressedBytes / 1e6).toFixed(1)} MB)`,
);
