/**
 * The reading grade of a page's main copy: the Flesch-Kincaid grade level (flesch-kincaid) over
 * syllable counts from `syllable`, both maintained packages from the `words` collection.
 * "Main copy" is the running text inside <main>: paragraphs, list items, quotes, captions and
 * FAQ answers; not the navigation, the breadcrumb, forms (labels and buttons), or scripts.
 * Each block counts as at least one sentence, so a list item without a full stop is not glued
 * to the next one. Blocks under five words (labels, job titles, captions) are not running text;
 * nor are the headings and figure lists (<dl>) inside a card's list item, or a date line (a block
 * that opens with its <time>: an event's date, time and address), which are names and data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';
import { distDir, htmlPages } from './page-weight.ts';

export const PLAIN_WORDS_MAX_GRADE = 8;

/** A word: letters or digits, with inner apostrophes and hyphens (a dot or a dash alone is none). */
const WORD = /[A-Za-z0-9][A-Za-z0-9'’-]*/g;

const decode = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;|&rsquo;|&lsquo;/g, "'")
    .replace(/&quot;|&ldquo;|&rdquo;/g, '"')
    .replace(/&mdash;|&ndash;/g, '-')
    .replace(/&[a-z]+;|&#\d+;|&#x[\da-f]+;/gi, ' ');

/** The running text blocks of a page's <main>. */
export function mainCopy(html: string): string[] {
  const main = html.match(/<main[\s\S]*?<\/main>/)?.[0] ?? '';
  const cleaned = main
    .replace(/<(script|style|svg|form|nav|template|button)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<astro-island\b[^>]*component-url="[^"]*(?:Form|Newsletter)[^"]*"[\s\S]*?<\/astro-island>/g, ' ');
  const text = (html: string) =>
    decode(html.replace(/<[^>]+>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
  // FAQ answers are HTML of their own: each answer is one block.
  const answers = [...cleaned.matchAll(/<div\b[^>]*data-faq-answer[^>]*>([\s\S]*?)<\/div>/g)].map((m) => text(m[1]!));
  const rest = cleaned.replace(/<div\b[^>]*data-faq-answer[^>]*>[\s\S]*?<\/div>/g, ' ');
  const blocks = [
    ...answers,
    ...[...rest.matchAll(/<(p|li|blockquote|figcaption|dd)\b[^>]*>([\s\S]*?)<\/\1>/g)]
      .filter((m) => !/^\s*<time\b/.test(m[2]!))
      .map((m) => text(m[2]!.replace(/<(h[1-6]|dl)\b[\s\S]*?<\/\1>/g, ' ').replace(/<(p|li|ul|ol|dl)\b[\s\S]*$/, ''))),
  ];
  return blocks.filter((block) => (block.match(WORD) ?? []).length >= 5);
}

export interface Readability {
  grade: number;
  words: number;
  sentences: number;
}

/** Flesch-Kincaid grade of the given blocks of text. */
export function readability(blocks: readonly string[]): Readability {
  let words = 0;
  let sentences = 0;
  let syllables = 0;
  for (const block of blocks) {
    // Numbers, amounts and times are read as words; sentences end at . ! ? or the block's end.
    const text = block.replace(/(\d)[.,:](\d)/g, '$1$2');
    const parts = text.split(/[.!?]+(?:\s|$)/).filter((part) => /[a-z0-9]/i.test(part));
    sentences += Math.max(1, parts.length);
    for (const word of text.match(WORD) ?? []) {
      words += 1;
      syllables += /^\d/.test(word) ? 1 : Math.max(1, syllable(word));
    }
  }
  const grade = words ? fleschKincaid({ sentence: sentences, word: words, syllable: syllables }) : 0;
  return { grade: Math.round(grade * 10) / 10, words, sentences };
}

/** The grade of a built page, by route (or by its file, as htmlPages() lists it). */
export function pageReadability(route: string, dir = distDir, file?: string): Readability {
  const path = file ?? (route === '/' ? join(dir, 'index.html') : join(dir, route, 'index.html'));
  return readability(mainCopy(readFileSync(path, 'utf8')));
}

/**
 * Every English page a visitor reads, from the built site: the pages htmlPages() lists (not the
 * content editor, not the downloads) whose <html lang> is English, except those that ask search
 * engines not to index them: the replies to a form or a link (thanks, confirm, cancel, error), the
 * not-found pages, the search page and the staff sign-in, whose few lines are mostly the spec's own
 * messages. The plain-words target (grade 8 or below) holds for each of them.
 */
export function englishVisitorPages(dir = distDir): { route: string; file: string }[] {
  return htmlPages(dir).filter(({ file }) => {
    const head = readFileSync(file, 'utf8').split('</head>')[0]!;
    return /<html\b[^>]*\blang="en\b/i.test(head) && !/<meta\b[^>]*name="robots"[^>]*content="[^"]*noindex/i.test(head);
  });
}
