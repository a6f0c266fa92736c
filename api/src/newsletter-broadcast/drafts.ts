/**
 * Newsletter drafts: the send form's three fields as an administrator is writing them, saved as
 * they type, shared by the administrators (any of them may reopen, finish or delete one) and
 * removed when the draft is sent. Fields may be empty or half-written, but never longer than the
 * send form takes (BROADCAST_LIMITS), and the subject stays one line as a sent one must.
 */
import * as z from 'zod/mini';
import type { Db } from '../db/index.ts';
import type { NewsletterDraftsTable } from '../db/types.ts';
import { newId } from '../db/ids.ts';
import { hasForbiddenCharacters } from '../schemas.ts';
import { BROADCAST_LIMITS, BROADCAST_TEXT, sendSchema } from './schema.ts';

export const DRAFT_TEXT = {
  notText: 'A draft holds text only',
  notFound: 'That draft no longer exists.',
} as const;

/** How many drafts the list shows: the most recently edited (a draft beyond them stays stored and can still be opened by id). */
export const DRAFTS_LISTED = 100;

const text = (max: number) => z.string({ error: DRAFT_TEXT.notText }).check(z.maxLength(max, { error: BROADCAST_TEXT.tooLong }));

/** A draft's body: all three fields, as typed (not trimmed: a draft reopens exactly as it was left). */
export const draftSchema = z.strictObject({
  subject: text(BROADCAST_LIMITS.subject).check(z.refine((value) => !hasForbiddenCharacters(value), { error: BROADCAST_TEXT.subjectOneLine })),
  body_html: text(BROADCAST_LIMITS.body),
  body_text: text(BROADCAST_LIMITS.body),
});
/** The send form's body (audience and time included) with the draft it was written in, which the send removes (an id that names no draft is ignored). */
export const sendWithDraftSchema = z.extend(sendSchema, { draft_id: z.optional(z.string({ error: DRAFT_TEXT.notFound }).check(z.maxLength(36, { error: DRAFT_TEXT.notFound }))) });

export type DraftFields = z.output<typeof draftSchema>;

export interface DraftSummary {
  id: string;
  subject: string;
  updatedBy: string;
  updatedAt: string;
}
export interface Draft extends DraftSummary, DraftFields {
  createdBy: string;
  createdAt: string;
}

/** Draft ids are UUIDs (newId); anything else names no draft. */
export const isDraftId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const toDraft = (row: NewsletterDraftsTable): Draft => ({
  id: row.id,
  subject: row.subject,
  body_html: row.body_html,
  body_text: row.body_text,
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
});

/** The drafts, last edited first, without their bodies. */
export async function listDrafts(db: Db): Promise<DraftSummary[]> {
  const rows = await db.kysely
    .selectFrom('newsletter_drafts')
    .select(['id', 'subject', 'updated_by', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DRAFTS_LISTED)
    .execute();
  return rows.map((row) => ({ id: row.id, subject: row.subject, updatedBy: row.updated_by, updatedAt: row.updated_at }));
}

export async function getDraft(db: Db, id: string): Promise<Draft | undefined> {
  const row = await db.kysely.selectFrom('newsletter_drafts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDraft(row) : undefined;
}

export function createDraft(db: Db, by: string, fields: DraftFields): Promise<Draft> {
  return db.write(async (trx) => {
    const now = new Date().toISOString();
    const row: NewsletterDraftsTable = { id: newId(), ...fields, created_by: by, updated_by: by, created_at: now, updated_at: now };
    await trx.insertInto('newsletter_drafts').values(row).execute();
    return toDraft(row);
  });
}

/** Replaces the draft's fields; undefined when it no longer exists (sent or deleted meanwhile). */
export function updateDraft(db: Db, id: string, by: string, fields: DraftFields): Promise<Draft | undefined> {
  return db.write(async (trx) => {
    const now = new Date().toISOString();
    const changed = await trx.updateTable('newsletter_drafts').set({ ...fields, updated_by: by, updated_at: now }).where('id', '=', id).executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return undefined;
    const row = await trx.selectFrom('newsletter_drafts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return toDraft(row);
  });
}

/** Whether there was such a draft to delete. */
export function deleteDraft(db: Db, id: string): Promise<boolean> {
  return db.write(async (trx) => {
    const deleted = await trx.deleteFrom('newsletter_drafts').where('id', '=', id).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  });
}
