/** The welcome mail's fields (a subject and a message per language), shared by the API and the staff island. */
import * as z from 'zod/mini';
import { hasForbiddenCharacters } from '../schemas.ts';

export const WELCOME_TEXT = {
  subjectRequired: 'Subject is required',
  bodyRequired: 'Message is required',
  tooLong: 'This is too long',
  subjectOneLine: 'Subject must be one line, without line breaks or tabs',
  bodyEmptyAfterCleaning: 'Message has nothing left to send once scripts, forms and frames are removed',
} as const;

export const WELCOME_LIMITS = { subject: 300, body: 8_000 } as const;

const required = (message: string, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: WELCOME_TEXT.tooLong }));

export const welcomeSchema = z.object({
  // The subject goes into a mail header: a line break there would start headers of the writer's choosing.
  subject: required(WELCOME_TEXT.subjectRequired, WELCOME_LIMITS.subject).check(z.refine((value) => !hasForbiddenCharacters(value), { error: WELCOME_TEXT.subjectOneLine })),
  body: required(WELCOME_TEXT.bodyRequired, WELCOME_LIMITS.body),
});
