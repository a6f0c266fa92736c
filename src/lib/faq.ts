/**
 * FAQ rules: the category buttons and the filter (category, then a case-insensitive search over
 * the question and the answer's text). Pure: no DOM.
 */
import type { FaqEntry } from './content-schemas.ts';

export const FAQ_CATEGORIES = ['General', 'Donations', 'Programs', 'Volunteering'] as const;
export const FAQ_FILTERS = ['All', ...FAQ_CATEGORIES] as const;
export type FaqFilter = (typeof FAQ_FILTERS)[number];

/** What the FAQ list works on: an entry of content/faq (src/lib/content-schemas.ts) less its order. */
export type FaqItem = Pick<FaqEntry, 'question' | 'answer' | 'category'>;

/** The answer's visible text: tags dropped, common entities decoded. */
export function answerText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

export function matchesFaq(item: FaqItem, search: string, category: FaqFilter): boolean {
  if (category !== 'All' && item.category !== category) return false;
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return item.question.toLowerCase().includes(term) || answerText(item.answer).toLowerCase().includes(term);
}

export function filterFaqs<T extends FaqItem>(items: readonly T[], search: string, category: FaqFilter): T[] {
  return items.filter((item) => matchesFaq(item, search, category));
}

/** FAQPage structured data. */
export function faqJsonLd(items: readonly FaqItem[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
