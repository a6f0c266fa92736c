import { backendFromEnv } from '../../lib/cms/config.ts';
import { editorPage } from '../../lib/cms/files.ts';

const backend = backendFromEnv(process.env);

export const GET = () => new Response(editorPage({ authOrigin: backend.base_url }), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
