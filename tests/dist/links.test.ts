import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, htmlPages } from '../../scripts/page-weight.ts';
import { routeAliases } from '../../src/lib/routes.ts';

/**
 * The link checker: every internal link and asset in every built page must resolve to a file in
 * dist/, point at a canonical path (not an alias that only redirects), and every same-page
 * fragment must name an element on that page, as must a fragment into a drawing (`<use
 * href="/_astro/social.x.svg#facebook">`: a missing symbol draws nothing, without an error).
 */
const pages = htmlPages();

function resolves(pathname: string): boolean {
  const clean = decodeURIComponent(pathname).replace(/\/+$/, '') || '/';
  if (clean.startsWith('/api/')) return true; // answered by the API, which has its own tests
  const direct = join(distDir, clean);
  return (existsSync(direct) && statSync(direct).isFile()) || existsSync(join(direct, 'index.html'));
}

interface Problem {
  page: string;
  link: string;
  why: string;
}

function linksOf(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<(a|link|script|img|source|iframe|form|use)\b[^>]*>/gi)) {
    const element = match[0];
    if (/^<link/i.test(element) && /rel=["']?(preconnect|dns-prefetch)/i.test(element)) continue;
    for (const attr of ['href', 'src', 'action']) {
      const value = element.match(new RegExp(`\\s${attr}=(?:"([^"]*)"|'([^']*)')`, 'i'));
      if (value) links.push((value[1] ?? value[2])!.replaceAll('&amp;', '&'));
    }
    const srcset = element.match(/\ssrcset=(?:"([^"]*)"|'([^']*)')/i);
    if (srcset) links.push(...(srcset[1] ?? srcset[2])!.split(',').map((part) => part.trim().split(/\s+/)[0]!));
  }
  return links;
}

describe('link checker over dist/', () => {
  const problems: Problem[] = [];
  let checked = 0;
  for (const { route, file } of pages) {
    const html = readFileSync(file, 'utf8');
    const ids = new Set([...html.matchAll(/\sid=(?:"([^"]+)"|'([^']+)')/g)].map((m) => m[1] ?? m[2]));
    for (const link of linksOf(html)) {
      if (!link || /^(mailto:|tel:|data:|javascript:)/i.test(link)) {
        if (/^javascript:/i.test(link)) problems.push({ page: route, link, why: 'javascript: URL' });
        continue;
      }
      const url = new URL(link, `http://site.test${route === '/' ? '/' : `${route}/`}`);
      if (url.host !== 'site.test') continue;
      checked += 1;
      if (link.startsWith('#')) {
        if (link.length > 1 && !ids.has(decodeURIComponent(link.slice(1)))) problems.push({ page: route, link, why: 'no element with that id' });
        continue;
      }
      const path = url.pathname;
      if (routeAliases[path.replace(/\/+$/, '')]) {
        problems.push({ page: route, link, why: `alias: link to ${routeAliases[path.replace(/\/+$/, '')]}` });
      } else if (!resolves(path)) {
        problems.push({ page: route, link, why: 'nothing in dist/ answers it' });
      } else if (url.hash && path.endsWith('.svg') && !readFileSync(join(distDir, path), 'utf8').includes(` id="${decodeURIComponent(url.hash.slice(1))}"`)) {
        problems.push({ page: route, link, why: 'the drawing has no element with that id' });
      }
    }
  }

  it('checks a meaningful number of links', () => {
    expect(checked).toBeGreaterThan(pages.length * 10);
  });

  it('finds no broken internal link or asset', () => {
    expect(problems.map((p) => `${p.page} -> ${p.link} (${p.why})`)).toEqual([]);
  });
});
