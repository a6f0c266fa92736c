/**
 * The interface catalogues (content/messages/<lang>.json) read on the server: by the API for its
 * answers and mails, and by the .astro mounts that hand an island exactly the texts it shows.
 * Never import this module from an island: it holds every language. An island receives
 * `messagesFor(lang, KEYS)` as a prop, so a page carries its own language's texts and no others.
 */
import en from '../../../content/messages/en.json' with { type: 'json' };
import fr from '../../../content/messages/fr.json' with { type: 'json' };
import sw from '../../../content/messages/sw.json' with { type: 'json' };
import { DEFAULT_LANG, isLang, type Lang } from './languages.ts';

export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;

/** One line per language (tests/unit/i18n-catalogues.test.ts checks that they hold the same keys). */
const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { en, fr, sw };

/** The texts of `keys` in `lang`, as the plain object an island takes as a prop. */
export function messagesFor<const K extends MessageKey>(lang: Lang, keys: readonly K[]): Texts<K> {
  const catalogue = CATALOGUES[lang];
  return Object.fromEntries(keys.map((key) => [key, catalogue[key]])) as Texts<K>;
}

/** What `messagesFor` returns: the picked keys, each a text (placeholders still written `{name}`). */
export type Texts<K extends string> = Readonly<Record<K, string>>;

/** One message in `lang`, its `{name}` placeholders filled. */
export function message(lang: Lang, key: MessageKey, values: Record<string, string | number> = {}): string {
  return fill(CATALOGUES[lang][key], values);
}

/** Fills a text's `{name}` placeholders (the inlang message format Paraglide reads). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** English text → its key, for the texts that the shared schemas and modules give in English. */
const KEY_OF_ENGLISH = new Map<string, MessageKey>(Object.entries(en).map(([key, text]) => [text, key as MessageKey]));

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
