/** What the Donations routes accept: the gift list's query, a donor's address, a statement's year. */
import * as z from 'zod/mini';
import { newsletterSchema } from '../schemas.ts';
import { cursor, date, pageSize, search } from '../inbox/schemas.ts';
import { localYearMonth } from './store.ts';

export const giftQuerySchema = z.strictObject({ q: search, from: z.optional(date), to: z.optional(date), kind: z.optional(z.enum(['one-time', 'monthly'])), cursor, limit: pageSize });
export type GiftQueryInput = z.output<typeof giftQuerySchema>;

/** One donor, by the address PayPal gave (the newsletter form's own rule for an address). */
export const donorQuerySchema = newsletterSchema;

export const STATEMENT_YEAR_ERROR = 'Choose a year from 2000 to this one: a statement covers a past year, or this year so far';

/** A year from 2000 to the organisation's current one (a donor may ask in December for the year so far). */
const statementYear = z.number({ error: STATEMENT_YEAR_ERROR }).check(z.int({ error: STATEMENT_YEAR_ERROR }), z.refine((year) => year >= 2000 && year <= localYearMonth().year, { error: STATEMENT_YEAR_ERROR }));

/** The same year as a query's text ("2026"), for the preview and the treasurer's reports. */
const yearText = z.pipe(
  z.pipe(
    z.string().check(z.regex(/^\d{4}$/, { error: STATEMENT_YEAR_ERROR })),
    z.transform((text: string) => Number(text)),
  ),
  statementYear,
);

/** A statement covers a past year, or the current one so far. */
export const statementSchema = z.strictObject({ year: statementYear });

/** One donor's statement of a year, by the address PayPal gave. */
export const donorStatementSchema = z.strictObject({ year: statementYear, email: newsletterSchema.shape.email });

/** What a year's statements would cover, before they are sent. */
export const statementPreviewSchema = z.strictObject({ year: yearText });

/** The monthly summary of a year, for the accountant. */
export const monthlySummarySchema = z.strictObject({ year: yearText });

/** The donors who gave before and not this year: last year (LYBUNT) or any year (SYBUNT). */
export const lapsedDonorsSchema = z.strictObject({ list: z.enum(['lybunt', 'sybunt']) });
