/**
 * POST /api/mail-feedback: an SMTP provider reports bounces and complaints (docs/operations.md).
 *
 *   Authorization: Bearer <BOUNCE_WEBHOOK_TOKEN>
 *   { "events": [ { "type": "bounce" | "complaint", "email": "…", "permanent"?: boolean, "reason"?: "…" } ] }
 *
 * A complaint or a permanent bounce (the default; a bounce with "permanent": false is only
 * counted) stops the address: its subscriber becomes 'complained' or 'bounced' and is never
 * mailed again, and the newest campaign message sent to it carries the feedback, so each
 * campaign counts its own. Answers { applied, unknown }: addresses we do not know are ignored.
 * Off (404, as any unknown path) while BOUNCE_WEBHOOK_TOKEN is unset; 401 without the token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { jsonBody } from '../inbox/http.ts';
import { stopSubscriber } from '../inbox/subscriber-stops.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { Services } from '../services.ts';

const event = z.object({
  type: z.enum(['bounce', 'complaint']),
  email: z.string().check(z.trim(), z.minLength(3), z.maxLength(254), z.toLowerCase()),
  permanent: z.optional(z.boolean()),
  reason: z.optional(z.string().check(z.maxLength(500))),
});
const feedbackSchema = z.object({ events: z.array(event).check(z.minLength(1), z.maxLength(1000)) });

/** SHA-256 of a token: two tokens of any lengths compare as two digests of one length. */
const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * Whether the request carries the webhook's token. Compared in constant time over the whole of
 * both tokens (their digests), so the time taken says nothing of how much of a guess was right,
 * nor of the token's length; a prefix, or the token with more after it, is refused.
 */
function authorised(c: Context, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export function mailFeedbackRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono()
    .use(async (c, next) => {
      if (!config.bounceWebhookToken) return c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404);
      if (!authorised(c, config.bounceWebhookToken)) return c.json({ message: 'A valid bearer token is required.' }, 401);
      await next();
    })
    .post('/', jsonBody(feedbackSchema, 512 * 1024), async (c) => {
      const { events } = c.req.valid('json');
      const now = new Date().toISOString();
      let applied = 0;
      let unknown = 0;
      await db.write(async (trx) => {
        for (const item of events) {
          const stops = item.type === 'complaint' || item.permanent !== false;
          const subscriber = await trx.selectFrom('subscribers').select('id').where('email', '=', item.email).executeTakeFirst();
          if (!subscriber) {
            unknown += 1;
            continue;
          }
          applied += 1;
          if (!stops) continue;
          const status = item.type === 'complaint' ? 'complained' : 'bounced';
          const reason = item.reason?.trim() || (item.type === 'complaint' ? 'Marked as spam (reported by the mail provider)' : 'Bounced (reported by the mail provider)');
          // A complaint outranks everything; a bounce does not undo an unsubscribe or a complaint (subscriber-stops.ts).
          await stopSubscriber(trx, subscriber.id, status, reason, now);
          const latest = await trx
            .selectFrom('newsletter_recipients')
            .innerJoin('newsletter_campaigns', 'newsletter_campaigns.id', 'newsletter_recipients.campaign_id')
            .select(['newsletter_recipients.campaign_id', 'newsletter_recipients.seq'])
            .where('newsletter_recipients.subscriber_id', '=', subscriber.id)
            .where('newsletter_recipients.status', '=', 'sent')
            .orderBy('newsletter_recipients.sent_at', 'desc')
            .limit(1)
            .executeTakeFirst();
          if (latest) {
            await trx.updateTable('newsletter_recipients').set({ feedback: status }).where('campaign_id', '=', latest.campaign_id).where('seq', '=', latest.seq).execute();
          }
        }
      });
      return c.json({ applied, unknown });
    });
  app.all('/', methodNotAllowed('POST'));
  return app;
}
