/**
 * Newsletter drafts, administrators only like the send itself (401 signed out, 403 otherwise).
 * The send form saves what is typed here a moment after each pause, so a closed tab or an ended
 * session loses nothing; POST /api/send-newsletter with `draft_id` removes the draft it sent.
 *   GET    /api/newsletter-drafts        { drafts }: id, subject, updatedBy, updatedAt; last edited first
 *   POST   /api/newsletter-drafts        { subject, body_html, body_text } -> 201 the draft
 *   GET    /api/newsletter-drafts/:id    the draft with its fields
 *   PUT    /api/newsletter-drafts/:id    { subject, body_html, body_text } -> the draft
 *   DELETE /api/newsletter-drafts/:id    -> { deleted: true }
 * Bodies are JSON within the send form's limits (BROADCAST_LIMITS); an unknown id answers 404.
 */
import { validator } from 'hono/validator';
import { adminApi } from '../auth/guard.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { DRAFT_TEXT, createDraft, deleteDraft, draftSchema, getDraft, isDraftId, listDrafts, updateDraft } from '../newsletter-broadcast/drafts.ts';
import type { Services } from '../services.ts';
import { campaignBody } from './send-newsletter.ts';

export function newsletterDraftRoutes(services: Services) {
  const db = services.db;
  const notFound = { message: DRAFT_TEXT.notFound };
  const by = (c: { get(key: 'staff'): { user: { displayUsername: string; username: string } } }) => {
    const { user } = c.get('staff');
    return user.displayUsername || user.username;
  };
  // An id that cannot name a draft answers as a draft that does not exist, before the body is read.
  const draftId = validator('param', (param: Record<string, string>, c) => {
    const id = param.id ?? '';
    return isDraftId(id) ? { id } : c.json(notFound, 404);
  });

  // One chain, so the routes' types reach AppType and the typed client.
  const routes = adminApi(services)
    .get('/', async (c) => c.json({ drafts: await listDrafts(db) }))
    .post('/', campaignBody(draftSchema), async (c) => c.json(await createDraft(db, by(c), c.req.valid('json')), 201))
    .get('/:id', draftId, async (c) => {
      const draft = await getDraft(db, c.req.valid('param').id);
      return draft ? c.json(draft) : c.json(notFound, 404);
    })
    .put('/:id', draftId, campaignBody(draftSchema), async (c) => {
      const draft = await updateDraft(db, c.req.valid('param').id, by(c), c.req.valid('json'));
      return draft ? c.json(draft) : c.json(notFound, 404);
    })
    .delete('/:id', draftId, async (c) => {
      if (!(await deleteDraft(db, c.req.valid('param').id))) return c.json(notFound, 404);
      return c.json({ deleted: true as const });
    });
  // Outside the chain: an `all` route's answer would join every method's type in the client.
  routes.all('/', methodNotAllowed('GET, POST'));
  routes.all('/:id', methodNotAllowed('GET, PUT, DELETE'));
  return routes;
}
