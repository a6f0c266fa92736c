/**
 * The staff inbox, behind the admin guard (401 without a session, 403 for a non-admin):
 *   GET  /api/inbox/counts                new items per kind, for the staff navigation
 *   GET  /api/inbox/:kind                 a newest-first page: q, status, from, to, interest,
 *                                         availability, cursor, limit
 *   GET  /api/inbox/:kind/export.csv      the whole list with the same filter, streamed
 *   GET  /api/inbox/:kind/:id             one item, every field as sent
 *   POST /api/inbox/:kind/status          {ids, status}: one or many
 *   POST /api/inbox/:kind/:id/note        {note}
 *   POST /api/inbox/forget                {email}: everything stored about that address
 * :kind is contact, volunteer or partnership.
 */
import { validator } from 'hono/validator';
import { INBOX_KINDS, INBOX_PAGE_SIZE, type InboxKind, type InboxStatus } from '../../../src/lib/inbox.ts';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { adminApi } from '../auth/guard.ts';
import { inboxCsv } from '../inbox/export.ts';
import { BAD_CURSOR, NOT_FOUND, csvResponse, jsonBody, queryOf } from '../inbox/http.ts';
import { BadCursor, countNew, forgetPerson, getInboxItem, listInbox, setInboxNote, setInboxStatus } from '../inbox/inbox-store.ts';
import { FIELDS, parseList } from '../inbox/kinds.ts';
import { forgetSchema, inboxQuerySchemas, isId, noteSchema, statusChangeSchema, type InboxQuery } from '../inbox/schemas.ts';
import type { Services } from '../services.ts';

const isKind = (value: string): value is InboxKind => (INBOX_KINDS as readonly string[]).includes(value);
const UNKNOWN_KIND = 'There is no such list. Choose contact, volunteer or partnership.';

/** The list named in the path; another name answers 404 before anything else is read. */
const kindParam = validator('param', (param: Record<string, string>, c) => {
  const kind = param.kind ?? '';
  return isKind(kind) ? { kind } : c.json({ message: UNKNOWN_KIND }, 404);
});

/** The same for an item's path: the list's name checked, the id as given (the handler looks it up). */
const itemParam = validator('param', (param: Record<string, string>, c) => {
  const kind = param.kind ?? '';
  return isKind(kind) ? { kind, id: param.id ?? '' } : c.json({ message: UNKNOWN_KIND }, 404);
});

/** The list's own filters (each kind has its own interests). */
const listQuery = queryOf((c): (typeof inboxQuerySchemas)[InboxKind] => inboxQuerySchemas[c.req.param('kind') as InboxKind]);

export function inboxRoutes(services: Services) {
  const db = services.db;

  // One chain, so the routes' types reach AppType and the typed client.
  return adminApi(services)
    .get('/counts', async (c) => c.json(await countNew(db.kysely)))
    .post('/forget', jsonBody(forgetSchema), async (c) => {
      const { email } = c.req.valid('json');
      const removed = await forgetPerson(db, email);
      return c.json({ message: `Everything stored about ${email} was deleted.`, removed });
    })
    .get('/:kind', kindParam, listQuery, async (c) => {
      const filters = c.req.valid('query') as InboxQuery;
      try {
        return c.json(await listInbox(db, c.req.valid('param').kind, filters, filters.limit ?? INBOX_PAGE_SIZE));
      } catch (error) {
        if (error instanceof BadCursor) return c.json({ message: BAD_CURSOR, issues: [{ path: 'cursor', message: BAD_CURSOR }] }, 400);
        throw error;
      }
    })
    .get('/:kind/export.csv', kindParam, listQuery, (c) => {
      const kind = c.req.valid('param').kind;
      return csvResponse(inboxCsv(db.kysely, db.dialect, kind, c.req.valid('query') as InboxQuery), kind);
    })
    .get('/:kind/:id', itemParam, async (c) => {
      const { kind, id } = c.req.valid('param');
      const row = isId(id) ? await getInboxItem(db.kysely, kind, id) : undefined;
      if (!row) return c.json({ message: NOT_FOUND }, 404);
      return c.json({
        id: row.id as string,
        kind,
        status: row.status as InboxStatus,
        createdAt: row.created_at as string,
        email: row.email as string,
        lang: langOrDefault(row.lang),
        note: (row.staff_note as string | null) ?? '',
        handledBy: (row.handled_by as string | null) ?? null,
        handledAt: (row.handled_at as string | null) ?? null,
        fields: FIELDS[kind].map(([column, label, isList]) => ({ name: column, label, value: isList ? parseList(row[column]) : ((row[column] as string | null) ?? null) })),
        subject: kind === 'contact' ? (row.subject as string | null) : null,
      });
    })
    .post('/:kind/status', kindParam, jsonBody(statusChangeSchema), async (c) => {
      const { ids, status } = c.req.valid('json');
      const staff = c.get('staff').user;
      const updated = await setInboxStatus(db, c.req.valid('param').kind, [...new Set(ids)], status, staff.displayUsername || staff.username);
      if (!updated) return c.json({ message: NOT_FOUND }, 404);
      return c.json({ updated, status });
    })
    .post('/:kind/:id/note', itemParam, jsonBody(noteSchema), async (c) => {
      const { kind, id } = c.req.valid('param');
      const { note } = c.req.valid('json');
      if (!isId(id) || !(await setInboxNote(db, kind, id, note))) return c.json({ message: NOT_FOUND }, 404);
      return c.json({ note });
    });
}
