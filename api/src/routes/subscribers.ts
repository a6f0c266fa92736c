/**
 * Newsletter subscribers for staff, behind the admin guard:
 *   GET  /api/subscribers                 a newest-first page: q, status, cursor, limit
 *   GET  /api/subscribers/export.csv      the list with the same filter, streamed
 *   GET  /api/subscribers/chart           confirmations and unsubscribes per week, last 52 weeks
 *   POST /api/subscribers/import          text/csv: email[,confirmed date[,language]] a line; a report back
 *   POST /api/subscribers/:id/unsubscribe
 *   POST /api/subscribers/:id/delete
 */
import { validator } from 'hono/validator';
import { INBOX_PAGE_SIZE } from '../../../src/lib/inbox.ts';
import { adminApi } from '../auth/guard.ts';
import { subscribersCsv } from '../inbox/export.ts';
import { BAD_CURSOR, csvResponse, queryOf, readBodyText } from '../inbox/http.ts';
import { IMPORT_MAX_BYTES, importSubscribers } from '../inbox/import.ts';
import { BadCursor } from '../inbox/inbox-store.ts';
import { isId, subscriberQuerySchema } from '../inbox/schemas.ts';
import { deleteSubscriber, listSubscribers, subscriberChart, unsubscribeById } from '../inbox/subscribers-store.ts';
import type { Services } from '../services.ts';

const NO_SUBSCRIBER = 'That subscriber no longer exists.';

/** A subscriber's id; anything else names no subscriber (404, as one that was deleted). */
const subscriberId = validator('param', (param: Record<string, string>, c) => {
  const id = param.id ?? '';
  return isId(id) ? { id } : c.json({ message: NO_SUBSCRIBER }, 404);
});

export function subscriberRoutes(services: Services) {
  const db = services.db;

  // One chain, so the routes' types reach AppType and the typed client.
  return adminApi(services)
    .get('/', queryOf(subscriberQuerySchema), async (c) => {
      const filters = c.req.valid('query');
      try {
        return c.json(await listSubscribers(db.kysely, filters, filters.limit ?? INBOX_PAGE_SIZE));
      } catch (error) {
        if (error instanceof BadCursor) return c.json({ message: BAD_CURSOR, issues: [{ path: 'cursor', message: BAD_CURSOR }] }, 400);
        throw error;
      }
    })
    .get('/export.csv', queryOf(subscriberQuerySchema), (c) => csvResponse(subscribersCsv(db.kysely, c.req.valid('query')), 'subscribers'))
    .get('/chart', async (c) => c.json({ weeks: await subscriberChart(db.kysely) }))
    // A CSV file, not JSON: read as text of its own types and size.
    .post('/import', async (c) => {
      const body = await readBodyText(c, ['text/csv', 'text/plain'], IMPORT_MAX_BYTES);
      if (!body.ok) return body.response;
      if (!body.data.trim()) return c.json({ message: 'The file is empty.', issues: [{ path: 'file', message: 'The file is empty.' }] }, 400);
      return c.json(await importSubscribers(services, body.data));
    })
    .post('/:id/unsubscribe', subscriberId, async (c) => {
      if ((await unsubscribeById(db, c.req.valid('param').id)) === 'missing') return c.json({ message: NO_SUBSCRIBER }, 404);
      return c.json({ status: 'unsubscribed' as const });
    })
    .post('/:id/delete', subscriberId, async (c) => {
      if (!(await deleteSubscriber(db, c.req.valid('param').id))) return c.json({ message: NO_SUBSCRIBER }, 404);
      return c.json({ deleted: true as const });
    });
}
