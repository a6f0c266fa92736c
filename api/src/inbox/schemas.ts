/**
 * What the inbox and subscriber routes accept: list queries (search, filters, cursor, page size)
 * and the bodies of status changes, notes and forget requests. Text with control characters is
 * refused (a note may hold line breaks and tabs).
 */
import * as z from 'zod/mini';
import { AVAILABILITY_SLOTS, PARTNERSHIP_INTERESTS, VOLUNTEER_INTERESTS } from '../../../src/lib/constants.ts';
import { BULK_MAX, INBOX_MAX_PAGE_SIZE, INBOX_STATUSES, SEARCH_MAX, STAFF_NOTE_MAX, SUBSCRIBER_STATUSES } from '../../../src/lib/inbox.ts';
import { newsletterSchema } from '../schemas.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const NO_CONTROL = 'Remove control characters from this field';

export const date = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date as YYYY-MM-DD' }),
  z.refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: 'Use a date as YYYY-MM-DD' }),
);

export const search = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(SEARCH_MAX, { error: `Search for at most ${SEARCH_MAX} characters` }),
    z.refine((value) => !CONTROL.test(value), { error: NO_CONTROL }),
  ),
);

export const pageSize = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/, { error: `Ask for 1 to ${INBOX_MAX_PAGE_SIZE} rows` })),
    z.transform((value) => Number(value)),
  ).check(z.refine((n) => n >= 1 && n <= INBOX_MAX_PAGE_SIZE, { error: `Ask for 1 to ${INBOX_MAX_PAGE_SIZE} rows` })),
);

export const cursor = z.optional(z.string().check(z.maxLength(200)));

export const inboxQuerySchemas = {
  contact: z.strictObject({ q: search, status: z.optional(z.enum(INBOX_STATUSES)), from: z.optional(date), to: z.optional(date), cursor, limit: pageSize }),
  volunteer: z.strictObject({
    q: search,
    status: z.optional(z.enum(INBOX_STATUSES)),
    from: z.optional(date),
    to: z.optional(date),
    interest: z.optional(z.enum(VOLUNTEER_INTERESTS)),
    availability: z.optional(z.enum(AVAILABILITY_SLOTS)),
    cursor,
    limit: pageSize,
  }),
  partnership: z.strictObject({
    q: search,
    status: z.optional(z.enum(INBOX_STATUSES)),
    from: z.optional(date),
    to: z.optional(date),
    interest: z.optional(z.enum(PARTNERSHIP_INTERESTS)),
    cursor,
    limit: pageSize,
  }),
} as const;

export type InboxQuery = {
  q?: string;
  status?: (typeof INBOX_STATUSES)[number];
  from?: string;
  to?: string;
  interest?: string;
  availability?: string;
  cursor?: string;
  limit?: number;
};

export const subscriberQuerySchema = z.strictObject({ q: search, status: z.optional(z.enum(SUBSCRIBER_STATUSES)), cursor, limit: pageSize });
export type SubscriberQuery = z.output<typeof subscriberQuerySchema>;

const id = z.string().check(z.regex(/^[0-9a-f-]{36}$/i, { error: 'Not a known item' }));

export const statusChangeSchema = z.strictObject({
  ids: z.array(id).check(z.minLength(1, { error: 'Choose at least one item' }), z.maxLength(BULK_MAX, { error: `Change at most ${BULK_MAX} items at once` })),
  status: z.enum(INBOX_STATUSES, { error: 'Choose new, in progress or handled' }),
});

export const noteSchema = z.strictObject({
  note: z.string({ error: 'Write a note or leave it empty' }).check(
    z.trim(),
    z.maxLength(STAFF_NOTE_MAX, { error: `Keep the note under ${STAFF_NOTE_MAX} characters` }),
    z.refine((value) => !CONTROL_BUT_LINES.test(value), { error: NO_CONTROL }),
  ),
});

/** Forget a person: the address, checked by the newsletter form's own rule. */
export const forgetSchema = newsletterSchema;

export const isId = (value: string) => z.safeParse(id, value).success;
