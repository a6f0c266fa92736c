import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANG,
  LANGUAGES,
  TRANSLATED_LANGS,
  englishPath,
  formatCount,
  formatCurrency,
  formatDate,
  formatNumber,
  isLang,
  langOfPath,
  language,
  localizePath,
} from '../../src/lib/i18n/index.ts';

describe('the languages', () => {
  it('are English (default), French and Swahili, each named in itself', () => {
    expect(LANGUAGES.map(({ code, name, dir, intl, paypal }) => [code, name, dir, intl, paypal])).toEqual([
      ['en', 'English', 'ltr', 'en-US', 'US'],
      ['fr', 'Français', 'ltr', 'fr', 'FR'],
      ['sw', 'Kiswahili', 'ltr', 'sw', 'US'],
    ]);
    expect(DEFAULT_LANG).toBe('en');
    expect(TRANSLATED_LANGS).toEqual(['fr', 'sw']);
    expect(language('sw').name).toBe('Kiswahili');
    expect(isLang('fr')).toBe(true);
    expect(isLang('de')).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });
});

describe('paths per language', () => {
  it('localises an English path, the home page and a path already in another language', () => {
    expect(localizePath('/about', 'fr')).toBe('/fr/about');
    expect(localizePath('/programs/early-learning', 'sw')).toBe('/sw/programs/early-learning');
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/', 'en')).toBe('/');
    expect(localizePath('/about', 'en')).toBe('/about');
    expect(localizePath('/fr/about', 'sw')).toBe('/sw/about');
    expect(localizePath('/sw', 'en')).toBe('/');
    expect(localizePath('/blog?category=Community#top', 'fr')).toBe('/fr/blog?category=Community#top');
  });

  it('finds a path’s language and its English path', () => {
    expect(langOfPath('/fr/about')).toBe('fr');
    expect(langOfPath('/sw')).toBe('sw');
    expect(langOfPath('/sw?x=1')).toBe('sw');
    expect(langOfPath('/about')).toBe('en');
    expect(langOfPath('/')).toBe('en');
    expect(langOfPath('/french-class')).toBe('en');
    expect(langOfPath('/en/about')).toBe('en');
    expect(englishPath('/fr/blog/volunteer-spotlight')).toBe('/blog/volunteer-spotlight');
    expect(englishPath('/sw')).toBe('/');
    expect(englishPath('/fr?q=1')).toBe('/?q=1');
    expect(englishPath('/frankly')).toBe('/frankly');
    expect(englishPath('/contact')).toBe('/contact');
  });
});

// Node 24's full ICU (and the browsers'): pinned so an ICU update that changes a form shows here.
describe('Intl formatting per language', () => {
  it('writes a calendar date in each language without shifting the day', () => {
    expect(formatDate('2026-12-05', 'en')).toBe('December 5, 2026');
    expect(formatDate('2026-12-05', 'fr')).toBe('5 décembre 2026');
    expect(formatDate('2026-12-05', 'sw')).toBe('5 Desemba 2026');
    expect(formatDate('2026-01-01', 'sw')).toBe('1 Januari 2026');
  });

  it('writes an event time with its weekday in the organisation’s time zone', () => {
    const options = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Chicago' } as const;
    // 01:30 UTC on 6 December is still Saturday 5 December in Texas.
    expect(formatDate('2026-12-06T01:30:00Z', 'en', options)).toBe('Saturday, December 5, 2026');
    expect(formatDate('2026-12-06T01:30:00Z', 'fr', options)).toBe('samedi 5 décembre 2026');
    expect(formatDate('2026-12-06T01:30:00Z', 'sw', options)).toBe('Jumamosi, 5 Desemba 2026');
    expect(formatDate('2026-12-06T01:30:00Z', 'sw', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' })).toBe('19:30');
  });

  it('writes numbers and dollars the way each language does, dollars as the glossaries write them', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'fr')).toBe('1\u202f234\u202f567,5');
    expect(formatNumber(1234567.5, 'sw')).toBe('1,234,567.5');
    expect(formatCurrency(25, 'en')).toBe('$25');
    expect(formatCurrency(25.5, 'en')).toBe('$25.50');
    expect(formatCurrency(1000, 'en')).toBe('$1,000');
    expect(formatCurrency(25, 'fr')).toBe('25\u00a0$');
    expect(formatCurrency(1000.5, 'fr')).toBe('1\u202f000,50\u00a0$');
    expect(formatCurrency(25, 'sw')).toBe('$25');
    expect(formatCurrency(1000.5, 'sw')).toBe('$1,000.50');
    expect(formatCurrency(10000, 'sw')).toBe('$10,000');
    expect(formatCurrency(40.5, 'fr')).toBe('40,50\u00a0$');
    expect(formatCurrency(-3, 'sw')).toBe('-$3');
  });

  it('writes a count as Intl does in every language, the thousands with their separator', () => {
    for (const { code, intl } of LANGUAGES) {
      const numbers = new Intl.NumberFormat(intl);
      for (let count = 0; count < 1000; count++) expect(formatCount(count, code)).toBe(numbers.format(count));
    }
    expect(formatCount(1000, 'en')).toBe('1,000');
    expect(formatCount(1000, 'fr')).toBe('1\u202f000');
    expect(formatCount(12345, 'sw')).toBe('12,345');
  });
});
