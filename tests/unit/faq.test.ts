import { describe, expect, it } from 'vitest';
import { answerText, faqJsonLd, filterFaqs, type FaqItem } from '../../src/lib/faq.ts';

const items: FaqItem[] = [
  { question: 'What is SIPA?', answer: 'A nonprofit. See <a href="/about">About Us</a>.', category: 'General' },
  { question: 'Is my donation tax-deductible?', answer: 'Yes, give on the <a href="/donate">donation page</a>.', category: 'Donations' },
  { question: 'How can I volunteer?', answer: 'Apply on <a href="/get-involved">Get Involved</a>.', category: 'Volunteering' },
  { question: 'Do programs cost anything?', answer: 'Most are free &amp; open.', category: 'Programs' },
];

describe('FAQ filter', () => {
  it('All shows every item', () => expect(filterFaqs(items, '', 'All')).toHaveLength(4));
  it('a category shows only its items', () => expect(filterFaqs(items, '', 'Donations').map((i) => i.category)).toEqual(['Donations']));
  it('searches the question and the answer text, case-insensitively', () => {
    expect(filterFaqs(items, 'VOLUNTEER', 'All')).toHaveLength(1);
    expect(filterFaqs(items, 'donation page', 'All')).toHaveLength(1);
    expect(filterFaqs(items, 'free & open', 'All')).toHaveLength(1);
  });
  it('does not match markup', () => expect(filterFaqs(items, 'href', 'All')).toEqual([]));
  it('combines search and category', () => {
    expect(filterFaqs(items, 'volunteer', 'Donations')).toEqual([]);
    expect(filterFaqs(items, 'sipa', 'General')).toHaveLength(1);
  });
  it('answerText strips tags', () => expect(answerText('See <a href="/x">this</a>.')).toBe('See this .'));
  it('builds FAQPage structured data', () => {
    const data = faqJsonLd(items) as { '@type': string; mainEntity: unknown[] };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(4);
  });
});
