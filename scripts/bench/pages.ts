/** Bench section: each built route's bytes, and what a first visit needs before it can paint. */
import { existsSync } from 'node:fs';
import { distDir, measureSite, type PageWeight } from '../page-weight.ts';

export const order = 10;

/** About what the first network round trip carries (10 TCP segments of 1,460 bytes). */
export const FIRST_FLIGHT_BYTES = 14_600;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const FRAMEWORK_NAMES: Record<NonNullable<PageWeight['framework']>, string> = { preact: 'Preact', react: 'React' };

export async function section() {
  const title = 'Pages: bytes and first flight';
  if (!existsSync(distDir)) return { title, markdown: 'No `dist/`: run `npm run build` first.' };
  const pages = measureSite();
  const rows = pages.map((p) => {
    const first = p.html.gzip + p.css.gzip;
    return `| ${p.route} | ${kb(p.html.raw)} | ${kb(p.html.gzip)} | ${kb(p.css.raw)} | ${kb(p.css.gzip)} | ${kb(p.js.raw)} | ${kb(p.js.gzip)} | ${kb(first)}${first > FIRST_FLIGHT_BYTES ? ' ⚠' : ''} | ${p.islands ? `${p.islands}${p.framework ? ` (${FRAMEWORK_NAMES[p.framework]})` : ''}` : '-'} |`;
  });
  const over = pages.filter((p) => p.html.gzip + p.css.gzip > FIRST_FLIGHT_BYTES);
  const heaviest = pages.reduce((a, b) => (a.html.gzip + a.css.gzip > b.html.gzip + b.css.gzip ? a : b));
  return {
    title,
    markdown: [
      `KB. "First flight" is the HTML and its render-blocking CSS, gzipped: what a first visit needs before it can paint; ⚠ marks a page over ${(FIRST_FLIGHT_BYTES / 1000).toFixed(1)} KB (about one network round trip).`,
      '',
      '| route | HTML | HTML gz | CSS | CSS gz | JS | JS gz | first flight gz | islands |',
      '|---|--:|--:|--:|--:|--:|--:|--:|---|',
      ...rows,
      '',
      `${pages.length} pages; heaviest first flight: ${heaviest.route} at ${kb(heaviest.html.gzip + heaviest.css.gzip)} KB; ${over.length} over the round trip.`,
    ].join('\n'),
  };
}
