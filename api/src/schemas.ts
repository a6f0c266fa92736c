/**
 * One zod schema per public form: the API validates with them and the islands import them to
 * show the same field errors before sending. Values are trimmed, lengths are capped, emails are
 * lower-cased (the address is the subscriber's identity), optional blanks become undefined.
 */
// zod/mini: the same validation as classic zod in a fraction of the bytes the islands ship.
import * as z from 'zod/mini';
import { AVAILABILITY_SLOTS, EVENT_PARTY_MAX, PARTNERSHIP_INTERESTS, REGISTRATION_ANSWER_MAX, REGISTRATION_NEEDS, REGISTRATION_QUESTIONS_MAX, VOLUNTEER_INTERESTS } from '../../src/lib/constants.ts';
import { MESSAGES } from '../../src/lib/messages.ts';
import { DEFAULT_LANG, LANG_CODES, type Lang } from '../../src/lib/i18n/languages.ts';

export const LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  subject: 200,
  message: 5000,
  skills: 2000,
  company: 200,
  notes: 1000,
} as const;

/** The hidden field that people never see and simple bots fill in. */
export const HONEYPOT_FIELD = 'website';

/**
 * Characters no field may hold, whatever the database: NUL (PostgreSQL refuses it in text,
 * SQLite stores it) and the other C0 controls and DEL. Multi-line fields keep tab, line feed
 * and carriage return. Lone UTF-16 surrogates (from JSON escapes) are refused as well.
 */
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f]/;
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const hasForbiddenCharacters = (value: string, multiLine = false) =>
  (multiLine ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value) || !value.isWellFormed();
const plainText = (multiLine: boolean) => z.refine<string>((value) => !hasForbiddenCharacters(value, multiLine), { error: MESSAGES.fieldCharacters });

const required = (max: number, multiLine = false) =>
  z
    .string({ error: MESSAGES.fieldRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: MESSAGES.fieldRequired }),
      z.maxLength(max, { error: MESSAGES.fieldTooLong }),
      plainText(multiLine),
    );

const optional = (max: number, multiLine = false) =>
  z.pipe(
    z.optional(
      z.string({ error: MESSAGES.fieldRequired }).check(z.trim(), z.maxLength(max, { error: MESSAGES.fieldTooLong }), plainText(multiLine)),
    ),
    z.transform((value: string | undefined) => (value ? value : undefined)),
  );

const email = z.pipe(
  z
    .string({ error: MESSAGES.fieldRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: MESSAGES.fieldRequired }),
      z.maxLength(LIMITS.email, { error: MESSAGES.fieldTooLong }),
      plainText(false),
      z.toLowerCase(),
    ),
  z.email({ error: MESSAGES.fieldEmail }),
);

const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.optional(
      z
        .array(z.enum(values, { error: MESSAGES.fieldChoice }), { error: MESSAGES.fieldChoice })
        .check(z.maxLength(values.length, { error: MESSAGES.fieldChoice })),
    ),
    z.transform((list: Array<T[number]> | undefined) => [...new Set(list ?? [])]),
  );

/**
 * The language the visitor filled the form in (the page's): the answer, the stored row and the
 * acknowledgement follow it. Absent means English (DEFAULT_LANG), as before the site had other
 * languages; read it with `submittedLang()` (api/src/submission.ts) or `langOf()` below.
 */
const lang = z.optional(z.enum(LANG_CODES as [Lang, ...Lang[]], { error: MESSAGES.fieldChoice }));

/** A parsed submission's language: its `lang`, or English when it named none. */
export const langOf = (input: { lang?: Lang | undefined }): Lang => input.lang ?? DEFAULT_LANG;

export const newsletterSchema = z.strictObject({ email, lang });

export const contactSchema = z.strictObject({
  name: required(LIMITS.name),
  email,
  phone: optional(LIMITS.phone),
  subject: required(LIMITS.subject),
  message: required(LIMITS.message, true),
  lang,
});

export const volunteerSchema = z.strictObject({
  firstName: required(LIMITS.name),
  lastName: required(LIMITS.name),
  email,
  phone: optional(LIMITS.phone),
  interests: choices(VOLUNTEER_INTERESTS),
  availability: choices(AVAILABILITY_SLOTS),
  skills: optional(LIMITS.skills, true),
  message: optional(LIMITS.message, true),
  lang,
});

export const partnershipSchema = z.strictObject({
  companyName: required(LIMITS.company),
  contactName: required(LIMITS.name),
  email,
  phone: optional(LIMITS.phone),
  partnershipInterest: choices(PARTNERSHIP_INTERESTS),
  message: optional(LIMITS.message, true),
  lang,
});

