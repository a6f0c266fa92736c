import type { APIRoute } from 'astro';
import { getPostIndex } from '../../data/content.ts';

/** The compact list index the blog island filters: front matter only, never post bodies. */
export const GET: APIRoute = async () => {
  const posts = await getPostIndex();
  return new Response(JSON.stringify(posts), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
