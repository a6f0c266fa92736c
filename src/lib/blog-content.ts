import type { BlogIndexEntry } from './blog.ts';

/** The compact index entry of a post's front matter: what the list and the island need. */
export function toIndexEntry(data: Omit<BlogIndexEntry, 'tags'> & { tags: readonly string[] }): BlogIndexEntry {
  return {
    id: data.id,
    slug: data.slug,
    title: data.title,
    excerpt: data.excerpt,
    tags: [...data.tags],
    category: data.category,
    date: data.date,
    image: data.image,
    imageAlt: data.imageAlt,
    author: data.author,
  };
}
