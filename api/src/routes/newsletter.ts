/**
 * Double opt-in newsletter:
 *   POST /api/newsletter-signup {email}      pending subscriber + confirmation mail (+ staff notice)
 *   GET|HEAD /api/newsletter/confirm|unsubscribe?token=
 *                                            change nothing: 303 to the site's page, whose button POSTs
 *   POST /api/newsletter/confirm             token -> confirmed (JSON, or a form post: 303 to the page);
 *                                            the first confirmation queues the welcome mail (welcome.ts)
 *   POST /api/newsletter/unsubscribe         token -> unsubscribed; also RFC 8058 one-click (200)
 * The signup answer is the same whether or not the address is known, and a second signup of
 * the same address (any case) adds no row. Mail scanners that fetch links (GET or HEAD) can
 * therefore never confirm a sign-up that someone else made.
 */
import { newId } from '../db/ids.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { SubscribersTable } from '../db/types.ts';
import { Hono, type Context } from 'hono';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { langOrDefault, translateText } from '../../../src/lib/i18n/catalogue.ts';
import { DEFAULT_LANG, type Lang } from '../../../src/lib/i18n/languages.ts';
import { localizePath } from '../../../src/lib/i18n/paths.ts';
import { claimCooldown } from '../mail/cooldown.ts';
import { newsletterMails } from '../mail/templates.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { rateLimit } from '../rate-limit.ts';
import { newsletterSchema, tokenSchema } from '../schemas.ts';
import type { Services } from '../services.ts';
import { forJson, limitedBody, mediaType, refererLang, submission, submittedLang, succeed } from '../submission.ts';
import { refuseOverLimit } from './form-route.ts';
import { CONFIRM_TOKEN_DAYS, type TokenPurpose as SignedPurpose } from '../tokens.ts';

/** The newsletter's two links. */
type TokenPurpose = Exclude<SignedPurpose, 'registration'>;
import { confirmAndWelcome } from '../newsletter-broadcast/welcome.ts';

/** How long a pending address waits before a repeated signup sends the confirmation again. */
export const CONFIRM_RESEND_COOLDOWN_MS = 15 * 60_000;

/** The pages (with a button that POSTs) that the links in the mail open. */
/** The token endpoints read at most this much (a token is at most 200 characters). */
const TOKEN_BODY_LIMIT = 4096;

const PAGES: Record<TokenPurpose, string> = { confirm: '/newsletter/confirm', unsubscribe: '/newsletter/unsubscribe' };

/** The subscriber's page for `purpose` in their language: /newsletter/confirm, /fr/newsletter/confirm… */
const pageIn = (purpose: TokenPurpose, lang: Lang) => localizePath(PAGES[purpose], lang);

export async function tokenLinks(services: Services, id: string, issuedAt: number, lang: Lang = DEFAULT_LANG) {
  const base = services.config.siteUrl;
  const confirm = await services.tokens.sign('confirm', id, issuedAt);
  const unsubscribe = await services.tokens.sign('unsubscribe', id);
  return {
    // #ready shows the page's button even without JavaScript (CSS :target).
    confirmUrl: `${base}${pageIn('confirm', lang)}?token=${confirm}#ready`,
    // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` to this address. A browser
    // opening it is sent on to the unsubscribe page in `lang`.
    unsubscribeUrl: `${base}/api/newsletter/unsubscribe?token=${unsubscribe}${lang === DEFAULT_LANG ? '' : `&lang=${lang}`}`,
  };
}

// The sign-up's own statements, compiled once (src/db/prepared.ts).
const findSubscriber = preparedQuery<{ email: string }, Pick<SubscribersTable, 'id' | 'status'>>((db, slot) => db.selectFrom('subscribers').select(['id', 'status']).where('email', '=', slot('email')));
const insertSubscriber = preparedQuery<{ id: string; email: string; source: string | null; now: string; lang: string }>((db, slot) =>
  db.insertInto('subscribers').values({
    id: slot('id'),
    email: slot('email'),
    status: 'pending',
    source: slot('source'),
    created_at: slot('now'),
    updated_at: slot('now'),
    confirmed_at: null,
    unsubscribed_at: null,
    confirm_sent_at: slot('now'),
    lang: slot('lang'),
  }),
);

/**
 * Two signups of one address at the same moment: the second finds the first's row on a retry. On
 * PostgreSQL they may also lock the same rows in opposite orders; the one chosen as the deadlock's
 * victim is rolled back whole and is retried the same way.
 */
