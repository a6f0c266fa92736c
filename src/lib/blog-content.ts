import type { BlogIndexEntry } from './blog.ts';
import { formatDate } from './i18n/format.ts';
import type { Lang } from './i18n/languages.ts';

/**
 * The compact index entry of a post's front matter: what the list and the island need, with the
 * date written in `lang` here, at build time. Written in the browser, the first date would build
 * an Intl formatter while the list hydrates, a task of 20-35 ms on a desktop machine and four
 * times that on a phone (Lighthouse's blocking time). Posts carry calendar dates, shown as written.
 */
export function toIndexEntry(data: Omit<BlogIndexEntry, 'tags' | 'dateLabel'> & { tags: readonly string[] }, lang: Lang): BlogIndexEntry {
  return {
    id: data.id,
    slug: data.slug,
    title: data.title,
    excerpt: data.excerpt,
    tags: [...data.tags],
    category: data.category,
    date: data.date,
    dateLabel: formatDate(data.date.slice(0, 10), lang, { month: 'long', day: 'numeric', year: 'numeric' }),
    image: data.image,
    imageAlt: data.imageAlt,
    author: data.author,
  };
}
