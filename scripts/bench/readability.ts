/** Bench section: the Flesch-Kincaid grade of each built page's main copy. */
import { existsSync } from 'node:fs';
import { distDir, htmlPages } from '../page-weight.ts';
import { PLAIN_WORDS_MAX_GRADE, englishVisitorPages, pageReadability } from '../readability.ts';

export const order = 20;

export async function section() {
  const title = 'Plain words: readability grades';
  if (!existsSync(distDir)) return { title, markdown: 'No `dist/`: run `npm run build` first.' };
  const watched = new Set(englishVisitorPages().map((page) => page.route));
  const rows = htmlPages()
    .map((page) => ({ route: page.route, ...pageReadability(page.route, distDir, page.file) }))
    .filter((row) => row.words > 0);
  return {
    title,
    markdown: [
      `Flesch-Kincaid grade of each page's main copy; target ${PLAIN_WORDS_MAX_GRADE} or below. * = held to it by tests.`,
      '',
      '| route | grade | words | sentences |',
      '|---|--:|--:|--:|',
      ...rows.map((row) => `| ${watched.has(row.route) ? '* ' : ''}${row.route} | ${row.grade.toFixed(1)}${row.grade > PLAIN_WORDS_MAX_GRADE ? ' ⚠' : ''} | ${row.words} | ${row.sentences} |`),
    ].join('\n'),
  };
}
