/**
 * The words a form island shows, handed to it by its .astro mount as a prop (messagesFor in
 * src/lib/i18n/catalogue.ts, run on the server), so the browser receives one language and only
 * the texts that form uses. Each island lists its keys beside it (CONTACT_FORM_TEXTS, …) and
 * includes FORM_KIT_TEXTS, the words of the shared parts: "(optional)", the honeypot's label, the
 * way forward under a failure and the field errors of the shared schemas.
 */
import { createContext, useContext } from 'react';
import { MESSAGES } from '../../lib/messages.ts';

export type Texts<K extends string> = Readonly<Record<K, string>>;

/** The schemas' field errors (api/src/schemas.ts words them in English). */
const FIELD_ERRORS = ['fieldRequired', 'fieldEmail', 'fieldTooLong', 'fieldChoice', 'fieldCharacters', 'fieldUnknown'] as const;

export const FORM_KIT_TEXTS = ['formOptional', 'formHoneypot', 'formCallUs', ...FIELD_ERRORS] as const;
export type FormKitTexts = Texts<(typeof FORM_KIT_TEXTS)[number]>;

/** Fills a text's `{name}` placeholders (the catalogue's message format). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A schema's English field error in the form's language (any other text is kept as it is). */
export function localizeError(message: string, texts: FormKitTexts): string {
  const key = FIELD_ERRORS.find((candidate) => MESSAGES[candidate] === message);
  return key ? texts[key] : message;
}

export function localizeErrors(errors: Record<string, string>, texts: FormKitTexts): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, localizeError(message, texts)]));
}

/** The shared parts' words for what is below a form frame (English unless a form provides them). */
export const FormKitWords = createContext<FormKitTexts>(
  Object.fromEntries(FORM_KIT_TEXTS.map((key) => [key, MESSAGES[key]])) as unknown as FormKitTexts,
);

export const useFormKitWords = () => useContext(FormKitWords);
