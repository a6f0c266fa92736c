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
import { INBOX_KINDS, INBOX_PAGE_SIZE, type InboxKind } from '../../../src/lib/inbox.ts';
import { adminApi } from '../auth/guard.ts';
import { inboxCsv } from '../inbox/export.ts';
import { BAD_CURSOR, NOT_FOUND, csvResponse, readJson, readQuery } from '../inbox/http.ts';
import { BadCursor, countNew, forgetPerson, getInboxItem, listInbox, setInboxNote, setInboxStatus } from '../inbox/inbox-store.ts';
import { FIELDS, parseList } from '../inbox/kinds.ts';
import { forgetSchema, inboxQuerySchemas, isId, noteSchema, statusChangeSchema, type InboxQuery } from '../inbox/schemas.ts';
import type { Services } from '../services.ts';

const isKind = (value: string): value is InboxKind => (INBOX_KINDS as readonly string[]).includes(value);
const UNKNOWN_KIND = 'There is no such list. Choose contact, volunteer or partnership.';

export function inboxRoutes(services: Services) {
  const db = services.db;
  const app = adminApi(services);

  app.get('/counts', async (c) => c.json(await countNew(db.kysely)));

  app.post('/forget', async (c) => {
    const body = await readJson(c, forgetSchema);
    if (!body.ok) return body.response;
    const removed = await forgetPerson(db, body.data.email);
    return c.json({ message: `Everything stored about ${body.data.email} was deleted.`, removed });
  });

  app.get('/:kind', async (c) => {
    const kind = c.req.param('kind');
    if (!isKind(kind)) return c.json({ message: UNKNOWN_KIND }, 404);
    const query = readQuery(c, inboxQuerySchemas[kind]);
    if (!query.ok) return query.response;
    const filters = query.data as InboxQuery;
    try {
      return c.json(await listInbox(db, kind, filters, filters.limit ?? INBOX_PAGE_SIZE));
    } catch (error) {
      if (error instanceof BadCursor) return c.json({ message: BAD_CURSOR, issues: [{ path: 'cursor', message: BAD_CURSOR }] }, 400);
      throw error;
    }
  });

  app.get('/:kind/export.csv', (c) => {
    const kind = c.req.param('kind');
    if (!isKind(kind)) return c.json({ message: UNKNOWN_KIND }, 404);
    const query = readQuery(c, inboxQuerySchemas[kind]);
    if (!query.ok) return query.response;
    return csvResponse(inboxCsv(db.kysely, db.dialect, kind, query.data as InboxQuery), kind);
  });

  app.get('/:kind/:id', async (c) => {
    const { kind, id } = c.req.param();
    if (!isKind(kind)) return c.json({ message: UNKNOWN_KIND }, 404);
    const row = isId(id) ? await getInboxItem(db.kysely, kind, id) : undefined;
    if (!row) return c.json({ message: NOT_FOUND }, 404);
    return c.json({
      id: row.id,
      kind,
      status: row.status,
      createdAt: row.created_at,
      email: row.email,
      note: row.staff_note ?? '',
      handledBy: row.handled_by ?? null,
      handledAt: row.handled_at ?? null,
      fields: FIELDS[kind].map(([column, label, isList]) => ({ name: column, label, value: isList ? parseList(row[column]) : ((row[column] as string | null) ?? null) })),
      subject: kind === 'contact' ? row.subject : null,
    });
  });

  app.post('/:kind/status', async (c) => {
    const kind = c.req.param('kind');
    if (!isKind(kind)) return c.json({ message: UNKNOWN_KIND }, 404);
    const body = await readJson(c, statusChangeSchema);
    if (!body.ok) return body.response;
    const staff = c.get('staff').user;
    const updated = await setInboxStatus(db, kind, [...new Set(body.data.ids)], body.data.status, staff.displayUsername || staff.username);
    if (!updated) return c.json({ message: NOT_FOUND }, 404);
    return c.json({ updated, status: body.data.status });
  });

  app.post('/:kind/:id/note', async (c) => {
    const { kind, id } = c.req.param();
    if (!isKind(kind)) return c.json({ message: UNKNOWN_KIND }, 404);
    const body = await readJson(c, noteSchema);
    if (!body.ok) return body.response;
    if (!isId(id) || !(await setInboxNote(db, kind, id, body.data.note))) return c.json({ message: NOT_FOUND }, 404);
    return c.json({ note: body.data.note });
  });

  return app;
}
