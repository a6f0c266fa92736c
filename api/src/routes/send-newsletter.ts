/**
 * The newsletter broadcast, administrators only (401 signed out, 403 otherwise):
 *   POST /api/send-newsletter {subject, body_html, body_text, audience?, scheduled_at?, draft_id?}
 *        queues a campaign to every confirmed subscriber, or those of one language (audience: all,
 *        en, fr, sw), at once or at scheduled_at (ISO with its offset); answers {total_subscribers,
 *        message, campaign_id, scheduled_at} once the campaign (and, sent at once, its
 *        recipients) is committed. A scheduled campaign's total is its audience as counted now.
 *        The draft it was written in (newsletter-drafts.ts), if named, is then removed.
 *   GET  /api/newsletter-campaigns                     history, newest first, with live counts
 *   GET  /api/newsletter-campaigns/audience            how many confirmed subscribers a send reaches, per language
 *   GET  /api/newsletter-campaigns/:id                 one campaign's counts and rate
 *   POST /api/newsletter-campaigns/:id/pause|resume|cancel   (cancel also a scheduled one, until it starts)
 *   POST /api/newsletter-campaigns/preview {body_html}                  cleaned HTML, its plain text, and the document in the
 *                                                                       template, also at `url` (GET /api/newsletter-preview/:id)
 *   POST /api/newsletter-campaigns/test {subject, body_html, body_text}  one copy to the admin's own address
 * Pasted HTML is cleaned on the server (content.ts) before it is previewed, tested or queued.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type * as z from 'zod/mini';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { adminApi } from '../auth/guard.ts';
import { audienceByLanguage, changeCampaign, getCampaign, listCampaigns, queueCampaign, type CampaignAction } from '../newsletter-broadcast/campaigns.ts';
import { htmlToPlainText, sanitizeNewsletterHtml } from '../newsletter-broadcast/content.ts';
import { previewPath, storePreview } from '../newsletter-broadcast/preview-store.ts';
import { BROADCAST_BODY_LIMIT, BROADCAST_TEXT, SCHEDULE_GRACE_MS, SCHEDULE_MAX_AHEAD_MS, broadcastSchema, previewSchema } from '../newsletter-broadcast/schema.ts';
import { deleteDraft, sendWithDraftSchema } from '../newsletter-broadcast/drafts.ts';
import { fieldIssues, safeParse } from '../schemas.ts';
import { audienceTotal } from '../../../src/lib/newsletter-audience.ts';
import type { Services } from '../services.ts';

export const queuedMessage = (n: number) => `Newsletter queued for ${n} subscribers`;
export const scheduledMessage = (n: number, at: string) => `Newsletter scheduled for ${at} to ${n} subscribers`;
export const testSentMessage = (to: string) => `Test sent to ${to}`;

/** The time to send as stored (ISO, UTC), null for at once, or the message saying why it cannot be. */
function scheduleTime(value: string | null | undefined, now = Date.now()): { ok: true; at: string | null } | { ok: false; message: string } {
  if (!value) return { ok: true, at: null };
  const at = Date.parse(value);
  if (at < now - SCHEDULE_GRACE_MS) return { ok: false, message: BROADCAST_TEXT.scheduledPassed };
  if (at > now + SCHEDULE_MAX_AHEAD_MS) return { ok: false, message: BROADCAST_TEXT.scheduledTooFar };
  return { ok: true, at: new Date(at).toISOString() };
}

/**
 * Hono's validator for a campaign's JSON body: JSON only, within the size limit, valid by the
 * schema; otherwise 415, 413 or 400 {message, issues} (the first issue's message). The type, size
 * and JSON are checked before the validator runs, which then reads the parsed value.
 */
export function campaignBody<S extends z.ZodMiniType>(schema: S): MiddlewareHandler<{}, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  const validate = validator('json', (raw: unknown, c) => {
    const result = safeParse(schema, raw);
    if (result.success) return result.data as z.output<S>;
    const issues = fieldIssues(result.error);
    return c.json({ message: issues[0]?.message ?? MESSAGES.invalidInput, issues }, 400);
  });
  return async (c, next) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') return c.json({ message: MESSAGES.unsupportedType }, 415);
    if (Number(c.req.header('content-length')) > BROADCAST_BODY_LIMIT) return c.json({ message: MESSAGES.bodyTooLarge }, 413);
    const text = await c.req.text().catch(() => null);
    if (text === null || text.length > BROADCAST_BODY_LIMIT) return c.json({ message: MESSAGES.bodyTooLarge }, 413);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return c.json({ message: MESSAGES.badEncoding, issues: [] }, 400);
    }
    // The validator's c.req.json() reads this value, not the body again.
    c.req.bodyCache.json = Promise.resolve(raw) as never;
    return (await validate(c as never, next)) as Response | void;
  };
}

