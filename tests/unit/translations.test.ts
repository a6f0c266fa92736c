import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { COLLECTIONS, validateEntry } from '../../src/lib/content-schemas.ts';
import { TRANSLATED_LANGS } from '../../src/lib/i18n/languages.ts';
import { UNTRANSLATED, findUntranslated, translationReport } from '../../src/lib/i18n/untranslated.ts';

const root = join(import.meta.dirname, '..', '..');
/** Each collection's folder under content/ and its schema. */
const folders: Record<string, z.ZodType> = Object.fromEntries(Object.values(COLLECTIONS).map(({ folder, schema }) => [folder, schema]));

const entryFiles = (folder: string) => readdirSync(join(root, 'content', folder)).filter((file) => /\.(json|mdx)$/.test(file));

function read(path: string): { data: unknown; body: string } {
  const text = readFileSync(join(root, path), 'utf8');
  if (path.endsWith('.json')) return { data: JSON.parse(text), body: '' };
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${path}: no front matter`);
  return { data: parseYaml(match[1]!), body: match[2]! };
}

// Values a translation must keep exactly: identifiers, enum values, dates, links and numbers.
const KEPT_KEYS = new Set(['id', 'slug', 'programId', 'category', 'tags', 'placements', 'interest', 'metric', 'related', 'order', 'icon']);
const looksKept = (value: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(value) || /^(https?:|mailto:|tel:|\/|#)/.test(value) || /^[^\s@]+@[^\s@]+$/.test(value) || /^\+\d[\d-]+$/.test(value);

/** Every difference in what must not change, as `path: english → translated`. */
function changedFacts(english: unknown, translated: unknown, path = '', key = ''): string[] {
  if (Array.isArray(english)) {
    if (!Array.isArray(translated) || translated.length !== english.length) return [`${path}: ${english.length} items → ${JSON.stringify(translated)}`];
    return english.flatMap((item, index) => changedFacts(item, translated[index], `${path}[${index}]`, key));
  }
  if (english && typeof english === 'object') {
    if (!translated || typeof translated !== 'object') return [`${path}: object → ${JSON.stringify(translated)}`];
    const keys = new Set([...Object.keys(english), ...Object.keys(translated)]);
    return [...keys].flatMap((name) =>
      changedFacts((english as Record<string, unknown>)[name], (translated as Record<string, unknown>)[name], `${path}.${name}`, name),
    );
  }
  if (typeof english === 'string' && typeof translated === 'string' && !KEPT_KEYS.has(key) && !looksKept(english)) return [];
  return english === translated ? [] : [`${path}: ${JSON.stringify(english)} → ${JSON.stringify(translated)}`];
}

/** Link targets in an MDX body: markdown links and href attributes. */
const linksIn = (body: string) => [...body.matchAll(/\]\(([^)\s]+)\)|href=["{]+([^"}]+)/g)].map((match) => match[1] ?? match[2]);

describe('every content entry has its translations, or is reported as waiting for one', () => {
  for (const lang of TRANSLATED_LANGS) {
    it(`${lang}: each English entry missing in content/<folder>/${lang}/ is in the build's report, and no translation lacks its English entry`, () => {
      const untranslated = new Set(UNTRANSLATED[lang] ?? []);
      for (const folder of Object.keys(folders)) {
        const english = entryFiles(folder);
        expect(english.length, folder).toBeGreaterThan(0);
        const missing = english.filter((file) => !existsSync(join(root, 'content', folder, lang, file)));
        expect(missing.filter((file) => !untranslated.has(`${folder}/${file}`)), `content/${folder}/${lang}`).toEqual([]);
        expect(entryFiles(`${folder}/${lang}`).filter((file) => !english.includes(file)), `content/${folder}/${lang}`).toEqual([]);
      }
      for (const listed of untranslated) expect(existsSync(join(root, 'content', listed)), `${listed} is listed as untranslated`).toBe(true);
      for (const listed of untranslated) expect(existsSync(join(root, 'content', listed.replace('/', `/${lang}/`))), `${listed} has a ${lang} file`).toBe(false);
    });
  }

  it('an English entry committed alone is listed for each language, and the report names it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sipa-content-'));
    try {
      for (const folder of Object.keys(folders)) {
        for (const lang of TRANSLATED_LANGS) mkdirSync(join(dir, folder, lang), { recursive: true });
        writeFileSync(join(dir, folder, 'entry.json'), '{}');
        for (const lang of TRANSLATED_LANGS) writeFileSync(join(dir, folder, lang, 'entry.json'), '{}');
      }
      writeFileSync(join(dir, 'blog', 'a-new-post.mdx'), '---\n---\n');
      writeFileSync(join(dir, 'blog', 'fr', 'a-new-post.mdx'), '---\n---\n');
      const found = findUntranslated(dir);
      expect(found).toEqual({ sw: ['blog/a-new-post.mdx'] });
      expect(translationReport(found)).toBe(
        'Translations: not yet translated (these pages show the English text with a notice in the language; see docs/editors.md):\n' +
          '  sw (1): blog/a-new-post.mdx',
      );
      expect(translationReport({})).toBe('Translations: every content file is translated into fr, sw.');
      const many = Array.from({ length: 23 }, (_, i) => `blog/post-${i}.mdx`);
      expect(translationReport({ fr: many }).split('\n')[1]).toBe(`  fr (23): ${many.slice(0, 20).join(', ')}, and 3 more`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('translated entries pass their schemas and keep every fact', () => {
  for (const lang of TRANSLATED_LANGS) {
    for (const [folder, schema] of Object.entries(folders)) {
      it(`content/${folder}/${lang}`, () => {
        for (const file of entryFiles(`${folder}/${lang}`)) {
          const path = `content/${folder}/${lang}/${file}`;
          const english = read(`content/${folder}/${file}`);
          const translated = read(path);
          expect(() => validateEntry(schema, translated.data, path)).not.toThrow();
          expect(changedFacts(english.data, translated.data), path).toEqual([]);
          expect(linksIn(translated.body), path).toEqual(linksIn(english.body));
        }
      });
    }

    it(`content/site.${lang}.json translates only texts`, () => {
      const site = JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8'));
      const translated = JSON.parse(readFileSync(join(root, `content/site.${lang}.json`), 'utf8'));
      expect(Object.keys(translated).filter((key) => !(key in site))).toEqual([]);
      for (const [key, value] of Object.entries(translated)) {
        expect(typeof value === 'string' || Array.isArray(value), key).toBe(true);
        if (Array.isArray(value)) expect(value.length, key).toBe(site[key].length);
      }
    });
  }
});
