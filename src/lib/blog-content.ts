import type { BlogIndexEntry } from './blog.ts';
import { formatDate } from './i18n/format.ts';
import type { Lang } from './i18n/languages.ts';

/**
 * The compact index entry of a post's front matter: what the list and the island need, with the
 * date written in `lang` here, at build time, so that the list builds no Intl formatter while it
 * hydrates, nor a search (why: ./i18n/format.ts); the sidebar and the related posts show it too.
 * Posts carry calendar dates, shown as written, in the long form.
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
    dateLabel: formatDate(data.date.slice(0, 10), lang),
    image: data.image,
    imageAlt: data.imageAlt,
    author: data.author,
  };
}
