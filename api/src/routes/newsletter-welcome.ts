/**
 * The welcome mail's text per language, administrators only (401 signed out, 403 otherwise):
 *   GET    /api/newsletter-welcome            { welcome: { en|fr|sw: {subject, body, custom, updatedBy, updatedAt} } }
 *   PUT    /api/newsletter-welcome/:lang      {subject, body} -> that language's entry, saved
 *   DELETE /api/newsletter-welcome/:lang      back to the default text -> that language's entry
 * Subscribers who confirm receive the text of the language they signed up in (welcome.ts).
 */
import { validator } from 'hono/validator';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { isLang, type Lang } from '../../../src/lib/i18n/languages.ts';
import { adminApi } from '../auth/guard.ts';
import { jsonBody } from '../inbox/http.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { listWelcomes, resetWelcome, saveWelcome, welcomeHtml } from '../newsletter-broadcast/welcome.ts';
import { WELCOME_TEXT, welcomeSchema } from '../newsletter-broadcast/welcome-schema.ts';
import type { Services } from '../services.ts';

export function newsletterWelcomeRoutes(services: Services) {
  const db = services.db;
  const language = validator('param', (param: Record<string, string>, c) => {
    const lang = param.lang ?? '';
    return isLang(lang) ? { lang: lang as Lang } : c.json({ message: `No such language: ${lang}` }, 404);
  });
  // One chain, so the routes' types reach AppType and the typed client.
  const routes = adminApi(services)
    .get('/', async (c) => c.json({ welcome: await listWelcomes(db.kysely) }))
    .put('/:lang', language, jsonBody(welcomeSchema, services.config.bodyLimitBytes), async (c) => {
      const { lang } = c.req.valid('param');
      const text = c.req.valid('json');
      // What cleaning would leave is what subscribers would get: nothing is no welcome.
      if (!welcomeHtml(text.body)) {
        return c.json({ message: MESSAGES.invalidInput, issues: [{ path: 'body', message: WELCOME_TEXT.bodyEmptyAfterCleaning }] }, 400);
      }
      const { user } = c.get('staff');
      await db.write((trx) => saveWelcome(trx, lang, text, user.displayUsername || user.username));
      return c.json((await listWelcomes(db.kysely))[lang]);
    })
    .delete('/:lang', language, async (c) => {
      const { lang } = c.req.valid('param');
      await db.write((trx) => resetWelcome(trx, lang));
      return c.json((await listWelcomes(db.kysely))[lang]);
    });
  // Outside the chain: an `all` route's answer would join every method's type in the client.
  routes.all('/', methodNotAllowed('GET'));
  routes.all('/:lang', methodNotAllowed('PUT, DELETE'));
  return routes;
}
