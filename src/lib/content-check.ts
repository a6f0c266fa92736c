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
  return [...problems, ...checkTranslatedQuestions(contentDir)];
}

type Question = { id?: unknown; choices?: unknown };
const questionsOf = (path: string): Question[] | null => {
  try {
    const questions = (JSON.parse(readFileSync(path, 'utf8')) as { registrationQuestions?: unknown }).registrationQuestions;
    return Array.isArray(questions) ? (questions as Question[]) : null;
  } catch {
    return null; // The schema check above already names the file.
  }
};

/**
 * An event's questions in French or Swahili answer the English file's: the same ids, and each
 * choice list as long as the English one, in the same order (the API stores the English choice
 * at the same place). A question left untranslated is asked in English.
 */
function checkTranslatedQuestions(contentDir: string): string[] {
  const dir = join(contentDir, 'events');
  if (!existsSync(dir)) return [];
  const problems: string[] = [];
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) {
    const english = questionsOf(join(dir, name)) ?? [];
    for (const lang of TRANSLATED_LANGS) {
      const path = join(dir, lang, name);
      const translated = existsSync(path) ? questionsOf(path) : null;
      translated?.forEach((question, index) => {
        const field = `content/events/${lang}/${name}: registrationQuestions.${index}`;
        const source = english.find((candidate) => candidate.id === question.id);
        if (!source) return problems.push(`${field}.id: the English file (content/events/${name}) has no question "${String(question.id)}": use the id of the English question this one translates`);
        const want = Array.isArray(source.choices) ? source.choices.length : 0;
        const have = Array.isArray(question.choices) ? question.choices.length : 0;
        if (want !== have) problems.push(`${field}.choices: give ${want ? `${want} choices, as the English file does, in the same order` : 'no choices: the English question takes a written answer'}`);
      });
    }
  }
  return problems;
}
