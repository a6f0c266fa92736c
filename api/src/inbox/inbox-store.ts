/**
 * Reading and changing the inbox: one newest-first page of a kind with its filters, one item,
 * status changes (one or many), the staff note, the count of new items, and forgetting a person.
 */
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { InboxKind, InboxStatus } from '../../../src/lib/inbox.ts';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/index.ts';
import { forgetDonor } from '../donations/store.ts';
import { INBOX_TABLES, LIST_FILTERS, TRIGRAM_MIN, displayName, searchExpression, sqliteSearchTable, summaryOf } from './kinds.ts';
import { afterCursor, contains, decodeCursor, encodeCursor } from './paging.ts';
import type { InboxQuery } from './schemas.ts';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';

export class BadCursor extends Error {}

export interface InboxListItem {
  id: string;
  name: string;
  email: string;
  summary: string;
  status: InboxStatus;
  createdAt: string;
  /** The language the person wrote in (the page's language when they sent it). */
  lang: Lang;
}

/** The day after a YYYY-MM-DD date, so `to` includes its whole day. */
function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The filtered, newest-first query of one kind (no paging), selecting every column. */
export function filteredQuery(db: Kysely<Database>, kind: InboxKind, query: InboxQuery, dialect: Db['dialect']): SelectQueryBuilder<any, any, any> {
  const table = INBOX_TABLES[kind];
  let builder = (db as Kysely<any>).selectFrom(table).selectAll() as SelectQueryBuilder<any, any, any>;
  if (query.status) builder = builder.where('status', '=', query.status);
  if (query.from) builder = builder.where('created_at', '>=', query.from);
  if (query.to) builder = builder.where('created_at', '<', dayAfter(query.to));
  const q = query.q?.toLowerCase();
  if (q && dialect === 'sqlite' && [...q].length >= TRIGRAM_MIN) {
    // An FTS5 phrase of the whole text: with the trigram tokenizer, a substring match.
    const phrase = `"${q.replace(/"/g, '""')}"`;
    builder = builder.where(sql<SqlBool>`rowid in (select rowid from ${sql.table(sqliteSearchTable(kind))} where body match ${phrase})`);
  } else if (q) builder = builder.where(contains(searchExpression(kind), q));
  for (const [param, [column]] of Object.entries(LIST_FILTERS[kind])) {
    const value = query[param as 'interest' | 'availability'];
    // Lists are stored as JSON text; a quoted value matches one whole entry.
    if (value) builder = builder.where(contains(column, JSON.stringify(value)));
  }
  return builder.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

export async function listInbox(db: Db, kind: InboxKind, query: InboxQuery, pageSize: number) {
  let builder = filteredQuery(db.kysely, kind, query, db.dialect);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) throw new BadCursor();
    builder = builder.where(afterCursor(cursor));
  }
  const rows = (await builder.limit(pageSize + 1).execute()) as Array<Record<string, string>>;
  const page = rows.slice(0, pageSize);
  const items: InboxListItem[] = page.map((row) => ({
    id: row.id!,
    name: displayName(kind, row),
    email: row.email!,
    summary: summaryOf(kind, row),
    status: row.status as InboxStatus,
    createdAt: row.created_at!,
    lang: langOrDefault(row.lang),
  }));
  const last = page.at(-1);
  return { items, nextCursor: rows.length > pageSize && last ? encodeCursor(last as { created_at: string; id: string }) : null };
}

export async function getInboxItem(db: Kysely<Database>, kind: InboxKind, id: string): Promise<Record<string, unknown> | undefined> {
  return (db as Kysely<any>).selectFrom(INBOX_TABLES[kind]).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets the status of the given items; "handled" records who and when, other statuses clear it. */
export async function setInboxStatus(db: Db, kind: InboxKind, ids: string[], status: InboxStatus, staffName: string): Promise<number> {
  const now = new Date().toISOString();
  const handled = status === 'handled' ? { handled_by: staffName, handled_at: now } : { handled_by: null, handled_at: null };
  return db.write(async (trx) => {
    const result = await (trx as Kysely<any>)
      .updateTable(INBOX_TABLES[kind])
      .set({ status, ...handled })
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

export async function setInboxNote(db: Db, kind: InboxKind, id: string, note: string): Promise<boolean> {
  return db.write(async (trx) => {
    const result = await (trx as Kysely<any>)
      .updateTable(INBOX_TABLES[kind])
      .set({ staff_note: note || null })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/** New items per kind, for the count in the staff navigation. */
export async function countNew(db: Kysely<Database>): Promise<Record<InboxKind, number> & { total: number }> {
  const counts = { contact: 0, volunteer: 0, partnership: 0, total: 0 };
  for (const [kind, table] of Object.entries(INBOX_TABLES) as Array<[InboxKind, string]>) {
    const row = await (db as Kysely<any>)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow();
    counts[kind] = Number(row.n);
    counts.total += counts[kind];
  }
  return counts;
}

export interface Forgotten {
  contact: number;
  volunteer: number;
  partnership: number;
  subscribers: number;
  outbox: number;
  /** Gifts and monthly-donor records (api/src/donations). */
  gifts: number;
  monthlyDonors: number;
}

/** The kinds of mail held back per address (src/mail/cooldown.ts), for forgetting an address. */
const COOLDOWN_KINDS = ['newsletter.confirm', 'contact.ack', 'volunteer.ack', 'partnership.ack'];

/**
 * Removes everything stored about one address: its submissions of every kind, its subscriber
 * record, and the mail to it or about it (staff notices carry it as Reply-To) still in the outbox.
 */
export async function forgetPerson(db: Db, email: string): Promise<Forgotten> {
  const address = email.toLowerCase();
  return db.write(async (trx) => {
    const any = trx as Kysely<any>;
    const removed: Forgotten = { contact: 0, volunteer: 0, partnership: 0, subscribers: 0, outbox: 0, gifts: 0, monthlyDonors: 0 };
    for (const [kind, table] of Object.entries(INBOX_TABLES) as Array<[InboxKind, string]>) {
      const result = await any.deleteFrom(table).where('email', '=', address).executeTakeFirst();
      removed[kind] = Number(result.numDeletedRows);
    }
    removed.subscribers = Number((await any.deleteFrom('subscribers').where('email', '=', address).executeTakeFirst()).numDeletedRows);
    removed.outbox = Number(
      (
        await any
          .deleteFrom('outbox')
          .where((eb) => eb.or([eb('to_address', '=', address), eb('reply_to', '=', address)]))
          .executeTakeFirst()
      ).numDeletedRows,
    );
    // Nothing of the address stays behind: its place in a newsletter still being sent, and the
    // per-address mail cooldowns (their keys are `<kind>:<address>`).
    await any.deleteFrom('newsletter_recipients').where('email', '=', address).execute();
    await any
      .deleteFrom('mail_cooldowns')
      .where('key', 'in', COOLDOWN_KINDS.map((kind) => `${kind}:${address}`.slice(0, 300)))
      .execute();
    Object.assign(removed, await forgetDonor(trx, address));
    return removed;
  });
}
