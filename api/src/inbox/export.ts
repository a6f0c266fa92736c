/** CSV exports of an inbox list and of the subscriber list, with the list's current filter. */
import type { Kysely } from 'kysely';
import { INBOX_STATUS_LABELS, type InboxKind, type InboxStatus } from '../../../src/lib/inbox.ts';
import type { Database } from '../db/types.ts';
import { csvStream } from './csv.ts';
import { filteredQuery } from './inbox-store.ts';
import { FIELDS, parseList } from './kinds.ts';
import { afterCursor } from './paging.ts';
import type { InboxQuery, SubscriberQuery } from './schemas.ts';
import { filteredSubscribers } from './subscribers-store.ts';

/** Rows fetched per database round trip while exporting. */
export const EXPORT_BATCH = 500;

type Row = Record<string, unknown> & { created_at: string; id: string };

export function inboxCsv(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', kind: InboxKind, query: InboxQuery, batch = EXPORT_BATCH): ReadableStream<Uint8Array> {
  const fields = FIELDS[kind];
  const header = ['Received', 'Status', ...fields.map(([, label]) => label), 'Staff note', 'Handled by', 'Handled at'];
  return csvStream<Row>(
    header,
    async (last) => {
      let builder = filteredQuery(db, kind, { ...query, cursor: undefined }, dialect);
      if (last) builder = builder.where(afterCursor({ createdAt: last.created_at, id: last.id }));
      return (await builder.limit(batch).execute()) as Row[];
    },
    (row) => [
      row.created_at,
      INBOX_STATUS_LABELS[row.status as InboxStatus] ?? row.status,
      ...fields.map(([column, , isList]) => (isList ? parseList(row[column]).join('; ') : row[column])),
      row.staff_note,
      row.handled_by,
      row.handled_at,
    ],
  );
}

export function subscribersCsv(db: Kysely<Database>, query: SubscriberQuery, batch = EXPORT_BATCH): ReadableStream<Uint8Array> {
  return csvStream<Row>(
    ['Email', 'Status', 'Signed up', 'Confirmed', 'Unsubscribed', 'Signed up from', 'Stopped', 'Why stopped'],
    async (last) => {
      let builder = filteredSubscribers(db, { ...query, cursor: undefined });
      if (last) builder = builder.where(afterCursor({ createdAt: last.created_at, id: last.id }));
      return (await builder.limit(batch).execute()) as Row[];
    },
    (row) => [row.email, row.status, row.created_at, row.confirmed_at, row.unsubscribed_at, row.source, row.stopped_at, row.stopped_reason],
  );
}
