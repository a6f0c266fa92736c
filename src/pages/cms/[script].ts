import { EDITOR_SCRIPT_PATH, editorScript } from '../../lib/cms/files.ts';

export const getStaticPaths = () => [{ params: { script: EDITOR_SCRIPT_PATH.split('/').pop()! } }];

export const GET = () => new Response(editorScript(), { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
