import { describe, expect, it } from 'vitest';
import { suggestedLang } from '../../src/lib/i18n/suggestion.ts';
import { languageList } from '../../src/lib/i18n/language-names.ts';
import { buildBreadcrumb } from '../../src/lib/breadcrumb.ts';
import { donateLinkIn, footerColumnsIn, isCurrentSection, legalLinksIn, primaryNavIn } from '../../src/lib/navigation.ts';
import { buildPageSeo, hreflangLinks, htmlLang } from '../../src/lib/seo.ts';
import { site } from '../../src/lib/site.ts';

describe('the home page’s language offer', () => {
  it('offers the first of the browser’s languages the site has', () => {
    expect(suggestedLang(['de-DE', 'fr-CA', 'sw'], 'en', null, ['fr', 'sw'])).toBe('fr');
    expect(suggestedLang(['sw-KE'], 'fr', null, ['en', 'sw'])).toBe('sw');
    expect(suggestedLang(['EN-us'], 'sw', null, ['en', 'fr'])).toBe('en');
  });

  it('offers nothing when the browser prefers the page’s language, knows none of the site’s, or a choice was made', () => {
    expect(suggestedLang(['fr-FR', 'en'], 'fr', null, ['en', 'sw'])).toBeUndefined();
    expect(suggestedLang(['de', 'ja'], 'en', null, ['fr', 'sw'])).toBeUndefined();
    expect(suggestedLang([], 'en', null, ['fr', 'sw'])).toBeUndefined();
    expect(suggestedLang(['fr'], 'en', 'en', ['fr', 'sw'])).toBeUndefined();
    expect(suggestedLang(['fr'], 'en', 'sw', ['fr', 'sw'])).toBeUndefined();
  });

  it('offers only a language the page has an offer for', () => {
    expect(suggestedLang(['sw', 'fr'], 'en', null, ['fr'])).toBe('fr');
    expect(suggestedLang(['sw'], 'en', null, [])).toBeUndefined();
  });
});

describe('the languages staff speak', () => {
  it('are named in the page’s language, from one list in content/site.json', () => {
    expect(site.staffLanguages).toEqual(['en', 'fr', 'sw', 'am', 'ln']);
    expect(languageList(site.staffLanguages, 'en')).toBe('English, French, Swahili, Amharic, and Lingala');
    expect(languageList(site.staffLanguages, 'fr')).toBe('anglais, français, swahili, amharique et lingala');
    expect(languageList(site.staffLanguages, 'sw')).toBe('Kiingereza, Kifaransa, Kiswahili, Kiamhari na Kilingala');
  });
});

describe('the breadcrumb in French and Swahili', () => {
  it('names the segments and links in the page’s language', () => {
    expect(buildBreadcrumb('/fr/events/spring-hope-gala', 'Gala de printemps', 'fr')).toEqual([
      { label: 'Accueil', href: '/fr' },
      { label: 'Événements', href: '/fr/events' },
      { label: 'Gala de printemps' },
    ]);
    expect(buildBreadcrumb('/sw/blog/tag/youth', 'vijana', 'sw')).toEqual([
      { label: 'Mwanzo', href: '/sw' },
      { label: 'Blogu', href: '/sw/blog' },
      { label: 'vijana' },
    ]);
    expect(buildBreadcrumb('/sw', undefined, 'sw')).toEqual([{ label: 'Mwanzo' }]);
  });

  it('stays as it was in English', () => {
    expect(buildBreadcrumb('/events/spring-hope-gala', 'Spring Hope Gala')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Events', href: '/events' },
      { label: 'Spring Hope Gala' },
    ]);
  });
});

describe('the navigation in each language', () => {
  it('keeps the English labels and paths word for word', () => {
    expect(primaryNavIn('en')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Who We Are', href: '/about' },
      { label: 'What We Do', href: '/programs' },
      { label: 'Events', href: '/events' },
      { label: 'Get Involved', href: '/get-involved' },
    ]);
    expect(donateLinkIn('en')).toEqual({ label: 'Donate', href: '/donate' });
    expect(footerColumnsIn('en').map((column) => column.heading)).toEqual(['Get Involved', 'About Us', 'Resources']);
    expect(legalLinksIn('en').map((link) => link.label)).toEqual(['Privacy Policy', 'Terms of Use', 'Accessibility']);
  });

  it('gives French and Swahili their words and prefixed paths', () => {
    expect(primaryNavIn('fr')[0]).toEqual({ label: 'Accueil', href: '/fr' });
    expect(primaryNavIn('sw')[3]).toEqual({ label: 'Matukio', href: '/sw/events' });
    expect(donateLinkIn('fr')).toEqual({ label: 'Faire un don', href: '/fr/donate' });
    expect(legalLinksIn('sw')[0]).toEqual({ label: 'Sera ya Faragha', href: '/sw/privacy' });
  });

  it('marks the current section within the page’s language', () => {
    expect(isCurrentSection('/fr', '/fr')).toBe(true);
    expect(isCurrentSection('/fr', '/fr/events')).toBe(false);
    expect(isCurrentSection('/fr/events', '/fr/events/spring-hope-gala')).toBe(true);
    expect(isCurrentSection('/events', '/fr/events')).toBe(false);
    expect(isCurrentSection('/', '/faq')).toBe(false);
    expect(isCurrentSection('/about', '/about')).toBe(true);
  });
});

describe('head tags per language', () => {
  it('lists the page in every language plus x-default (English)', () => {
    expect(hreflangLinks(site, '/fr/programs/early-learning')).toEqual([
      { hreflang: 'en', href: 'https://sipa.example.org/programs/early-learning' },
      { hreflang: 'fr', href: 'https://sipa.example.org/fr/programs/early-learning' },
      { hreflang: 'sw', href: 'https://sipa.example.org/sw/programs/early-learning' },
      { hreflang: 'x-default', href: 'https://sipa.example.org/programs/early-learning' },
    ]);
  });

  it('gives lang, og:locale and inLanguage per language, and no alternates on noindex pages', () => {
    expect(htmlLang(site, 'en')).toBe('en-US');
    expect(htmlLang(site, 'fr')).toBe('fr');
    const french = buildPageSeo(site, { page: 'À propos', description: 'd', pathname: '/fr/about', lang: 'fr' });
    expect(french.openGraph['og:locale']).toBe('fr_FR');
    expect(french.language).toBe('fr');
    expect(french.canonical).toBe('https://sipa.example.org/fr/about');
    expect(buildPageSeo(site, { page: 'x', description: 'd', pathname: '/sw', lang: 'sw' }).openGraph['og:locale']).toBe('sw_KE');
    expect(buildPageSeo(site, { page: 'x', description: 'd', pathname: '/fr/thank-you', lang: 'fr' }).alternates).toEqual([]);
  });
});
