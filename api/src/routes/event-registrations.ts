/**
 * Registration for events (api/src/events):
 *   POST /api/event-registrations          a registration (JSON from the island, or the plain
 *                                          form: 303 to /events/registered, or the waiting-list
 *                                          page with the place written in)
 *   GET  /api/event-registrations/places   ?event= -> { capacity, left, waiting, open }: no names
 *   POST /api/event-registrations/cancel   token -> cancelled, the waiting list moved on
 *   POST /api/event-registrations/attend   token -> "still coming" (the reminder's Confirm)
 * The link pages (/events/cancel, /events/attend) post the token from the mail; opening one
 * changes nothing.
 */
import { Hono, type Context } from 'hono';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { langOrDefault, translateText } from '../../../src/lib/i18n/catalogue.ts';
import { localizePath } from '../../../src/lib/i18n/paths.ts';
import { withWaitlistPosition } from '../../../src/lib/waitlist-position.ts';
import { DEFAULT_LANG, type Lang } from '../../../src/lib/i18n/languages.ts';
import { answerIssues } from '../../../src/lib/registration-questions.ts';
import { registrableEvent, registrationOpen } from '../events/catalogue.ts';
import { cancel, confirmAttendance, placesOf, register } from '../events/registrations.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { rateLimit } from '../rate-limit.ts';
import { eventRegistrationSchema, tokenSchema } from '../schemas.ts';
import type { Services } from '../services.ts';
import { fail, forJson, isFormPost, limitedBody, mediaType, refererLang, submission, submittedLang } from '../submission.ts';
import { refuseOverLimit } from './form-route.ts';

/** A token body is at most a token and a language. */
const TOKEN_BODY_LIMIT = 1024;

const LINK_PAGES = { cancel: '/events/cancel', attend: '/events/attend' } as const;
type LinkAction = keyof typeof LINK_PAGES;

/**
 * The answer to the plain form of a family put on the waiting list. The island tells them their
 * place itself; without JavaScript the place must be in the page they land on, and a static page
 * cannot read it from its query. So the API answers the post with the built waiting-list page,
 * the place written in (src/lib/waitlist-position.ts), rather than redirecting to it: every front
 * (the Node server, nginx, the CDN) already hands /api/ to the API, and the site's pages stay
 * static files. Sending the form again is the same registration, so a reload shows the same
 * place (or a better one). Without the built site the form is redirected to the page as built,
 * which says the place is in the mail.
 */
function waitlistedAnswer(c: Context, lang: Lang, position: number, sitePage: ((path: string) => string | undefined) | undefined) {
  const path = localizePath('/events/waitlisted', lang);
  const page = sitePage?.(path);
  const filled = page === undefined ? undefined : withWaitlistPosition(page, position);
  if (filled === undefined) return c.redirect(`${path}?position=${position}`, 303);
  // The place is this family's: no cache keeps it for another.
  return c.html(filled, 200, { 'Cache-Control': 'no-store' });
}

