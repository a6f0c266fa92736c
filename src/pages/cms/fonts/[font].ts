import type { APIRoute } from 'astro';
import { EDITOR_FONTS, fontFile, type EditorFont } from '../../../lib/cms/fonts.ts';

export const getStaticPaths = () => EDITOR_FONTS.map((font) => ({ params: { font: font.file }, props: { font } }));

export const GET: APIRoute<{ font: EditorFont }> = ({ props }) => new Response(new Uint8Array(fontFile(props.font)), { headers: { 'Content-Type': 'font/woff2' } });
