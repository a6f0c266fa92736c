/**
 * The words of a French or Swahili page that only machines and screen readers read are in its
 * language too: the social card's image description (og:image:alt, twitter:image:alt), the
 * keywords, and the hidden end of "Learn more" links on the home page ("… about education").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir, htmlPages } from '../../scripts/page-weight.ts';
import { langOfPath } from '../../src/lib/i18n/paths.ts';
import { TRANSLATED_LANGS } from '../../src/lib/i18n/languages.ts';

const decode = (text: string) => text.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

function meta(html: string, name: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]!) : undefined;
}

describe('metadata in the page’s language', () => {
  const english = readFileSync(join(distDir, 'index.html'), 'utf8');
  const englishAlt = meta(english, 'og:image:alt')!;
  const englishKeywords = meta(english, 'keywords')!;

  it('the English home page has the values the others must not repeat', () => {
    expect(englishAlt).toBe('SIPA: Helping Sub-Saharan African immigrant and refugee families build a home in North Texas.');
    expect(englishKeywords).toContain('African immigrants');
  });

  for (const lang of TRANSLATED_LANGS) {
    it(`no /${lang} page describes its image or lists its keywords in English`, () => {
      const pages = htmlPages().filter(({ route }) => langOfPath(route) === lang);
      expect(pages.length).toBeGreaterThan(50);
      const english = pages.flatMap(({ route, file }) => {
        const html = readFileSync(file, 'utf8');
        return [
          ...(['og:image:alt', 'twitter:image:alt'] as const).filter((name) => meta(html, name) === englishAlt).map((name) => `${route} ${name}`),
          ...(meta(html, 'keywords')?.includes('African immigrants') ? [`${route} keywords`] : []),
        ];
      });
      expect(english).toEqual([]);
    });
  }

  it.each([
    ['index.html', ['Learn more about education', 'Learn more about economic opportunity', 'Learn more about health and wellbeing']],
    ['fr/index.html', ['En savoir plus sur l’éducation', 'En savoir plus sur les chances économiques', 'En savoir plus sur la santé et le bien-être']],
    ['sw/index.html', ['Soma zaidi kuhusu elimu', 'Soma zaidi kuhusu fursa za kiuchumi', 'Soma zaidi kuhusu afya na ustawi']],
  ])('%s: each pillar’s link names its subject with the right article', (file, names) => {
    const html = readFileSync(join(distDir, file), 'utf8');
    const links = [...html.matchAll(/>([^<>]+)<span class="sipa-visually-hidden[^"]*"> ([^<]*)<\/span><span aria-hidden="true"[^>]*> →<\/span><\/a>/g)].map((m) => `${m[1]!.trim()} ${m[2]}`);
    expect(links).toEqual(names);
  });
});
