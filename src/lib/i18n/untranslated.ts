/**
 * Content files not yet translated, per language: `<folder>/<file>` under content/, e.g.
 * 'blog/volunteer-spotlight.mdx'. Found on disk, not listed by hand: an editor who commits an
 * English entry alone gets a page that shows the English text with a notice in the visitor's
 * language (src/data/localized.ts) until the translation lands, and `npm run build` prints the
 * list (translationReport). See docs/editors.md.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COLLECTIONS } from '../content-schemas.ts';
import { TRANSLATED_LANGS, type Lang } from './languages.ts';

/** The project's content/ folder. */
export const CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));

/** A collection's entry files: the English ones at its top, a language's in its `<code>/` folder. */
export function entryFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((file) => /\.(json|mdx?)$/.test(file)).sort() : [];
}

/** Every English entry with no file of the same name in a language's folder, per language (languages with none are left out). */
export function findUntranslated(contentDir = CONTENT_DIR): Partial<Record<Lang, string[]>> {
  const found: Partial<Record<Lang, string[]>> = {};
  for (const lang of TRANSLATED_LANGS) {
    const missing = Object.values(COLLECTIONS).flatMap(({ folder }) => {
      const translated = new Set(entryFiles(join(contentDir, folder, lang)));
      return entryFiles(join(contentDir, folder))
        .filter((file) => !translated.has(file))
        .map((file) => `${folder}/${file}`);
    });
    if (missing.length > 0) found[lang] = missing;
  }
  return found;
}

export const UNTRANSLATED: Partial<Record<Lang, readonly string[]>> = findUntranslated();

/** What `npm run build` prints: the files each language is still waiting for, or that none is. */
/** How many files the report names per language before it gives the rest as a count. */
export const REPORT_NAMES = 20;

export function translationReport(untranslated: Partial<Record<Lang, readonly string[]>> = UNTRANSLATED): string {
  const langs = TRANSLATED_LANGS.filter((lang) => (untranslated[lang]?.length ?? 0) > 0);
  if (langs.length === 0) return `Translations: every content file is translated into ${TRANSLATED_LANGS.join(', ')}.`;
  const lines = langs.map((lang) => {
    const files = untranslated[lang]!;
    // A long list is cut: a build log of 1,200 names on one line helps no editor.
    const named = files.length > REPORT_NAMES ? [...files.slice(0, REPORT_NAMES), `and ${files.length - REPORT_NAMES} more`] : files;
    return `  ${lang} (${files.length}): ${named.join(', ')}`;
  });
  return [
    'Translations: not yet translated (these pages show the English text with a notice in the language; see docs/editors.md):',
    ...lines,
  ].join('\n');
}
