/**
 * The JavaScript a page with an island sends, brotli-compressed as the servers send it (the `.br`
 * copies scripts/precompress.ts writes): at load, what the page's own scripts bring (Astro's island
 * runtime, the shell's modules) before any island wakes; after hydration, that plus every island's
 * component and renderer (the UI runtime) with all they import. Shared by the bench's
 * island-cost section, which can also set two builds side by side.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { STATIC_IMPORT, moduleGraph } from './module-graph.ts';
import { htmlPages } from './page-weight.ts';

export interface IslandBytes {
  route: string;
  /** The islands' component names, as Astro names their modules (`ContactForm`, `StaffArea`). */
  islands: string[];
  atLoad: number;
  afterHydration: number;
}

const brotliSize = (file: string): number =>
  existsSync(`${file}.br`)
    ? readFileSync(`${file}.br`).byteLength
    : brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;

const attributes = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
const local = (dir: string, url: string) => (url.startsWith('/') && !url.startsWith('//') ? join(dir, url.split(/[?#]/)[0]!) : null);

/** The modules a page runs at load, and those it runs once every island has woken (file path -> code). */
export function pageModules(html: string, dir: string): { atLoad: Map<string, string>; afterHydration: Map<string, string>; renderers: string[] } {
  const files = (urls: string[]) => urls.map((url) => local(dir, url)).filter((path): path is string => path !== null);
  const pageScripts = files([
    ...attributes(html, /<script\b[^>]*\bsrc="([^"]+)"/g),
    ...attributes(html, /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"/g),
    ...attributes(html, /<script\b[^>]*>[^<]*?(?:import|from)\s*["'](\/[^"']+\.js)["']/g),
  ]);
  const renderers = [...new Set(attributes(html, /<astro-island\b[^>]*?\brenderer-url="([^"]+)"/g))];
  const islandScripts = files([...attributes(html, /<astro-island\b[^>]*?\bcomponent-url="([^"]+)"/g), ...renderers]);
  return {
    atLoad: moduleGraph(dir, pageScripts, STATIC_IMPORT),
    afterHydration: moduleGraph(dir, [...pageScripts, ...islandScripts], STATIC_IMPORT),
    renderers,
  };
}

export function islandBytes(route: string, file: string, dir: string): IslandBytes {
  const html = readFileSync(file, 'utf8');
  const modules = pageModules(html, dir);
  const sum = (graph: Map<string, string>) => [...graph.keys()].reduce((total, path) => total + brotliSize(path), 0);
  return {
    route,
    islands: [...new Set(attributes(html, /<astro-island\b[^>]*?\bcomponent-url="\/_astro\/([\w-]+)\.[\w-]+\.js"/g))],
    atLoad: sum(modules.atLoad),
    afterHydration: sum(modules.afterHydration),
  };
}

/** Every page of a build that has an island, with its bytes. */
export function islandBytesOfSite(dir: string): IslandBytes[] {
  return htmlPages(dir)
    .map(({ route, file }) => islandBytes(route, file, dir))
    .filter((page) => page.islands.length > 0);
}
