/**
 * Double opt-in newsletter:
 *   POST /api/newsletter-signup {email}      pending subscriber + confirmation mail (+ staff notice)
 *   GET|POST /api/newsletter/confirm         token -> confirmed
 *   GET|POST /api/newsletter/unsubscribe     token -> unsubscribed (also RFC 8058 one-click)
 * The signup answer is the same whether or not the address is known, and a second signup of
 * the same address (any case) adds no row.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { newsletterMails } from '../mail/templates.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { rateLimit } from '../rate-limit.ts';
import { newsletterSchema, tokenSchema } from '../schemas.ts';
import type { Services } from '../services.ts';
import { readSubmission, succeed } from '../submission.ts';
import type { TokenPurpose } from '../tokens.ts';

/** How long a pending address waits before a repeated signup sends the confirmation again. */
export const CONFIRM_RESEND_COOLDOWN_MS = 15 * 60_000;

export async function tokenLinks(services: Services, id: string) {
  const base = services.config.siteUrl;
  const confirm = await services.tokens.sign('confirm', id);
  const unsubscribe = await services.tokens.sign('unsubscribe', id);
  return {
    confirmUrl: `${base}/api/newsletter/confirm?token=${confirm}`,
    unsubscribeUrl: `${base}/api/newsletter/unsubscribe?token=${unsubscribe}`,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ''}` : '';
  return /UNIQUE constraint|duplicate key|23505/i.test(text);
}

export function newsletterSignupRoutes(services: Services) {
  return new Hono().post('/', rateLimit(services, 'newsletter'), async (c) => {
    const parsed = await readSubmission(c, 'newsletter', newsletterSchema, services.config.bodyLimitBytes);
    if (!parsed.ok) return parsed.response;
    if (parsed.honeypot) return succeed(c, 'newsletter', parsed.isForm, MESSAGES.newsletterCheckInbox);
    const { email } = parsed.data;
    const source = (c.req.header('referer') ?? '').slice(0, 200) || null;

    const run = () =>
      services.db.write(async (trx) => {
        const now = new Date().toISOString();
        const existing = await trx.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();
        if (existing?.status === 'confirmed') return [];
        if (existing?.status === 'pending') {
          // Repeated signups of a pending address resend the link at most once per cooldown, so
          // the form cannot be used to flood someone's inbox.
          const since = new Date(Date.now() - CONFIRM_RESEND_COOLDOWN_MS).toISOString();
          const recent = await trx
            .selectFrom('outbox')
            .select('id')
            .where('to_address', '=', email)
            .where('kind', '=', 'newsletter.confirm')
            .where('created_at', '>', since)
            .executeTakeFirst();
          if (recent) return [];
        }
        const id = existing?.id ?? randomUUID();
        if (existing) {
          await trx.updateTable('subscribers').set({ status: 'pending', updated_at: now, unsubscribed_at: null }).where('id', '=', id).execute();
        } else {
          await trx
            .insertInto('subscribers')
            .values({ id, email, status: 'pending', source, created_at: now, updated_at: now, confirmed_at: null, unsubscribed_at: null })
            .execute();
        }
        const links = await tokenLinks(services, id);
        const mails: OutgoingMail[] = newsletterMails(email, links.confirmUrl, links.unsubscribeUrl, services.config.staffMailbox);
        // Staff hear of a new address once; a repeated signup only resends the confirmation.
        return services.mailer.enqueue(trx, existing ? mails.filter((m) => m.kind === 'newsletter.confirm') : mails);
      });

    let ids: string[];
    try {
      ids = await run();
    } catch (error) {
      // Two signups of one address at the same moment: the second finds the first's row.
      if (!isUniqueViolation(error)) throw error;
      ids = await run();
    }
    services.mailer.deliverLater(ids);
    return succeed(c, 'newsletter', parsed.isForm, MESSAGES.newsletterCheckInbox);
  });
}

type Outcome = 'confirmed' | 'unsubscribed' | 'invalid';

async function applyToken(services: Services, purpose: TokenPurpose, token: string | undefined): Promise<Outcome> {
  if (!token || token.length > 200) return 'invalid';
  const id = await services.tokens.verify(purpose, token);
  if (!id) return 'invalid';
  const db = services.db.kysely;
  const now = new Date().toISOString();
  const subscriber = await db.selectFrom('subscribers').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!subscriber) return 'invalid';
  if (purpose === 'confirm') {
    if (subscriber.status === 'unsubscribed') return 'invalid';
    if (subscriber.status === 'pending') {
      await db.updateTable('subscribers').set({ status: 'confirmed', confirmed_at: now, updated_at: now }).where('id', '=', id).execute();
    }
    return 'confirmed';
  }
  if (subscriber.status !== 'unsubscribed') {
    await db.updateTable('subscribers').set({ status: 'unsubscribed', unsubscribed_at: now, updated_at: now }).where('id', '=', id).execute();
  }
  return 'unsubscribed';
}

const PAGES: Record<TokenPurpose, string> = { confirm: '/newsletter/confirm', unsubscribe: '/newsletter/unsubscribe' };
const DONE: Record<TokenPurpose, string> = { confirm: MESSAGES.confirmDone, unsubscribe: MESSAGES.unsubscribeDone };
const INVALID: Record<TokenPurpose, string> = { confirm: MESSAGES.confirmInvalid, unsubscribe: MESSAGES.unsubscribeInvalid };

function tokenRoute(services: Services, purpose: TokenPurpose) {
  const redirect = (c: Context, outcome: Outcome) => {
    const status = outcome === 'invalid' ? 'invalid' : 'done';
    return c.redirect(`${PAGES[purpose]}?status=${status}#${status}`, 303);
  };
  return new Hono()
    .get('/', rateLimit(services, `newsletter-${purpose}`), async (c) => redirect(c, await applyToken(services, purpose, c.req.query('token'))))
    .post('/', rateLimit(services, `newsletter-${purpose}`), async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
      const queryToken = c.req.query('token');
      // RFC 8058 one-click unsubscribe: a form post of List-Unsubscribe=One-Click to the link.
      if (type === 'application/x-www-form-urlencoded' || (queryToken && type !== 'application/json')) {
        const body = type === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text().catch(() => '')) : new URLSearchParams();
        const outcome = await applyToken(services, purpose, queryToken ?? body.get('token') ?? undefined);
        if (body.get('List-Unsubscribe') === 'One-Click') {
          return c.json({ message: outcome === 'invalid' ? INVALID[purpose] : DONE[purpose] }, outcome === 'invalid' ? 400 : 200);
        }
        return redirect(c, outcome);
      }
      const parsed = await readSubmission(c, 'token', tokenSchema, 4096);
      if (!parsed.ok) return parsed.response;
      const outcome = await applyToken(services, purpose, parsed.data.token);
      if (outcome === 'invalid') return c.json({ message: INVALID[purpose], issues: [{ path: 'token', message: INVALID[purpose] }] }, 400);
      return c.json({ message: DONE[purpose], status: outcome });
    });
}

export function newsletterTokenRoutes(services: Services) {
  return new Hono().route('/confirm', tokenRoute(services, 'confirm')).route('/unsubscribe', tokenRoute(services, 'unsubscribe'));
}
