/** The send form's fields (the spec's broadcast body), shared by the API and the staff island. */
import * as z from 'zod/mini';
import { hasForbiddenCharacters } from '../schemas.ts';
import { LANG_CODES, type Lang } from '../../../src/lib/i18n/languages.ts';

export const BROADCAST_TEXT = {
  subjectRequired: 'Subject Line is required',
  htmlRequired: 'HTML Content is required',
  textRequired: 'Plain Text Content is required',
  tooLong: 'This is too long',
  subjectOneLine: 'Subject Line must be one line, without line breaks or tabs',
  htmlEmptyAfterCleaning: 'HTML Content has nothing left to send once scripts, forms and frames are removed',
  audience: `Audience must be all subscribers or one language (${LANG_CODES.join(', ')})`,
  scheduledAt: 'The time to send must be a date and time',
  scheduledPassed: 'The time to send has passed: choose a later time, or send now',
  scheduledTooFar: 'The time to send must be within a year',
} as const;

/** A time to send this far in the past is taken as the browser's clock being behind, not refused. */
export const SCHEDULE_GRACE_MS = 60_000;
/** The latest time a campaign can be scheduled for, from now. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 3600_000;

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

/**
 * The send request: the spec's three fields, and who and when (both optional: without them it
 * goes to every confirmed subscriber at once, as the spec's request does).
 */
export const sendSchema = z.extend(broadcastSchema, {
  audience: z.optional(z.literal<Array<'all' | Lang>>(['all', ...LANG_CODES], { error: BROADCAST_TEXT.audience })),
  scheduled_at: z.optional(z.nullable(z.iso.datetime({ offset: true, error: BROADCAST_TEXT.scheduledAt }))),
});

export const previewSchema = z.object({ body_html: z.string({ error: BROADCAST_TEXT.htmlRequired }).check(z.maxLength(BROADCAST_LIMITS.body, { error: BROADCAST_TEXT.tooLong })) });
