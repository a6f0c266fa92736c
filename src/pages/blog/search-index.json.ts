import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { sortPosts } from '../../lib/blog.ts';
import { toIndexEntry } from '../../lib/blog-content.ts';

/** The compact list index the blog island filters: front matter only, never post bodies. */
export const GET: APIRoute = async () => {
  const posts = sortPosts((await getCollection('blog')).map((entry) => toIndexEntry(entry.data)));
  return new Response(JSON.stringify(posts), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