function isConcurrentSignupConflict(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ''}` : '';
  return /UNIQUE constraint|duplicate key|23505|deadlock detected|40P01/i.test(text);
}

export function newsletterSignupRoutes(services: Services) {
  const limit = rateLimit(services, 'newsletter');
  const app = new Hono().post('/', refuseOverLimit(limit), submission('newsletter', newsletterSchema, services.config.bodyLimitBytes), async (c) => {
    const sent = c.req.valid('json');
    const lang = sent.data ? submittedLang(sent.data) : refererLang(c);
    const checkInbox = translateText(MESSAGES.newsletterCheckInbox, lang);
    if (sent.honeypot) return succeed(c, 'newsletter', sent.isForm, checkInbox, 200, lang);
    const { email } = sent.data;
    const source = (c.req.header('referer') ?? '').slice(0, 200) || null;

    const run = () =>
      services.db.write(async (trx) => {
        const nowMs = Date.now();
        const now = new Date(nowMs).toISOString();
        await limit.count(trx, c);
        const existing = (await findSubscriber(trx, { email })).rows[0];
        if (existing?.status === 'confirmed') return [];
        // One confirmation per address per cooldown, whoever asks and from wherever, so the form
        // cannot be used to flood someone's inbox. Within it, the link already sent stays valid.
        if (!(await claimCooldown(trx, `newsletter.confirm:${email}`, CONFIRM_RESEND_COOLDOWN_MS / 1000, nowMs))) return [];
        const id = existing?.id ?? newId();
        // The new link replaces any earlier one (only the newest confirm_sent_at confirms), and
        // the language of the newest sign-up is the one the subscriber reads.
        if (existing) {
          await trx.updateTable('subscribers').set({ status: 'pending', updated_at: now, unsubscribed_at: null, confirm_sent_at: now, lang }).where('id', '=', id).execute();
        } else {
          await insertSubscriber(trx, { id, email, source, now, lang });
        }
        const links = await tokenLinks(services, id, nowMs, lang);
        const mails: OutgoingMail[] = newsletterMails(email, links.confirmUrl, links.unsubscribeUrl, services.config.staffMailbox, lang);
        // Staff hear of a new address once; a repeated signup only resends the confirmation.
        return services.mailer.enqueue(trx, existing ? mails.filter((m) => m.kind === 'newsletter.confirm') : mails);
      });

    let ids: string[];
    try {
      ids = await run();
    } catch (error) {
      // Two signups of one address at the same moment: the second finds the first's row.
      if (!isConcurrentSignupConflict(error)) throw error;
      ids = await run();
    }
    services.mailer.deliverLater(ids);
    return succeed(c, 'newsletter', sent.isForm, checkInbox, 200, lang);
  });
  // Outside the chain, so the typed client sees POST only (an `all` route would stand for every method).
  app.all('/', methodNotAllowed('POST'));
  return app;
}

type Outcome = 'confirmed' | 'unsubscribed' | 'invalid';

/** What a token did, and the language to answer in: the subscriber's, else the one the request names. */
async function applyToken(services: Services, purpose: TokenPurpose, token: string | undefined, fallback: Lang): Promise<{ outcome: Outcome; lang: Lang }> {
  const subscriberLang = { lang: fallback };
  const outcome = await applyTokenAs(services, purpose, token, subscriberLang);
  return { outcome, lang: subscriberLang.lang };
}

async function applyTokenAs(services: Services, purpose: TokenPurpose, token: string | undefined, answer: { lang: Lang }): Promise<Outcome> {
  if (!token || token.length > 200) return 'invalid';
  const verified = await services.tokens.verify(purpose, token);
  if (!verified) return 'invalid';
  const { id, issuedAt } = verified;
  const db = services.db.kysely;
  const now = new Date().toISOString();
  const subscriber = await db.selectFrom('subscribers').select(['id', 'email', 'status', 'confirm_sent_at', 'lang']).where('id', '=', id).executeTakeFirst();
  if (!subscriber) return 'invalid';
  answer.lang = langOrDefault(subscriber.lang);
  if (purpose === 'confirm') {
    if (subscriber.status === 'confirmed') return 'confirmed';
    if (subscriber.status === 'unsubscribed') return 'invalid';
    // Only the newest link, and only for a week.
    const newest = subscriber.confirm_sent_at !== null && Date.parse(subscriber.confirm_sent_at) === issuedAt;
    if (!newest || issuedAt === undefined || Date.now() - issuedAt > CONFIRM_TOKEN_DAYS * 86_400_000) return 'invalid';
    // Confirmed and welcomed (once, in their language) in one transaction; the welcome leaves after the commit.
    const links = { ...(await services.broadcast.links(id)), lang: answer.lang };
    const welcome = await services.db.write((trx) => confirmAndWelcome(trx, services.mailer.enqueue, subscriber, links));
    services.mailer.deliverLater(welcome);
    return 'confirmed';
  }
  if (subscriber.status !== 'unsubscribed') {
    await db.updateTable('subscribers').set({ status: 'unsubscribed', unsubscribed_at: now, updated_at: now }).where('id', '=', id).execute();
  }
  return 'unsubscribed';
}

const DONE: Record<TokenPurpose, string> = { confirm: MESSAGES.confirmDone, unsubscribe: MESSAGES.unsubscribeDone };
const INVALID: Record<TokenPurpose, string> = { confirm: MESSAGES.confirmInvalid, unsubscribe: MESSAGES.unsubscribeInvalid };

/** Multipart or urlencoded fields of a small body; null when it is neither or unreadable. */
async function formFields(c: Context): Promise<URLSearchParams | null> {
  const type = mediaType(c);
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return null;
  const body = await limitedBody(c, TOKEN_BODY_LIMIT);
  if (!body) return null;
  try {
    const data = await new Response(body as BodyInit, { headers: { 'content-type': c.req.header('content-type')! } }).formData();
    const fields = new URLSearchParams();
    for (const [name, value] of data) if (typeof value === 'string') fields.append(name, value);
    return fields;
  } catch {
    return null;
  }
}

function tokenRoute(services: Services, purpose: TokenPurpose) {
  const page = (c: Context, outcome: Outcome | 'invalid', lang: Lang) => {
    const status = outcome === 'invalid' ? 'invalid' : 'done';
    return c.redirect(`${pageIn(purpose, lang)}?status=${status}#${status}`, 303);
  };
  /** The language a request names (`?lang=` on the mail's unsubscribe link), else its page's. */
  const requestLang = (c: Context, fields?: URLSearchParams | null): Lang => {
    const named = c.req.query('lang') ?? fields?.get('lang');
    return named ? langOrDefault(named) : refererLang(c);
  };
  const done = (lang: Lang) => translateText(DONE[purpose], lang);
  const invalid = (lang: Lang) => translateText(INVALID[purpose], lang);
  const app = new Hono()
    // A link opened (or prefetched, or scanned) changes nothing: it shows the page whose button POSTs.
    .get('/', (c) => {
      const token = c.req.query('token');
      const target = pageIn(purpose, requestLang(c));
      c.header('Cache-Control', 'no-store');
      return c.redirect(token ? `${target}?token=${encodeURIComponent(token)}#ready` : target, 303);
    })
    .post('/', forJson(submission('token', tokenSchema, TOKEN_BODY_LIMIT)), async (c) => {
      if (mediaType(c) === 'application/json') {
        const sent = c.req.valid('json');
        // A filled honeypot beside a token that is not one: the token is refused like any other.
        const { outcome, lang } = sent.data ? await applyToken(services, purpose, sent.data.token, requestLang(c)) : { outcome: 'invalid' as const, lang: requestLang(c) };
        if (outcome === 'invalid') return c.json({ message: invalid(lang), issues: [{ path: 'token', message: invalid(lang) }] }, 400);
        return c.json({ message: done(lang), status: outcome });
      }
      const fields = await formFields(c);
      if (!fields) return c.json({ message: translateText(MESSAGES.unsupportedType, requestLang(c)) }, 415);
      const token = c.req.query('token') ?? fields.get('token') ?? undefined;
      const { outcome, lang } = await applyToken(services, purpose, token, requestLang(c, fields));
      // RFC 8058 one-click from a mail provider (urlencoded or multipart, no cookies): 200, never a redirect.
      if (fields.get('List-Unsubscribe') === 'One-Click') {
        return c.json({ message: outcome === 'invalid' ? invalid(lang) : done(lang) }, outcome === 'invalid' ? 400 : 200);
      }
      // The page's button (a browser form post): back to the page with the outcome, in the subscriber's language.
      return page(c, outcome, lang);
    });
  app.all('/', methodNotAllowed('GET, HEAD, POST'));
  return app;
}

export function newsletterTokenRoutes(services: Services) {
  return new Hono().route('/confirm', tokenRoute(services, 'confirm')).route('/unsubscribe', tokenRoute(services, 'unsubscribe'));
}
