/**
 * Bench section: the shape of the code, measured from the source tree (issue 11's table): page
 * size and CSS share, component size, cascade layers, raw colours outside the tokens, content
 * query call sites, API endpoint strings. No build needed.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listFiles } from '../page-weight.ts';

export const order = 90;

const root = join(import.meta.dirname, '..', '..');

const filesUnder = (dir: string, ext: RegExp) => listFiles(dir).filter((file) => ext.test(file));

const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : 0;
};
/** Lines inside <style> blocks of an .astro file. */
const styleLines = (text: string) =>
  [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + lines(m[1]!.replace(/^\n/, '')), 0);
/**
 * #rgb/#rrggbb(aa), rgb(), rgba(), hsl() written in styles, outside comments. Inline SVG artwork
 * keeps its palette in its fill/stroke attributes (as public/art/ does), the QR code must be black
 * on white, and the theme-color meta takes a literal: those attributes are not counted.
 */
const rawColours = (text: string) =>
  (text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\b(fill|stroke|stop-color)=["{][^"}]*["}]/g, '')
    .replace(/<meta name="theme-color"[^>]*>/g, '')
    .match(/#[0-9a-fA-F]{3,8}\b(?![\w-])|\b(?:rgba?|hsla?)\(/g) ?? []).length;

export function measureCodeShape() {
  const src = join(root, 'src');
  const pages = filesUnder(join(src, 'pages'), /\.(astro|ts)$/).map((file) => {
    const text = readFileSync(file, 'utf8');
    return { file: relative(root, file), lines: lines(text), css: file.endsWith('.astro') ? styleLines(text) : 0 };
  });
  const components = filesUnder(join(src, 'components'), /\.astro$/)
    .concat(filesUnder(join(src, 'layouts'), /\.astro$/))
    .map((file) => readFileSync(file, 'utf8'));
  const styled = components.filter((text) => /<style/.test(text));
  const colourFiles = filesUnder(src, /\.(astro|css|tsx|ts)$/)
    .filter((file) => !file.endsWith(join('styles', 'tokens.css')))
    .map((file) => ({ file: relative(root, file), count: rawColours(readFileSync(file, 'utf8')) }))
    .filter((row) => row.count > 0);
  const queryCalls = filesUnder(src, /\.(astro|ts|tsx)$/)
    .filter((file) => !file.includes(`${join('src', 'data')}/`))
    .reduce((sum, file) => sum + (readFileSync(file, 'utf8').match(/\bget(Collection|Entry)\(/g) ?? []).length, 0);
  const endpointStrings = filesUnder(src, /\.(astro|ts|tsx)$/)
    .concat(filesUnder(join(root, 'api', 'src'), /\.ts$/))
    .reduce((sum, file) => sum + (readFileSync(file, 'utf8').match(/['"`]\/api\/[\w-]/g) ?? []).length, 0);
  const totalLines = pages.reduce((sum, page) => sum + page.lines, 0);
  const totalCss = pages.reduce((sum, page) => sum + page.css, 0);
  const largest = [...pages].sort((a, b) => b.lines - a.lines)[0]!;
  return {
    pageCount: pages.length,
    pageMedianLines: median(pages.map((page) => page.lines)),
    pageCssShare: totalLines ? totalCss / totalLines : 0,
    largestPage: `${largest.file} (${largest.lines})`,
    pagesOver120: pages.filter((page) => page.lines > 120).map((page) => `${page.file} (${page.lines})`),
    pagesWithOver100Css: pages.filter((page) => page.css > 100).length,
    componentMedianLines: median(components.map(lines)),
    styledComponents: styled.length,
    styledComponentsWithoutLayer: styled.filter((text) => !/@layer\s+components/.test(text)).length,
    rawColours: colourFiles.reduce((sum, row) => sum + row.count, 0),
    rawColourFiles: colourFiles.map((row) => `${row.file} (${row.count})`),
    contentQueryCallsOutsideQueryModule: queryCalls,
    endpointStrings,
  };
}

export async function section() {
  const shape = measureCodeShape();
  const rows: [string, string][] = [
    ['route files', `${shape.pageCount}, median ${shape.pageMedianLines} lines, ${(shape.pageCssShare * 100).toFixed(0)} % of page lines are CSS`],
    ['largest route file', shape.largestPage],
    ['route files over 120 lines', shape.pagesOver120.length ? shape.pagesOver120.join(', ') : 'none'],
    ['route files with over 100 lines of CSS', String(shape.pagesWithOver100Css)],
    ['components', `median ${shape.componentMedianLines} lines; ${shape.styledComponents} styled, ${shape.styledComponentsWithoutLayer} of them outside @layer components`],
    ['raw colours outside tokens.css', shape.rawColours ? `${shape.rawColours}: ${shape.rawColourFiles.join(', ')}` : '0'],
    ['content queries (getCollection/getEntry) outside the query modules in src/data/', String(shape.contentQueryCallsOutsideQueryModule)],
    ['"/api/…" strings in src/ and api/src/', String(shape.endpointStrings)],
  ];
  return {
    title: 'Code shape',
    markdown: ['| measure | now |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join('\n'),
  };
}
