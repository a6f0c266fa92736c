import type { APIRoute } from 'astro';
import { site } from '../../lib/site.ts';
import { beneficiaryChecklist } from '../../lib/planned-giving-documents.ts';

export const GET: APIRoute = () =>
  new Response(beneficiaryChecklist(site), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
