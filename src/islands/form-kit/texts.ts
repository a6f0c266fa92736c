/**
 * The words a form island shows, in the page's language and no other. Each island lists its keys
 * beside it (CONTACT_FORM_TEXTS, …) and includes FORM_KIT_TEXTS, the words of the shared parts:
 * "(optional)", the honeypot's label, the way forward under a failure and the field errors of the
 * shared schemas.
 *
 * The texts never travel in the page's HTML (as island props they would cost the first round
 * trip a kilobyte per form). When the build renders an island it reads the interface catalogue
 * directly; in the browser MESSAGES is the page language's catalogue (src/lib/messages.ts: one
 * chunk per language, loaded before any island hydrates).
 */
import { createContext, useContext } from 'react';
import { MESSAGES } from '../../lib/messages.ts';
import type { Lang } from '../../lib/i18n/languages.ts';

export type Texts<K extends string> = Readonly<Record<K, string>>;

type Catalogue = Readonly<Record<string, string>>;

// Every language's catalogue, for the build's rendering of an island; in the browser this branch
// is dropped with its imports, and MESSAGES is the page's own catalogue (messages.ts).
const SERVER_CATALOGUES = import.meta.env.SSR
  ? import.meta.glob<Catalogue>('../../../content/messages/*.json', { eager: true, import: 'default' })
  : {};

/** The texts of `keys` in `lang`: the page's language, which the island's mount hands over. */
export function textsIn<const K extends string>(lang: Lang, keys: readonly K[]): Texts<K> {
  const catalogue: Catalogue = (import.meta.env.SSR ? SERVER_CATALOGUES[`../../../content/messages/${lang}.json`] : undefined) ?? MESSAGES;
  return Object.fromEntries(keys.map((key) => [key, catalogue[key]])) as Texts<K>;
}

/**
 * The schemas' field errors (api/src/schemas.ts words them from MESSAGES: in the browser the
 * page's language, on the server English, which the API translates for its answers).
 */
const FIELD_ERRORS = ['fieldRequired', 'fieldEmail', 'fieldTooLong', 'fieldChoice', 'fieldCharacters', 'fieldUnknown'] as const;

export const FORM_KIT_TEXTS = ['formOptional', 'formHoneypot', 'formCallUs', ...FIELD_ERRORS] as const;
export type FormKitTexts = Texts<(typeof FORM_KIT_TEXTS)[number]>;

export { fill } from '../../lib/catalogue-messages.ts';

/** A schema's field error, as MESSAGES words it, in the form's language (any other text is kept as it is). */
export function localizeError(message: string, texts: FormKitTexts): string {
  const key = FIELD_ERRORS.find((candidate) => MESSAGES[candidate] === message);
  return key ? texts[key] : message;
}

export function localizeErrors(errors: Record<string, string>, texts: FormKitTexts): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, localizeError(message, texts)]));
}

/** The shared parts' words for what is below a form frame (MESSAGES' unless a form provides them). */
export const FormKitWords = createContext<FormKitTexts>(
  Object.fromEntries(FORM_KIT_TEXTS.map((key) => [key, MESSAGES[key]])) as unknown as FormKitTexts,
);

export const useFormKitWords = () => useContext(FormKitWords);
