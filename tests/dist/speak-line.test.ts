/** The "We speak your language" line reads as two sentences in every language: a space follows the bold one. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { distDir } from '../../scripts/page-weight.ts';

const text = (route: string) =>
  readFileSync(join(distDir, route, 'index.html'), 'utf8')
    .match(/<p class="[^"]*speak-line__text[^"]*">([\s\S]*?)<\/p>/)![1]!
    .replace(/<[^>]+>/g, '')
    .trim();

it.each([
  ['contact', 'We speak your language. Our team speaks English, French, Swahili, Amharic, and Lingala.'],
  ['fr/contact', 'Nous parlons votre langue. Notre équipe parle anglais, français, swahili, amharique et lingala.'],
  ['sw/programs', 'Tunazungumza lugha yako. Timu yetu inazungumza Kiingereza, Kifaransa, Kiswahili, Kiamhari na Kilingala.'],
])('/%s', (route, expected) => {
  expect(text(route)).toBe(expected);
});
