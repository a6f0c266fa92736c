/**
 * The English pages still say exactly what they said before their texts moved into
 * content/messages/ (tests/unit/page-messages.test.ts covers the other languages): a sample of
 * each area's visible texts, pinned here word for word, read from the built HTML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/page-weight.ts';

/** The page's text as a reader gets it: tags gone, entities decoded, white space collapsed. */
function pageText(path: string): string {
  const html = readFileSync(join(distDir, path, path.endsWith('.html') ? '' : 'index.html'), 'utf8');
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const PAGES: Record<string, string[]> = {
  '': [
    'Since 2025 · Grapevine, Texas',
    'Explore our programs',
    'Helping families thrive in their new home',
    'Five programs, organised around what families tell us matters most.',
    'See all five programs',
    'A voice from our community',
    'Pause slideshow',
    'Stories from our families, upcoming events and ways to help, in your inbox once a month. No spam, and you can unsubscribe at any time.',
  ],
  programs: [
    "Five programs, one welcome. From a child's first books to a parent's first credit card, we walk beside families at every step of a new life in North Texas.",
    'Browse by category',
    'Show this program',
    'Not sure where to start?',
  ],
  'programs/financial-empowerment': ['Status:', 'At a glance', 'Featured resource: free financial guides', 'Questions about joining? Call us at (817) 555-0100 . Our office hours are'],
  'get-involved': ['Three ways to support families', 'Tell us about yourself and how you would like to help. Our volunteer coordinator will contact you within 5 business days.', 'Give $25 or more a month and join our Monthly Giving Circle.'],
  donate: ['Give a family a strong start', 'Pick an amount or enter your own. You will finish on PayPal’s secure checkout.', 'SIPA is a 501(c)(3) nonprofit organization. Your donation is tax-deductible to the extent allowed by law; no goods or services are provided in exchange for it.'],
  about: ['Who We Are', 'We run five programs.', 'Meet families where they are'],
  contact: ['Write to us and we will answer by email. Rather talk? Call (817) 555-0100', 'Reach us directly', 'The map is provided by Google and loads only when you ask for it.'],
  events: ['Workshops, parties and get-togethers for the whole community. Everyone is welcome. Most events are free.'],
  blog: ['Stories from our programs, tips for families, and news from the community we serve.', 'Stay in the loop'],
  faq: ['Still have a question?', 'We are happy to help in English, French, Swahili, Amharic and Lingala.', '16 questions'],
  impact: ['What families, volunteers and partners have built together in our five programs.', 'Partner organisations'],
  team: ['Meet our staff', 'Join the team'],
  resources: ['Budget templates in four languages', 'Prefer to talk it through?'],
  privacy: ['Last updated:'],
  'form-error': ["Use your browser's back button to return to your form with what you typed, or start again here:"],
  'contact/thanks': ['We will reply by email within 2 business days. Our office hours are Monday-Friday 9:00 AM-5:00 PM. A copy of your message is on its way to your inbox.'],
  '404.html': ['Error message: Page not found:', 'You can go back to the home page, or find what you need from the menu above.'],
};

describe('English page texts in dist/', () => {
  for (const [path, texts] of Object.entries(PAGES)) {
    it(`/${path} says what it said`, () => {
      const text = pageText(path);
      for (const expected of texts) expect(text, `/${path}`).toContain(expected);
    });
  }
});
