/**
 * A campaign preview's own document, administrators only (401 signed out, 403 otherwise):
 *   GET /api/newsletter-preview/:id     the document POST /api/newsletter-campaigns/preview stored
 *                                       (its `url`), for the staff member who asked, for PREVIEW_MINUTES
 * Its Content-Security-Policy lets the template's inline styles and images show, and only the
 * site's own pages may frame it (X-Frame-Options SAMEORIGIN, which the server keeps for it).
 */
import { adminApi } from '../auth/guard.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { readPreview } from '../newsletter-broadcast/preview-store.ts';
import { PREVIEW_CONTENT_SECURITY_POLICY, PREVIEW_FRAME_OPTIONS } from '../../../src/lib/security-policy.ts';
import type { Services } from '../services.ts';

export function newsletterPreviewRoutes(services: Services) {
  const routes = adminApi(services).get('/:id', async (c) => {
    const document = await readPreview(services.db, c.get('staff').user.id, c.req.param('id'));
    if (document === null) return c.json({ message: 'This preview has expired. Press Preview again.' }, 404);
    return c.html(document, 200, {
      'Content-Security-Policy': PREVIEW_CONTENT_SECURITY_POLICY,
      'X-Frame-Options': PREVIEW_FRAME_OPTIONS,
      'Cache-Control': 'no-store',
    });
  });
  routes.all('/:id', methodNotAllowed('GET'));
  return routes;
}
