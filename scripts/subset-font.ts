/**
 * `npm run font`: writes the site's Figtree file, src/assets/fonts/figtree-wght.woff2, a subset of
 * @fontsource-variable/figtree's Latin file (the whole weight axis kept) cut to the characters the
 * site's texts use, and src/assets/fonts/figtree-wght.chars.txt, the characters it holds.
 *
 * Why: the font is preloaded and on Lighthouse's LCP path on every page. The Latin file is 20.2 KB,
 * more than a new connection's first round trip carries beside the LCP image on a slow link, so it
 * ended a round trip after the image; the subset (about 12 KB) ends with it.
 *
 * Which characters: printable ASCII, plus every other character written in content/ and src/
 * (pages, components, messages in English, French and Swahili; not the generated src/paraglide/).
 * Layout features: only those browsers apply by default, and tabular figures (tabular-nums).
 * A character the file lacks is drawn from 'Figtree Fallback' (src/styles/fonts.css); the dist
 * tests fail when a built page uses one, so run this again after adding text with a new letter,
 * and commit both files.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import subsetFont from 'subset-font';

const root = join(import.meta.dirname, '..');
export const FONT_FILE = join(root, 'src', 'assets', 'fonts', 'figtree-wght.woff2');
export const FONT_CHARS_FILE = join(root, 'src', 'assets', 'fonts', 'figtree-wght.chars.txt');
const SOURCE_FONT = join(root, 'node_modules', '@fontsource-variable', 'figtree', 'files', 'figtree-latin-wght-normal.woff2');
const TEXT_FILE = /\.(astro|ts|tsx|md|mdx|json)$/;
const LAYOUT_FEATURES = ['kern', 'liga', 'clig', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'rvrn', 'tnum'];

/** Printable ASCII and every other character the site's sources hold, in code point order. */
export function siteCharacters(dirs = [join(root, 'content'), join(root, 'src')]): string {
  const found = new Set<string>();
  for (let code = 0x20; code <= 0x7e; code++) found.add(String.fromCharCode(code));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'paraglide') walk(path);
      } else if (TEXT_FILE.test(name)) {
        for (const char of readFileSync(path, 'utf8')) if (char.codePointAt(0)! > 0x7e && char !== '\uFEFF') found.add(char);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return [...found].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!).join('');
}

if (import.meta.main) {
  const text = siteCharacters();
  const font = await subsetFont(readFileSync(SOURCE_FONT), text, { targetFormat: 'woff2', keepFeatures: LAYOUT_FEATURES, noLayoutClosure: true });
  writeFileSync(FONT_FILE, font);
  writeFileSync(FONT_CHARS_FILE, `${text}\n`);
  console.log(`font: ${[...text].length} characters, ${font.length} bytes → ${FONT_FILE}`);
}
