/**
 * After `astro build`: fits each page's first paint into one round trip (scripts/first-flight.ts,
 * over the pages in parallel, each page whose inputs changed since the last build:
 * scripts/rewrite-pages.ts),
 * writes the CDN files (`_redirects`, `_headers`: deploy/cdn-files.ts; API_ORIGIN adds the proxy
 * rules) and the nginx site (deploy/nginx/sipa.conf) from the same tables the Node server uses,
 * indexes the pages for the site search (scripts/site-search.ts: Pagefind, into dist/pagefind/),
 * fails the build if two files in dist/ differ only by letter case, and last writes the brotli
 * copies both fronts send (scripts/precompress.ts).
 */
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { htmlPages, listFiles } from './page-weight.ts';
import { rewritePages } from './rewrite-pages.ts';
import { writeNginxSite } from '../deploy/nginx-config.ts';
import { writeCdnFiles } from '../deploy/cdn-files.ts';
import { precompress } from './precompress.ts';
import { buildSearchIndex } from './site-search.ts';

const dist = join(import.meta.dirname, '..', 'dist');

// First, while dist/ holds only what astro wrote: the rewrite's cache is keyed by those files.
const rewrite = await rewritePages(dist, htmlPages(dist).map((page) => page.file));
for (const [path, code] of rewrite.externalScripts) writeFileSync(join(dist, path), code);
const search = await buildSearchIndex(dist);

const files = listFiles(dist).map((path) => relative(dist, path));
const byLowerCase = new Map<string, string>();
for (const file of files) {
  const key = file.toLowerCase();
  const clash = byLowerCase.get(key);
  if (clash) throw new Error(`dist/ holds names that differ only by case: ${clash} and ${file}`);
  byLowerCase.set(key, file);
}

const cdn = writeCdnFiles(dist);
const nginx = writeNginxSite(dist);
const brotli = await precompress(dist);
console.log(
  `postbuild: ${files.length} files checked, _redirects (${cdn.redirects} rules${cdn.proxied ? ', /api/ proxied to API_ORIGIN' : ', no API_ORIGIN: no proxy rules'}) and _headers (${cdn.headers} rules) written, nginx site at ${relative(process.cwd(), nginx)}, ` +
    `${rewrite.reused} of ${rewrite.pages} pages unchanged since the last build, pages searchable: ${Object.entries(search).map(([lang, pages]) => `${pages} ${lang}`).join(', ')}, ${brotli.files} brotli copies (${(brotli.bytes / 1e6).toFixed(1)} MB to ${(brotli.compressedBytes / 1e6).toFixed(1)} MB, ${brotli.reused} unchanged since the last build)`,
);
