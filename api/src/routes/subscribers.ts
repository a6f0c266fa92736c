/**
 * Newsletter subscribers for staff, behind the admin guard:
 *   GET  /api/subscribers                 a newest-first page: q, status, cursor, limit
 *   GET  /api/subscribers/export.csv      the list with the same filter, streamed
 *   GET  /api/subscribers/chart           confirmations and unsubscribes per week, last 52 weeks
 *   POST /api/subscribers/import          text/csv: email[,confirmed date] a line; a report back
 *   POST /api/subscribers/:id/unsubscribe
 *   POST /api/subscribers/:id/delete
 */
import { INBOX_PAGE_SIZE } from '../../../src/lib/inbox.ts';
import { adminApi } from '../auth/guard.ts';
import { subscribersCsv } from '../inbox/export.ts';
import { BAD_CURSOR, csvResponse, readBodyText, readQuery } from '../inbox/http.ts';
import { IMPORT_MAX_BYTES, importSubscribers } from '../inbox/import.ts';
import { BadCursor } from '../inbox/inbox-store.ts';
import { isId, subscriberQuerySchema } from '../inbox/schemas.ts';
import { deleteSubscriber, listSubscribers, subscriberChart, unsubscribeById } from '../inbox/subscribers-store.ts';
import type { Services } from '../services.ts';

const NO_SUBSCRIBER = 'That subscriber no longer exists.';

export function subscriberRoutes(services: Services) {
  const db = services.db;
  const app = adminApi(services);

  app.get('/', async (c) => {
    const query = readQuery(c, subscriberQuerySchema);
    if (!query.ok) return query.response;
    try {
      return c.json(await listSubscribers(db.kysely, query.data, query.data.limit ?? INBOX_PAGE_SIZE));
    } catch (error) {
      if (error instanceof BadCursor) return c.json({ message: BAD_CURSOR, issues: [{ path: 'cursor', message: BAD_CURSOR }] }, 400);
      throw error;
    }
  });

  app.get('/export.csv', (c) => {
    const query = readQuery(c, subscriberQuerySchema);
    if (!query.ok) return query.response;
    return csvResponse(subscribersCsv(db.kysely, query.data), 'subscribers');
  });

  app.get('/chart', async (c) => c.json({ weeks: await subscriberChart(db.kysely) }));

  app.post('/import', async (c) => {
    const body = await readBodyText(c, ['text/csv', 'text/plain'], IMPORT_MAX_BYTES);
    if (!body.ok) return body.response;
    if (!body.data.trim()) return c.json({ message: 'The file is empty.', issues: [{ path: 'file', message: 'The file is empty.' }] }, 400);
    return c.json(await importSubscribers(services, body.data));
  });

  app.post('/:id/unsubscribe', async (c) => {
    const id = c.req.param('id');
    const outcome = isId(id) ? await unsubscribeById(db, id) : 'missing';
    if (outcome === 'missing') return c.json({ message: NO_SUBSCRIBER }, 404);
    return c.json({ status: 'unsubscribed' });
  });

  app.post('/:id/delete', async (c) => {
    const id = c.req.param('id');
    if (!isId(id) || !(await deleteSubscriber(db, id))) return c.json({ message: NO_SUBSCRIBER }, 404);
    return c.json({ deleted: true });
  });

  return app;
}
