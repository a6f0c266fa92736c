/**
 * The editor's interface fonts (its text, its code and its icons), which the package loads from a
 * font CDN: served from this site instead, from the same fonts' npm packages (pinned to the
 * versions the editor names), so the editor needs nothing but this site and GitHub.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export interface EditorFont {
  /** The address the editor's bundle names. */
  cdn: string;
  /** The npm package holding the same file, and the file's name in its files/ folder. */
  package: string;
  file: string;
}

export const EDITOR_FONTS: readonly EditorFont[] = [
  { cdn: 'https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2', package: '@fontsource-variable/source-sans-3', file: 'source-sans-3-latin-wght-normal.woff2' },
  { cdn: 'https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2', package: '@fontsource/noto-mono', file: 'noto-mono-latin-400-normal.woff2' },
  {
    cdn: 'https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2',
    package: '@fontsource-variable/material-symbols-outlined',
    file: 'material-symbols-outlined-latin-wght-normal.woff2',
  },
];

export const fontPath = (font: EditorFont) => `/cms/fonts/${font.file}`;

/** The font's file in its installed package (which exports only CSS: found from its main file). */
export function fontFile(font: EditorFont): Buffer {
  return readFileSync(join(dirname(require.resolve(font.package)), 'files', font.file));
}

/** The installed package's version, which must be the one the editor's address names. */
export function fontPackageVersion(font: EditorFont): string {
  return (JSON.parse(readFileSync(join(dirname(require.resolve(font.package)), 'package.json'), 'utf8')) as { version: string }).version;
}

/** The editor's bundle with its fonts from this site; an editor that names other fonts fails the build. */
export function withLocalFonts(script: string): string {
  let result = script;
  for (const font of EDITOR_FONTS) {
    if (!result.includes(font.cdn)) throw new Error(`the editor no longer loads ${font.cdn}: update EDITOR_FONTS in src/lib/cms/fonts.ts`);
    result = result.split(font.cdn).join(fontPath(font));
  }
  const left = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/[^\s)"'`]+/.exec(result);
  if (left) throw new Error(`the editor loads a font this site does not serve: ${left[0]} (add it to EDITOR_FONTS)`);
  return result;
}
