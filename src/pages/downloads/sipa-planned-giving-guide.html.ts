import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { site } from '../../lib/site.ts';
import { plannedGivingGuide } from '../../lib/planned-giving-documents.ts';

export const GET: APIRoute = async () => {
  const content = await getEntry('plannedGiving', 'planned-giving');
  if (!content) throw new Error('content/planned-giving/planned-giving.json is missing');
  return new Response(plannedGivingGuide(site, content.data.ways), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
};
