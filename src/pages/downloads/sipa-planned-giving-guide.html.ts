import type { APIRoute } from 'astro';
import { getSingle } from '../../data/content.ts';
import { site } from '../../lib/site.ts';
import { plannedGivingGuide } from '../../lib/planned-giving-documents.ts';

export const GET: APIRoute = async () => {
  const content = await getSingle('plannedGiving', 'planned-giving');
  return new Response(plannedGivingGuide(site, content.ways), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
};