export function eventRegistrationRoutes(services: Services, sitePage?: (path: string) => string | undefined) {
  const limit = rateLimit(services, 'event');
  const sign = (id: string) => services.tokens.sign('registration', id);
  const refuse = (c: Context, lang: Lang, path: string, text: string) => fail(c, 'event', 400, MESSAGES.invalidInput, 'invalid', [{ path, message: text }], lang);

  const app = new Hono()
    .post('/', refuseOverLimit(limit), submission('event', eventRegistrationSchema, services.config.bodyLimitBytes), async (c) => {
      const sent = c.req.valid('json');
      const lang = sent.data ? submittedLang(sent.data) : refererLang(c);
      const input = sent.data;
      if (!input || sent.honeypot) return sent.isForm ? c.redirect(localizePath('/events/registered', lang), 303) : c.json({ message: translateText(MESSAGES.eventRegistered, lang), status: 'confirmed' as const }, 201);
      const event = registrableEvent(input.event);
      if (!event) return refuse(c, lang, 'event', MESSAGES.eventUnknown);
      const now = new Date();
      if (!registrationOpen(event, now)) return refuse(c, lang, 'event', MESSAGES.eventClosed);
      const answerProblems = answerIssues(event.questions[DEFAULT_LANG], input.answers);
      if (answerProblems.length) return fail(c, 'event', 400, MESSAGES.invalidInput, 'invalid', answerProblems, lang);
      const { outcome, ids } = await services.db.write(async (trx) => {
        const outcome = await register(trx, event, input, sign, services.config.siteUrl, now.toISOString());
        if (outcome.status === 'too-large') return { outcome, ids: [] };
        await limit.count(trx, c);
        return { outcome, ids: await services.mailer.enqueue(trx, outcome.mails) };
      });
      if (outcome.status === 'too-large') return refuse(c, lang, 'party', MESSAGES.eventPartyTooLarge);
      services.mailer.deliverLater(ids);
      if (outcome.status === 'waiting') {
        if (sent.isForm) return waitlistedAnswer(c, lang, outcome.position, sitePage);
        return c.json({ message: translateText(MESSAGES.eventWaitlisted, lang).replace('{position}', String(outcome.position)), status: 'waiting' as const, position: outcome.position }, 201);
      }
      if (sent.isForm) return c.redirect(localizePath('/events/registered', lang), 303);
      return c.json({ message: translateText(MESSAGES.eventRegistered, lang), status: 'confirmed' as const }, 201);
    })
    .get('/places', async (c) => {
      const event = registrableEvent(c.req.query('event') ?? '');
      if (!event) return c.json({ message: MESSAGES.eventUnknown }, 404);
      c.header('Cache-Control', 'no-store');
      return c.json({ ...(await placesOf(services.db, event)), open: registrationOpen(event, new Date()) });
    })
    .post('/cancel', forJson(submission('token', tokenSchema, TOKEN_BODY_LIMIT)), (c) => linkAction(c, 'cancel'))
    .post('/attend', forJson(submission('token', tokenSchema, TOKEN_BODY_LIMIT)), (c) => linkAction(c, 'attend'));

  /** What a link's token does; the answer in the language of its page. */
  async function apply(action: LinkAction, token: string | undefined): Promise<boolean> {
    if (!token || token.length > 200) return false;
    const verified = await services.tokens.verify('registration', token);
    if (!verified) return false;
    const now = new Date().toISOString();
    if (action === 'attend') return confirmAttendance(services.db, verified.id, now);
    const { cancelled, ids } = await services.db.write(async (trx) => {
      const result = await cancel(trx, registrableEvent, verified.id, sign, services.config.siteUrl, now);
      return { cancelled: result.cancelled, ids: await services.mailer.enqueue(trx, result.mails) };
    });
    services.mailer.deliverLater(ids);
    return cancelled;
  }

  async function linkAction(c: Context, action: LinkAction) {
    const done = action === 'cancel' ? MESSAGES.eventCancelDone : MESSAGES.eventAttendDone;
    const invalid = action === 'cancel' ? MESSAGES.eventCancelInvalid : MESSAGES.eventAttendInvalid;
    if (mediaType(c) === 'application/json') {
      const sent = (c.req as unknown as { valid(target: 'json'): { data?: { token: string } } }).valid('json');
      const lang = langOrDefault(c.req.query('lang') ?? refererLang(c));
      const ok = await apply(action, sent.data?.token);
      if (!ok) return c.json({ message: translateText(invalid, lang), issues: [{ path: 'token', message: translateText(invalid, lang) }] }, 400);
      return c.json({ message: translateText(done, lang) });
    }
    if (!isFormPost(c)) return c.json({ message: translateText(MESSAGES.unsupportedType, refererLang(c)) }, 415);
    const body = await limitedBody(c, TOKEN_BODY_LIMIT);
    const fields = new URLSearchParams(body ? new TextDecoder().decode(body) : '');
    const lang = langOrDefault(c.req.query('lang') ?? fields.get('lang') ?? refererLang(c));
    const ok = await apply(action, c.req.query('token') ?? fields.get('token') ?? undefined);
    const status = ok ? 'done' : 'invalid';
    return c.redirect(`${localizePath(LINK_PAGES[action], lang)}?status=${status}#${status}`, 303);
  }

  app.all('/', methodNotAllowed('POST'));
  app.all('/places', methodNotAllowed('GET, HEAD'));
  app.all('/cancel', methodNotAllowed('POST'));
  app.all('/attend', methodNotAllowed('POST'));
  return app;
}
