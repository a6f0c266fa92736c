/**
 * Every content file checked before the build reads it, with what is wrong said the way an editor
 * (in the editor at /cms/ or in a text editor) can act on it: the file, the field, and what to
 * write instead ("write it in double quotes" rather than "expected string, received object").
 * Astro validates the same files with the same schemas afterwards; this check runs first so the
 * message a red build shows is this one. docs/editors.md quotes it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { COLLECTIONS } from './content-schemas.ts';
import { TRANSLATED_LANGS } from './i18n/languages.ts';
import { editorMessage } from './editor-messages.ts';

/** A content file's data: JSON, or the front matter of an MDX file read as Astro reads it (YAML 1.1, where an unquoted date is a date). */
export function entryData(path: string, text: string): unknown {
  if (path.endsWith('.json')) return JSON.parse(text);
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) throw new Error(`${path}: the file must start with its fields between two --- lines`);
  return parseYaml(match[1]!, { schema: 'yaml-1.1' });
}

/** One line per problem, `content/<file>: <field>: <what to do>`, over every collection in every language. */
export function checkContent(contentDir: string): string[] {
  const problems: string[] = [];
  for (const { folder, files, schema } of Object.values(COLLECTIONS)) {
    for (const subfolder of ['', ...TRANSLATED_LANGS.map((lang) => `${lang}/`)]) {
      const dir = join(contentDir, folder, subfolder);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).filter((file) => file.endsWith(`.${files}`))) {
        const path = `content/${folder}/${subfolder}${name}`;
        let data: unknown;
        try {
          data = entryData(path, readFileSync(join(dir, name), 'utf8'));
        } catch (error) {
          problems.push(`${path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
          continue;
        }
        const result = schema.safeParse(data, { error: editorMessage });
        if (!result.success) problems.push(...result.error.issues.map((issue) => `${path}: ${issue.path.join('.') || '(the whole file)'}: ${issue.message}`));
      }
    }
  }
  return problems;
}
