/**
 * Reads the built site and measures what each page costs a visitor: its HTML, its render-blocking
 * CSS and the JavaScript it loads (following static imports), raw and gzipped. Shared by the byte
 * budget test and `npm run bench`.
 *
 * Render-blocking CSS is the head's: a stylesheet linked inside <body> (the forms', see
 * src/components/forms/FormStyles.astro) holds back only the content after it, so the first paint
 * does not wait for it. Those sheets are measured apart, as `laterCss`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { listFiles } from '../api/src/static-site.ts';
import { STATIC_IMPORT, moduleGraph } from './module-graph.ts';

export const distDir = join(import.meta.dirname, '..', 'dist');

export interface PageWeight {
  route: string;
  file: string;
  html: { raw: number; gzip: number };
  css: { raw: number; gzip: number; files: string[] };
  /** Stylesheets linked in the body: needed by the content after them, not by the first paint. */
  laterCss: { gzip: number; files: string[] };
  js: { raw: number; gzip: number; files: string[] };
  islands: number;
  /** The UI runtime the page's scripts carry, if any: the islands run on React (Preact is recognised so a test can tell it apart). */
  framework: 'preact' | 'react' | null;
}

// Every file below a folder: the walk the Node server serves dist/ from, for the scripts and tests.
export { listFiles };

/**
 * Every HTML page in dist/ with the route it answers. Files under downloads/ are documents
 * offered for download (printable guides), not pages of the site, and are left out; so is the
 * content editor under cms/ (docs/editors.md): a tool staff sign in to, not a page a visitor reads,
 * with its own policy and one large script from the editor's package, so the visitor pages' rules
 * (budgets, languages, links, readability, first flight) do not apply to it.
 */
export function htmlPages(dir = distDir): { route: string; file: string }[] {
  return listFiles(dir)
    .filter((file) => file.endsWith('.html') && !relative(dir, file).startsWith(`downloads${sep}`) && !relative(dir, file).startsWith(`cms${sep}`))
    .map((file) => {
      const rel = relative(dir, file).split(sep).join('/');
      const route = rel === 'index.html' ? '/' : `/${rel.replace(/\/?index\.html$/, '').replace(/\.html$/, '')}`;
      return { route, file };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

const gz = (data: string | Buffer) => gzipSync(data, { level: 9 }).byteLength;

function attributeValues(html: string, tag: string, attribute: string, filter?: RegExp): string[] {
  const values: string[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    const element = match[0];
    if (filter && !filter.test(element)) continue;
    const value = element.match(new RegExp(`\\s${attribute}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
    if (value) values.push(value[1] ?? value[2] ?? value[3] ?? '');
  }
  return values;
}

function localFile(dir: string, url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const path = join(dir, decodeURIComponent(url.split(/[?#]/)[0]!));
  return existsSync(path) ? path : null;
}

// Preact's virtual node as its minified build writes it, and React's element tag and internals.
const PREACT_SIGNATURE = /__k:null,__:null,__b:0,__e:null/;
const REACT_SIGNATURE = /Symbol\.for\(["']react\.(?:element|transitional\.element)["']\)|react-dom|__CLIENT_INTERNALS_DO_NOT_USE/;

function frameworkIn(scripts: readonly string[]): PageWeight['framework'] {
  if (scripts.some((script) => REACT_SIGNATURE.test(script))) return 'react';
  if (scripts.some((script) => PREACT_SIGNATURE.test(script))) return 'preact';
  return null;
}

export function measurePage(route: string, file: string, dir = distDir): PageWeight {
  const html = readFileSync(file, 'utf8');
  const headEnd = html.search(/<\/head>/i);
  const [head, body] = headEnd < 0 ? [html, ''] : [html.slice(0, headEnd), html.slice(headEnd)];
  const stylesheetsIn = (part: string) =>
    [...new Set(attributeValues(part, 'link', 'href', /rel=["']?stylesheet/i))]
      .map((href) => localFile(dir, href))
      .filter((f): f is string => f !== null);
  const cssFiles = stylesheetsIn(head);
  const laterCssFiles = stylesheetsIn(body).filter((f) => !cssFiles.includes(f));
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!).join('');
  const scriptEntries = [
    ...attributeValues(html, 'script', 'src'),
    ...attributeValues(html, 'link', 'href', /rel=["']?modulepreload/i),
    ...attributeValues(html, 'astro-island', 'component-url'),
    ...attributeValues(html, 'astro-island', 'renderer-url'),
  ]
    .map((src) => localFile(dir, src))
    .filter((f): f is string => f !== null);
  const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/application\/ld\+json/i.test(m[1]!) && m[2]!.trim())
    .map((m) => m[2]!);
  const inlineModuleImports = inlineScripts
    .flatMap((code) => [...code.matchAll(/(?:import|from)\s*["'](\/[^"']+\.js)["']/g)].map((i) => i[1]!))
    .map((src) => localFile(dir, src))
    .filter((f): f is string => f !== null);
  const modules = moduleGraph(dir, [...scriptEntries, ...inlineModuleImports], STATIC_IMPORT);
  const jsFiles = [...modules.keys()];

  const cssText = cssFiles.map((f) => readFileSync(f, 'utf8')).join('');
  const jsContents = [...modules.values(), ...inlineScripts].map((code) => Buffer.from(code));
  const toUrl = (f: string) => `/${relative(dir, f).split(sep).join(posix.sep)}`;
  return {
    route,
    file,
    html: { raw: Buffer.byteLength(html), gzip: gz(html) },
    css: {
      raw: Buffer.byteLength(cssText) + Buffer.byteLength(inlineCss),
      gzip: cssFiles.reduce((sum, f) => sum + gz(readFileSync(f)), 0),
      files: cssFiles.map(toUrl),
    },
    laterCss: {
      gzip: laterCssFiles.reduce((sum, f) => sum + gz(readFileSync(f)), 0),
      files: laterCssFiles.map(toUrl),
    },
    js: {
      raw: jsContents.reduce((sum, c) => sum + c.byteLength, 0),
      gzip: jsContents.reduce((sum, c) => sum + gz(c), 0),
      files: jsFiles.map(toUrl),
    },
    islands: (html.match(/<astro-island\b/g) ?? []).length,
    framework: frameworkIn(jsContents.map((c) => c.toString('utf8'))),
  };
}

export function measureSite(dir = distDir): PageWeight[] {
  return htmlPages(dir).map(({ route, file }) => measurePage(route, file, dir));
}
