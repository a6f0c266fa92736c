import type { APIRoute } from 'astro';
import { site } from '../../lib/site.ts';
import { sampleBequestLanguage } from '../../lib/planned-giving-documents.ts';

export const GET: APIRoute = () =>
  new Response(sampleBequestLanguage(site), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
