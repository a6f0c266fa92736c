import type { APIRoute } from 'astro';
import { getEvents } from '../../../data/content.ts';
import { listedEvents } from '../../../lib/i18n/event-format.ts';
import { DEFAULT_LANG, isLang } from '../../../lib/i18n/languages.ts';
import { langPaths } from '../../../lib/i18n/static-paths.ts';

export const getStaticPaths = langPaths;

/**
 * Every event of a language as the events list shows it (dates and times written), one file per
 * language (/events/search-index.json, /fr/events/search-index.json): what the island searches,
 * filters and pages once the visitor asks it to. The pages themselves carry one page of a list.
 */
export const GET: APIRoute = async ({ params }) => {
  const lang = isLang(params.lang) ? params.lang : DEFAULT_LANG;
  return new Response(JSON.stringify(listedEvents(await getEvents(lang), lang)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
