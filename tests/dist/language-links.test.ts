/**
 * A French or Swahili reader is never dropped into another language by a link: every internal
 * link (`<a href>`, `<form action>`) on a page under dist/fr or dist/sw leads to a page in that
 * same language, wherever it was written (content, catalogues, components, computed addresses).
 * Excepted, by name: the paths that are one file in every language (SAME_IN_EVERY_LANGUAGE in
 * src/lib/i18n/links.ts), and a link that says with `hreflang` which language it leads to (the
 * language switcher, the offer to read a page in another language).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { htmlPages } from '../../scripts/page-weight.ts';
import { SAME_IN_EVERY_LANGUAGE, isSameInEveryLanguage } from '../../src/lib/i18n/links.ts';
import { langOfPath } from '../../src/lib/i18n/paths.ts';
import { TRANSLATED_LANGS } from '../../src/lib/i18n/languages.ts';

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');

function attribute(element: string, name: string): string | undefined {
  const match = element.match(ATTRIBUTE(name));
  return match ? (match[1] ?? match[2] ?? match[3])!.replaceAll('&amp;', '&') : undefined;
}

/** The links of one page that leave its language, as 'page -> link'. */
function leaving(route: string, html: string): string[] {
  const lang = langOfPath(route);
  const found: string[] = [];
  for (const [element] of html.matchAll(/<(?:a|form)\b[^>]*>/gi)) {
    const link = attribute(element, /^<form/i.test(element) ? 'action' : 'href');
    if (!link || attribute(element, 'hreflang')) continue;
    const url = new URL(link, `http://site.test${route}`);
    if (url.host !== 'site.test' || isSameInEveryLanguage(url.pathname)) continue;
    if (langOfPath(url.pathname) !== lang) found.push(`${route} -> ${link}`);
  }
  return found;
}

const pages = htmlPages().filter(({ route }) => TRANSLATED_LANGS.includes(langOfPath(route)));

describe('internal links stay in the page’s language', () => {
  it('has French and Swahili pages to check, and a short list of exceptions', () => {
    for (const lang of TRANSLATED_LANGS) expect(pages.filter(({ route }) => langOfPath(route) === lang).length).toBeGreaterThan(50);
    expect(SAME_IN_EVERY_LANGUAGE.map(({ name }) => name)).toHaveLength(6);
  });

  for (const lang of TRANSLATED_LANGS) {
    it(`no link on a /${lang} page leads out of it`, () => {
      const found = pages.filter(({ route }) => langOfPath(route) === lang).flatMap(({ route, file }) => leaving(route, readFileSync(file, 'utf8')));
      expect(found, `${found.length} links leave /${lang} pages`).toEqual([]);
    });
  }
});
