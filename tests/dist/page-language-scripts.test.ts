/**
 * A page loads only its own language's strings. The scripts a page loads (its module scripts and
 * its islands, with everything they import statically) hold no interface text of another
 * language; the page's own catalogue comes in its language's chunk, which those scripts import
 * when the page's <html lang> names it (src/lib/messages.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir, measurePage } from '../../scripts/page-weight.ts';

/** One interface text per language, from the field errors every form island may show. */
const EMAIL_ERROR = {
  en: 'Please enter a valid email',
  fr: 'Veuillez saisir une adresse e-mail valide',
  sw: 'Tafadhali andika barua pepe sahihi',
} as const;

const PAGES = [
  ['/contact', 'en'],
  ['/fr/contact', 'fr'],
  ['/sw/contact', 'sw'],
  ['/fr/get-involved', 'fr'],
  ['/sw/events', 'sw'],
  ['/fr/blog', 'fr'],
] as const;

const pageOf = (route: string) => measurePage(route, join(distDir, route, 'index.html'));
const scriptsOf = (page: ReturnType<typeof pageOf>) => page.js.files.map((file) => readFileSync(join(distDir, file), 'utf8'));

describe('the scripts of a page carry no other language', () => {
  it('the catalogue texts this test looks for are the catalogues’ own', () => {
    for (const [lang, text] of Object.entries(EMAIL_ERROR)) {
      const catalogue = JSON.parse(readFileSync(join(import.meta.dirname, '../../content/messages', `${lang}.json`), 'utf8'));
      expect(catalogue.fieldEmail, lang).toBe(text);
    }
  });

  it.each(PAGES)('%s loads islands and none of their scripts holds a text of any language statically', (route) => {
    const page = pageOf(route);
    const scripts = scriptsOf(page);
    expect(page.islands, route).toBeGreaterThan(0);
    for (const text of Object.values(EMAIL_ERROR)) expect(scripts.some((code) => code.includes(text)), `${route}: ${text}`).toBe(false);
  });

  it.each(PAGES)('%s: its language’s catalogue chunk is there for its scripts to load, one language per chunk', (route, lang) => {
    const chunks = scriptsOf(pageOf(route))
      .flatMap((code) => [...code.matchAll(/(?:\.\/|_astro\/)(messages-(?:en|fr|sw)\.[\w-]+\.js)/g)].map((match) => match[1]!))
      .map((name) => readFileSync(join(distDir, '_astro', name), 'utf8'));
    const own = chunks.filter((code) => code.includes(EMAIL_ERROR[lang]));
    expect(own.length, route).toBeGreaterThan(0);
    for (const code of own) {
      for (const [other, text] of Object.entries(EMAIL_ERROR)) if (other !== lang) expect(code.includes(text), `${route}: ${other}`).toBe(false);
    }
  });
});
