import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/page-weight.ts';
import { PLAIN_WORDS_MAX_GRADE, englishVisitorPages, pageReadability } from '../../scripts/readability.ts';

/**
 * Plain words: the audience reads English as a second or third language. The main copy of every
 * English visitor page reads at Flesch-Kincaid grade 8 or below (measured on the built HTML, as
 * `npm run bench` reports it). The list comes from dist/ itself, so a new page is held to it.
 */
const pages = englishVisitorPages();

describe('plain words in dist/', () => {
  it('holds every English page of the sitemap, and the pages the audience reads most', () => {
    const routes = new Set(pages.map((page) => page.route));
    const sitemap = readFileSync(join(distDir, 'sitemap-0.xml'), 'utf8');
    const english = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)]
      .map((match) => match[1] || '/')
      .filter((route) => !/^\/(fr|sw)(\/|$)/.test(route));
    expect(english.length).toBeGreaterThan(80);
    expect(english.filter((route) => !routes.has(route))).toEqual([]);
    for (const route of ['/', '/about', '/privacy', '/terms', '/accessibility', '/corporate', '/impact', '/events', '/planned-giving', '/blog/supporting-immigrant-families']) {
      expect(routes.has(route), route).toBe(true);
    }
    // Replies to a form and the staff sign-in are not in it (noindex); neither is a French page.
    expect(routes.has('/thank-you')).toBe(false);
    expect(routes.has('/admin/login')).toBe(false);
    expect(routes.has('/fr/about')).toBe(false);
  });

  for (const { route, file } of pages) {
    it(`${route} reads at grade ${PLAIN_WORDS_MAX_GRADE} or below`, () => {
      const { grade, words } = pageReadability(route, distDir, file);
      expect(words, 'main copy found').toBeGreaterThan(0);
      expect(grade).toBeLessThanOrEqual(PLAIN_WORDS_MAX_GRADE);
    });
  }
});
