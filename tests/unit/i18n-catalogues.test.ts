import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '@inlang/paraglide-js';
import { LANG_CODES } from '../../src/lib/i18n/languages.ts';
import { paraglideOptions } from '../../src/lib/i18n/paraglide-options.ts';
import { MESSAGES, donationTooLarge, newsletterSent, noProgramsMatching, pageNotFound } from '../../src/lib/messages.ts';

const root = join(import.meta.dirname, '..', '..');
const catalogue = (lang: string): Record<string, string> => JSON.parse(readFileSync(join(root, 'content/messages', `${lang}.json`), 'utf8'));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the interface catalogues', () => {
  it('are the languages Paraglide compiles, English first', () => {
    const settings = JSON.parse(readFileSync(join(root, 'project.inlang/settings.json'), 'utf8'));
    expect(settings.baseLocale).toBe('en');
    expect(settings.locales).toEqual(['en', 'fr', 'sw']);
    expect(LANG_CODES).toEqual(settings.locales);
  });

  for (const lang of ['fr', 'sw']) {
    it(`${lang}: every English key, no other, each with the English placeholders and a non-empty text`, () => {
      const english = catalogue('en');
      const translated = catalogue(lang);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(translated[key]!.trim(), `${lang}.${key}`).not.toBe('');
        expect(placeholders(translated[key]!), `${lang}.${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('src/lib/messages.ts still gives the spec texts word for word', () => {
    expect(MESSAGES.newsletterFailure).toBe('Oops! Something went wrong. Please try again later.');
    expect(MESSAGES.donationNoAmount).toBe('Please select a donation amount');
    expect(MESSAGES.contactSuccess).toBe('Thank you for your message! We will get back to you soon.');
    expect(MESSAGES.eventNotFound).toBe("Event Not Found - The event you're looking for doesn't exist or has been removed.");
    expect(MESSAGES.noFaqs).toBe('No FAQs match your search. Please try different keywords or select a different category.');
    expect(MESSAGES.adminLoginFailure).toBe('Invalid username or password');
    expect(MESSAGES.unsubscribeInvalid).toBe('This unsubscribe link is not valid. It may have been copied incompletely.');
    expect(pageNotFound('/nowhere')).toBe('Page not found: /nowhere');
    expect(noProgramsMatching('$& {term}')).toBe('No programs found matching "$& {term}"');
    expect(newsletterSent(12)).toBe('Success! Newsletter sent to 12 subscribers');
    expect(newsletterSent(undefined)).toBe('Success! Newsletter sent to 0 subscribers');
    expect(donationTooLarge('$10,000')).toBe('For gifts over $10,000, please contact us and we will help you give');
  });
});

describe('the compiled message functions', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'sipa-paraglide-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('compile and run on Node in every language, with placeholders filled', async () => {
    await compile({ ...paraglideOptions, project: join(root, 'project.inlang'), outdir, strategy: [...paraglideOptions.strategy] });
    const { m } = await import(pathToFileURL(join(outdir, 'messages.js')).href);
    expect(m.noEvents()).toBe('No events found');
    expect(m.noEvents({}, { locale: 'fr' })).toBe('Aucun événement trouvé');
    expect(m.noEvents({}, { locale: 'sw' })).toBe('Hakuna matukio');
    expect(m.pageNotFound({ path: '/sw/x' }, { locale: 'sw' })).toBe('Ukurasa haupatikani: /sw/x');
    expect(m.newsletterSent({ count: 3 }, { locale: 'fr' })).toBe('C’est fait\u00a0! Lettre d’information envoyée à 3 abonnés');
    const runtime = await import(pathToFileURL(join(outdir, 'runtime.js')).href);
    expect(runtime.locales).toEqual(['en', 'fr', 'sw']);
    expect(runtime.localizeHref('/about', { locale: 'fr' })).toBe('/fr/about');
    // Compiling writes a module per message: with every page's texts in the catalogues that
    // takes longer than vitest's default 5 s on a busy machine.
  }, 60_000);
});
