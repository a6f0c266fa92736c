import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { htmlPages } from '../../scripts/page-weight.ts';
import { FONT_CHARS_FILE, siteCharacters } from '../../scripts/subset-font.ts';

/** The characters src/assets/fonts/figtree-wght.woff2 holds (written beside it by `npm run font`). */
const fontCharacters = new Set(readFileSync(FONT_CHARS_FILE, 'utf8').replace(/\n$/, ''));

/** A page's visible text: no scripts, styles or tags; character references decoded. */
function pageText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_all, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_all, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_all, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' })[name]!);
}

describe('the subset Figtree file', () => {
  it('holds printable ASCII and the French letters and typography the pages use', () => {
    for (const char of ' AZaz09&?') expect(fontCharacters.has(char), char).toBe(true);
    for (const char of ['é', 'è', 'ê', 'à', 'ç', 'ô', 'î', 'û', 'ù', 'É', 'À', 'œ', '’', '«', '»', '–', '…', '\u00a0', '\u202f']) {
      expect(fontCharacters.has(char), `U+${char.codePointAt(0)!.toString(16)}`).toBe(true);
    }
  });

  it('was made from the sources as they are (run `npm run font` after adding text with a new character)', () => {
    expect([...siteCharacters()].filter((char) => !fontCharacters.has(char))).toEqual([]);
  });

  it('draws every character of every built page, in every language', () => {
    const missing = new Map<string, string>();
    for (const { route, file } of htmlPages()) {
      for (const char of pageText(readFileSync(file, 'utf8'))) {
        if (/\s/.test(char) && char !== '\u00a0' && char !== '\u202f') continue;
        if (!fontCharacters.has(char) && !missing.has(char)) missing.set(char, route);
      }
    }
    expect(Object.fromEntries([...missing].map(([char, route]) => [`U+${char.codePointAt(0)!.toString(16).toUpperCase()} ${char}`, route]))).toEqual({});
  });
});
