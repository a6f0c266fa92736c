import { describe, expect, it } from 'vitest';
import { SAME_IN_EVERY_LANGUAGE, localizeHref, localizeHtmlLinks } from '../../src/lib/i18n/links.ts';

describe('localizeHref', () => {
  it.each([
    ['/contact', 'fr', '/fr/contact'],
    ['/contact', 'sw', '/sw/contact'],
    ['/', 'fr', '/fr'],
    ['/contact?subject=Registration%3A+Gala#contact-form', 'fr', '/fr/contact?subject=Registration%3A+Gala#contact-form'],
    ['/fr/donate', 'sw', '/sw/donate'],
    ['/contact', 'en', '/contact'],
    ['/fr/contact', 'en', '/fr/contact'],
  ] as const)('%s on a %s page is %s', (href, lang, expected) => {
    expect(localizeHref(href, lang)).toBe(expected);
  });

  it.each([
    '/_astro/index.abc123.css',
    '/api/newsletter-signup',
    '/downloads/budget-template-fr.csv',
    '/events/spring-hope-gala.ics',
    '/art/hero-baobab.svg',
    '/favicon.svg',
    '/admin/login',
    'https://www.paypal.com/donate',
    '//cdn.example.org/x.js',
    'mailto:info@sipa.example.org',
    'tel:+15555550100',
    '#main',
  ])('keeps %s as it is', (href) => {
    expect(localizeHref(href, 'fr')).toBe(href);
  });

  it('names each kind of address that is one file in every language', () => {
    expect(SAME_IN_EVERY_LANGUAGE.map(({ name }) => name)).toEqual([
      'built scripts, styles and fonts',
      'the API (forms post to it; its answers follow the form’s language)',
      'downloads (documents and templates, named by language where they differ)',
      'calendar files (.ics) of events',
      'images and icons in public/',
      'the staff area, in English only',
    ]);
  });
});

describe('localizeHtmlLinks', () => {
  it('localises every internal href of an answer and nothing else', () => {
    const answer = '<a href="/contact">Contactez-nous</a>, <a href=\'/donate\'>donnez</a>, <a href="https://example.org/x">ailleurs</a> ou <a href="/downloads/a.csv">le modèle</a>. /contact reste du texte.';
    expect(localizeHtmlLinks(answer, 'fr')).toBe(
      '<a href="/fr/contact">Contactez-nous</a>, <a href=\'/fr/donate\'>donnez</a>, <a href="https://example.org/x">ailleurs</a> ou <a href="/downloads/a.csv">le modèle</a>. /contact reste du texte.',
    );
    expect(localizeHtmlLinks(answer, 'en')).toBe(answer);
  });
});