/** The cleaned campaign, or a 400 when cleaning leaves no HTML. */
function cleaned(c: Context, data: z.output<typeof broadcastSchema>) {
  const html = sanitizeNewsletterHtml(data.body_html);
  if (!html) {
    const issues = [{ path: 'body_html', message: BROADCAST_TEXT.htmlEmptyAfterCleaning }];
    return { ok: false as const, response: c.json({ message: BROADCAST_TEXT.htmlEmptyAfterCleaning, issues }, 400) };
  }
  return { ok: true as const, campaign: { subject: data.subject, body_html: html, body_text: data.body_text } };
}

export function sendNewsletterRoutes(services: Services) {
  // One chain, so the route's types reach AppType and the typed client.
  return adminApi(services).post('/', campaignBody(sendWithDraftSchema), async (c) => {
    const body = c.req.valid('json');
    const when = scheduleTime(body.scheduled_at);
    if (!when.ok) return c.json({ message: when.message, issues: [{ path: 'scheduled_at', message: when.message }] }, 400);
    const clean = cleaned(c, body);
    if (!clean.ok) return clean.response;
    const { user } = c.get('staff');
    const { id, total } = await queueCampaign(services.db, {
      subject: clean.campaign.subject,
      bodyHtml: clean.campaign.body_html,
      bodyText: clean.campaign.body_text,
      createdBy: user.displayUsername || user.username,
      lang: body.audience && body.audience !== 'all' ? body.audience : null,
      scheduledAt: when.at,
    });
    services.broadcast.runner.wake();
    // Sent (or scheduled), so no longer a draft. After the commit above: a failure here leaves a draft, never an unsent campaign.
    if (body.draft_id) await deleteDraft(services.db, body.draft_id);
    return c.json({ total_subscribers: total, message: when.at ? scheduledMessage(total, when.at) : queuedMessage(total), campaign_id: id, scheduled_at: when.at });
  });
}

export function newsletterCampaignRoutes(services: Services) {
  const noCampaign = { message: 'No such campaign' };
  return adminApi(services)
    .get('/', async (c) => c.json({ campaigns: await listCampaigns(services.db), delivery: services.broadcast.sender.name }))
    .get('/audience', async (c) => {
      const languages = await audienceByLanguage(services.db);
      return c.json({ confirmed: audienceTotal(languages), languages });
    })
    .post('/preview', campaignBody(previewSchema), async (c) => {
      const html = sanitizeNewsletterHtml(c.req.valid('json').body_html);
      const document = html ? services.broadcast.previewDocument(html) : '';
      // The same document at an address of its own, to frame with its own policy (preview-store.ts).
      const url = document ? previewPath(await storePreview(services.db, c.get('staff').user.id, document)) : '';
      return c.json({ html, text: html ? htmlToPlainText(html) : '', document, url });
    })
    .post('/test', campaignBody(broadcastSchema), async (c) => {
      const clean = cleaned(c, c.req.valid('json'));
      if (!clean.ok) return clean.response;
      const to = c.get('staff').user.email;
      try {
        await services.broadcast.testSend(to, clean.campaign);
      } catch (error) {
        console.error('newsletter: test send failed', error instanceof Error ? error.message : error);
        return c.json({ message: `The mail server did not accept the test: ${error instanceof Error ? error.message : String(error)}` }, 502);
      }
      return c.json({ message: testSentMessage(to) });
    })
    .get('/:id', async (c) => {
      const campaign = await getCampaign(services.db, c.req.param('id'));
      return campaign ? c.json(campaign) : c.json(noCampaign, 404);
    })
    .post('/:id/:action{pause|resume|cancel}', async (c) => {
      const id = c.req.param('id');
      const action = c.req.param('action') as CampaignAction;
      const campaign = await getCampaign(services.db, id);
      if (!campaign) return c.json(noCampaign, 404);
      if (!(await changeCampaign(services.db, id, action))) {
        return c.json({ message: `A ${campaign.status} campaign cannot be ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'cancelled'}` }, 409);
      }
      if (action === 'resume') services.broadcast.runner.wake();
      return c.json((await getCampaign(services.db, id))!);
    });
}
