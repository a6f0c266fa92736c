/** The send form's fields (the spec's broadcast body), shared by the API and the staff island. */
import * as z from 'zod/mini';
import { hasForbiddenCharacters } from '../schemas.ts';

export const BROADCAST_TEXT = {
  subjectRequired: 'Subject Line is required',
  htmlRequired: 'HTML Content is required',
  textRequired: 'Plain Text Content is required',
  tooLong: 'This is too long',
  subjectOneLine: 'Subject Line must be one line, without line breaks or tabs',
  htmlEmptyAfterCleaning: 'HTML Content has nothing left to send once scripts, forms and frames are removed',
} as const;

export const BROADCAST_LIMITS = { subject: 300, body: 400_000 } as const;
/** A request body over this is refused (413) before it is read: two bodies and a subject, with room for JSON escapes. */
export const BROADCAST_BODY_LIMIT = 1_000_000;

const required = (message: string, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: BROADCAST_TEXT.tooLong }));

/** The subject goes into a mail header: a line break there would start headers of the sender's choosing. */
const subject = required(BROADCAST_TEXT.subjectRequired, BROADCAST_LIMITS.subject).check(
  z.refine((value) => !hasForbiddenCharacters(value), { error: BROADCAST_TEXT.subjectOneLine }),
);

export const broadcastSchema = z.object({
  subject,
  body_html: required(BROADCAST_TEXT.htmlRequired, BROADCAST_LIMITS.body),
  body_text: required(BROADCAST_TEXT.textRequired, BROADCAST_LIMITS.body),
});

export const previewSchema = z.object({ body_html: z.string({ error: BROADCAST_TEXT.htmlRequired }).check(z.maxLength(BROADCAST_LIMITS.body, { error: BROADCAST_TEXT.tooLong })) });
