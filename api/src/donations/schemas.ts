/** What the Donations routes accept: the gift list's query, a donor's address, a statement's year. */
import * as z from 'zod/mini';
import { newsletterSchema } from '../schemas.ts';
import { cursor, date, pageSize, search } from '../inbox/schemas.ts';
import { localYearMonth } from './store.ts';

export const giftQuerySchema = z.strictObject({ q: search, from: z.optional(date), to: z.optional(date), kind: z.optional(z.enum(['one-time', 'monthly'])), cursor, limit: pageSize });
export type GiftQueryInput = z.output<typeof giftQuerySchema>;

/** One donor, by the address PayPal gave (the newsletter form's own rule for an address). */
export const donorQuerySchema = newsletterSchema;

export const STATEMENT_YEAR_ERROR = 'Choose a past year: statements cover a year that has ended';

const statementYear = z.number({ error: STATEMENT_YEAR_ERROR }).check(z.int({ error: STATEMENT_YEAR_ERROR }), z.refine((year) => year >= 2000 && year < localYearMonth().year, { error: STATEMENT_YEAR_ERROR }));

/** A statement covers a year that has ended (sent in January for the year before). */
export const statementSchema = z.strictObject({ year: statementYear });

/** One donor's statement of a year, by the address PayPal gave. */
export const donorStatementSchema = z.strictObject({ year: statementYear, email: newsletterSchema.shape.email });
