import { describe, expect, it } from 'vitest';
import { inEveryLang, langParam, langPaths } from '../../src/lib/i18n/static-paths.ts';
import { pageLang } from '../../src/lib/i18n/page-lang.ts';
import { isNoindexPath } from '../../src/lib/routes.ts';

describe('the [...lang] route segment', () => {
  it('is absent for English and the code for French and Swahili', () => {
    expect(langParam('en')).toBeUndefined();
    expect(langParam('fr')).toBe('fr');
    expect(langParam('sw')).toBe('sw');
  });

  it('gives a page without parameters one path per language', () => {
    expect(langPaths()).toEqual([{ params: { lang: undefined } }, { params: { lang: 'fr' } }, { params: { lang: 'sw' } }]);
  });

  it('crosses a dynamic page’s paths with the languages, asking for each language’s props', async () => {
    const paths = await inEveryLang(async (lang) => [{ params: { slug: 'gala' }, props: { title: `gala-${lang}` } }]);
    expect(paths).toEqual([
      { params: { slug: 'gala', lang: undefined }, props: { title: 'gala-en' } },
      { params: { slug: 'gala', lang: 'fr' }, props: { title: 'gala-fr' } },
      { params: { slug: 'gala', lang: 'sw' }, props: { title: 'gala-sw' } },
    ]);
  });

  it('reads the page language from Astro.currentLocale, English when unknown or absent', () => {
    expect(pageLang({ currentLocale: 'fr' })).toBe('fr');
    expect(pageLang({ currentLocale: 'sw' })).toBe('sw');
    expect(pageLang({ currentLocale: 'en' })).toBe('en');
    expect(pageLang({ currentLocale: undefined })).toBe('en');
    expect(pageLang({ currentLocale: 'de' })).toBe('en');
  });
});

describe('noindex pages in every language', () => {
  it('keeps the French and Swahili result pages out of search engines like the English ones', () => {
    expect(isNoindexPath('/fr/thank-you')).toBe(true);
    expect(isNoindexPath('/sw/newsletter/confirm')).toBe(true);
    expect(isNoindexPath('/fr/about')).toBe(false);
    expect(isNoindexPath('/fr')).toBe(false);
  });
});