/** How many people are coming: a whole number from 1 to EVENT_PARTY_MAX, typed or sent as a number. */
const party = z.pipe(
  z.union([z.number({ error: MESSAGES.fieldParty }), z.string({ error: MESSAGES.fieldParty }).check(z.trim(), z.regex(/^\d{1,2}$/, { error: MESSAGES.fieldParty }))], { error: MESSAGES.fieldParty }),
  z.pipe(z.transform((value: number | string) => Number(value)), z.int({ error: MESSAGES.fieldParty }).check(z.minimum(1, { error: MESSAGES.fieldParty }), z.maximum(EVENT_PARTY_MAX, { error: MESSAGES.fieldParty }))),
);

/**
 * The answers to the event's own questions, by question id (`answers.<id>` in a form post). Which
 * ids there are, which are required and which choices exist depends on the event: the route checks
 * that (src/lib/registration-questions.ts); here, only the shape and the bounds.
 */
const answers = z.pipe(
  z.optional(
    z
      .record(
        z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, { error: MESSAGES.fieldUnknown })),
        z.string({ error: MESSAGES.fieldRequired }).check(z.trim(), z.maxLength(REGISTRATION_ANSWER_MAX, { error: MESSAGES.fieldTooLong }), plainText(false)),
        { error: MESSAGES.fieldUnknown },
      )
      .check(z.refine((value) => Object.keys(value).length <= REGISTRATION_QUESTIONS_MAX, { error: MESSAGES.fieldUnknown })),
  ),
  z.transform((value: Record<string, string> | undefined) => value ?? {}),
);

/** A registration for an event (api/src/events): who, how many, the language for mail, what to prepare and the event's own questions. */
export const eventRegistrationSchema = z.strictObject({
  event: z.string({ error: MESSAGES.fieldRequired }).check(z.trim(), z.regex(/^[a-z0-9-]{1,100}$/, { error: MESSAGES.eventUnknown })),
  name: required(LIMITS.name),
  email,
  phone: optional(LIMITS.phone),
  party,
  mailLang: z.enum(LANG_CODES as [Lang, ...Lang[]], { error: MESSAGES.fieldChoice }),
  needs: choices(REGISTRATION_NEEDS),
  notes: optional(LIMITS.notes, true),
  answers,
  lang,
});

export const tokenSchema = z.strictObject({ token: z.string().check(z.trim(), z.minLength(1), z.maxLength(200), plainText(false)) });

export type ContactInput = z.output<typeof contactSchema>;
export type VolunteerInput = z.output<typeof volunteerSchema>;
export type PartnershipInput = z.output<typeof partnershipSchema>;
export type EventRegistrationInput = z.output<typeof eventRegistrationSchema>;

/** The fields of each form whose value is a record: `<field>.<key>` in a form post. */
export const RECORD_FIELDS: Readonly<Record<string, readonly string[]>> = { event: ['answers'] };

/** The fields of each form whose value is a list (repeated keys in a form post). */
export const LIST_FIELDS: Readonly<Record<string, readonly string[]>> = {
  newsletter: [],
  contact: [],
  volunteer: ['interests', 'availability'],
  partnership: ['partnershipInterest'],
  giving: [],
  event: ['needs'],
};

export interface FieldIssue {
  path: string;
  message: string;
}

/** Any of the schemas above (for the helpers that take one). */
export type Schema = z.ZodMiniType;

/** Runs a schema (zod/mini keeps parsing in functions, not methods). */
export const safeParse = <S extends Schema>(schema: S, value: unknown) => z.safeParse(schema, value);

const RECORD_KEYS = new Set(Object.values(RECORD_FIELDS).flat());

/** Flattens zod issues to one message per field (the first), keyed by the top-level field. */
export function fieldIssues(error: { issues: readonly z.core.$ZodIssue[] }): FieldIssue[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) if (!seen.has(key)) seen.set(key, MESSAGES.fieldUnknown);
      continue;
    }
    // A record's entry is its own field (`answers.<id>`); every other issue is its top-level field's.
    const path = issue.path.length > 1 && RECORD_KEYS.has(String(issue.path[0])) ? `${String(issue.path[0])}.${String(issue.path[1])}` : issue.path.length ? String(issue.path[0]) : '';
    if (!seen.has(path)) seen.set(path, issue.message);
  }
  return [...seen].map(([path, message]) => ({ path, message }));
}

/** For the islands: `{ field: message }` or null when the values are valid. */
export function fieldErrors(schema: Schema, values: unknown): Record<string, string> | null {
  const result = z.safeParse(schema, values);
  if (result.success) return null;
  return Object.fromEntries(fieldIssues(result.error).map((issue) => [issue.path, issue.message]));
}
