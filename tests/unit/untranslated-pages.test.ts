/**
 * A page whose content file has no translation yet shows the English text with a notice and is
 * marked in the sitemap: it stays listed, but no hreflang alternate names it as the French or
 * Swahili page. Fed a made-up missing translation (the real list in src/lib/i18n/untranslated.ts
 * is empty).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGE_PATHS, markUntranslated, untranslatedPagePaths } from '../../src/lib/i18n/untranslated-pages.ts';

const SITE = 'https://sipa.example.org';
const root = join(import.meta.dirname, '..', '..');

function item(path: string) {
  const alternates = [
    ['en-US', path],
    ['fr', path === '/' ? '/fr' : `/fr${path}`],
    ['sw', path === '/' ? '/sw' : `/sw${path}`],
  ] as const;
  return { url: `${SITE}${path}`, links: alternates.map(([lang, to]) => ({ lang, url: `${SITE}${to}` })) };
}

describe('untranslated pages', () => {
  const missing = untranslatedPagePaths({
    fr: ['blog/volunteer-spotlight.mdx', 'legal/privacy.mdx', 'faq/01-who-can-get-help.json'],
    sw: ['programs/early-learning.mdx', 'planned-giving/planned-giving.json'],
  });

  it('finds the page each untranslated file is shown on, in its language', () => {
    expect([...missing].sort()).toEqual(['/fr/blog/volunteer-spotlight', '/fr/privacy', '/sw/planned-giving', '/sw/programs/early-learning']);
    expect(untranslatedPagePaths({}).size).toBe(0);
  });

  it('keeps the fallback page in the sitemap with no alternates', () => {
    const french = markUntranslated({ ...item('/fr/blog/volunteer-spotlight'), url: `${SITE}/fr/blog/volunteer-spotlight` }, missing);
    expect(french.url).toBe(`${SITE}/fr/blog/volunteer-spotlight`);
    expect(french.links).toEqual([]);
  });

  it('names the fallback page as no other page’s alternate', () => {
    expect(markUntranslated(item('/blog/volunteer-spotlight'), missing).links).toEqual([
      { lang: 'en-US', url: `${SITE}/blog/volunteer-spotlight` },
      { lang: 'sw', url: `${SITE}/sw/blog/volunteer-spotlight` },
    ]);
    expect(markUntranslated(item('/programs/early-learning'), missing).links?.map((link) => link.lang)).toEqual(['en-US', 'fr']);
  });

  it('leaves every other page as it was', () => {
    const about = item('/about');
    expect(markUntranslated(about, missing)).toEqual(about);
    const privacy = item('/privacy');
    expect(markUntranslated(privacy, untranslatedPagePaths({}))).toBe(privacy);
  });

  it('each folder’s page path is the address its entries are built at', () => {
    for (const folder of Object.keys(CONTENT_PAGE_PATHS)) expect(existsSync(join(root, 'content', folder)), folder).toBe(true);
    expect(readFileSync(join(root, 'content/blog/volunteer-spotlight.mdx'), 'utf8')).toMatch(/^slug: volunteer-spotlight$/m);
    expect(readFileSync(join(root, 'content/programs/early-learning.mdx'), 'utf8')).toMatch(/^detailPath: \/programs\/early-learning$/m);
    expect(CONTENT_PAGE_PATHS.guides!('banking-guide')).toBe('/resources/banking-guide');
    expect(CONTENT_PAGE_PATHS.legal!('terms')).toBe('/terms');
  });
});
