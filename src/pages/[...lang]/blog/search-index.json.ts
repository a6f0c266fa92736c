import type { APIRoute } from 'astro';
import { getPostIndex } from '../../../data/content.ts';
import { DEFAULT_LANG, isLang } from '../../../lib/i18n/languages.ts';
import { langPaths } from '../../../lib/i18n/static-paths.ts';

export const getStaticPaths = langPaths;

/**
 * The compact list index the blog island filters, one per language (/blog/search-index.json,
 * /fr/blog/search-index.json): front matter only, never post bodies; a post not yet translated
 * is listed in English, as its page shows it.
 */
export const GET: APIRoute = async ({ params }) => {
  const posts = await getPostIndex(isLang(params.lang) ? params.lang : DEFAULT_LANG);
  return new Response(JSON.stringify(posts), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
