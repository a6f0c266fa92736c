/**
 * The interface catalogues (content/messages/<lang>.json) as the API reads them on Node, for its
 * answers and mails in the visitor's language. Pages and islands never import this module (it
 * holds every language and reads files): they take their texts through Paraglide and
 * src/islands/form-kit/texts.ts.
 */
import { readFileSync } from 'node:fs';
import type en from '../../../content/messages/en.json';
import { fill } from '../catalogue-messages.ts';
import { DEFAULT_LANG, isLang, LANG_CODES, type Lang } from './languages.ts';

export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;

/** A JSON file under content/, read the way the API runs: plain Node, without the build's file globbing. */
export function readContentJson<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(`../../../content/${path}`, import.meta.url), 'utf8')) as T;
}

/**
 * Every language's file, found from the list in languages.ts, so a new language needs no import
 * here (tests/unit/i18n-catalogues.test.ts checks that the catalogues hold the same keys).
 */
const CATALOGUES = Object.fromEntries(LANG_CODES.map((code) => [code, readContentJson<Catalogue>(`messages/${code}.json`)])) as Readonly<
  Record<Lang, Catalogue>
>;

/** One message in `lang`, its `{name}` placeholders filled. */
export function message(lang: Lang, key: MessageKey, values: Record<string, string | number> = {}): string {
  return fill(CATALOGUES[lang][key], values);
}

/** English text → its key, for the texts that the shared schemas and modules give in English. */
const KEY_OF_ENGLISH = new Map<string, MessageKey>(Object.entries(CATALOGUES[DEFAULT_LANG]).map(([key, text]) => [text, key as MessageKey]));

/**
 * The same message in `lang` when `text` is an English catalogue text (a schema's field error, a
 * shared module's message); any other text comes back as it is.
 */
export function translateText(text: string, lang: Lang): string {
  if (lang === DEFAULT_LANG) return text;
  const key = KEY_OF_ENGLISH.get(text);
  return key ? CATALOGUES[lang][key] : text;
}

/** A language code from outside (a form field, a stored row), or English when it is none of ours. */
export function langOrDefault(value: unknown): Lang {
  return typeof value === 'string' && isLang(value) ? value : DEFAULT_LANG;
}
