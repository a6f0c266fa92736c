/**
 * The newsletter broadcast, administrators only (401 signed out, 403 otherwise):
 *   POST /api/send-newsletter {subject, body_html, body_text}
 *        queues a campaign to every confirmed subscriber; answers {total_subscribers, message,
 *        campaign_id} once the campaign and its recipients are committed
 *   GET  /api/newsletter-campaigns                     history, newest first, with live counts
 *   GET  /api/newsletter-campaigns/audience            how many confirmed subscribers a send reaches
 *   GET  /api/newsletter-campaigns/:id                 one campaign's counts and rate
 *   POST /api/newsletter-campaigns/:id/pause|resume|cancel
 *   POST /api/newsletter-campaigns/preview {body_html}                  cleaned HTML and its plain text
 *   POST /api/newsletter-campaigns/test {subject, body_html, body_text}  one copy to the admin's own address
 * Pasted HTML is cleaned on the server (content.ts) before it is previewed, tested or queued.
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { adminApi } from '../auth/guard.ts';
import { changeCampaign, confirmedSubscriberCount, getCampaign, listCampaigns, queueCampaign, type CampaignAction } from '../newsletter-broadcast/campaigns.ts';
import { htmlToPlainText, sanitizeNewsletterHtml } from '../newsletter-broadcast/content.ts';
import { BROADCAST_BODY_LIMIT, BROADCAST_TEXT, broadcastSchema, previewSchema } from '../newsletter-broadcast/schema.ts';
import { fieldIssues, safeParse } from '../schemas.ts';
import type { Services } from '../services.ts';

export const queuedMessage = (n: number) => `Newsletter queued for ${n} subscribers`;
export const testSentMessage = (to: string) => `Test sent to ${to}`;

type Read<T> = { ok: true; data: T } | { ok: false; response: Response };

/** JSON only, within the size limit, valid by the schema; otherwise 415, 413 or 400 {message, issues}. */
async function readJson<S extends z.ZodMiniType>(c: Context, schema: S): Promise<Read<z.output<S>>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') return { ok: false, response: c.json({ message: MESSAGES.unsupportedType }, 415) };
  if (Number(c.req.header('content-length')) > BROADCAST_BODY_LIMIT) return { ok: false, response: c.json({ message: MESSAGES.bodyTooLarge }, 413) };
  const text = await c.req.text().catch(() => null);
  if (text === null || text.length > BROADCAST_BODY_LIMIT) return { ok: false, response: c.json({ message: MESSAGES.bodyTooLarge }, 413) };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, response: c.json({ message: MESSAGES.badEncoding, issues: [] }, 400) };
  }
  const result = safeParse(schema, raw);
  if (!result.success) {
    const issues = fieldIssues(result.error);
    return { ok: false, response: c.json({ message: issues[0]?.message ?? MESSAGES.invalidInput, issues }, 400) };
  }
  return { ok: true, data: result.data };
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
  const app = adminApi(services);
  app.post('/', async (c) => {
    const parsed = await readJson(c, broadcastSchema);
    if (!parsed.ok) return parsed.response;
    const clean = cleaned(c, parsed.data);
    if (!clean.ok) return clean.response;
    const { user } = c.get('staff');
    const { id, total } = await queueCampaign(services.db, {
      subject: clean.campaign.subject,
      bodyHtml: clean.campaign.body_html,
      bodyText: clean.campaign.body_text,
      createdBy: user.displayUsername || user.username,
    });
    services.broadcast.runner.wake();
    return c.json({ total_subscribers: total, message: queuedMessage(total), campaign_id: id });
  });
  return app;
}

export function newsletterCampaignRoutes(services: Services) {
  const app = adminApi(services);
  app.get('/', async (c) => c.json({ campaigns: await listCampaigns(services.db), delivery: services.broadcast.sender.name }));
  app.get('/audience', async (c) => c.json({ confirmed: await confirmedSubscriberCount(services.db) }));
  app.post('/preview', async (c) => {
    const parsed = await readJson(c, previewSchema);
    if (!parsed.ok) return parsed.response;
    const html = sanitizeNewsletterHtml(parsed.data.body_html);
    return c.json({ html, text: html ? htmlToPlainText(html) : '' });
  });
  app.post('/test', async (c) => {
    const parsed = await readJson(c, broadcastSchema);
    if (!parsed.ok) return parsed.response;
    const clean = cleaned(c, parsed.data);
    if (!clean.ok) return clean.response;
    const to = c.get('staff').user.email;
    try {
      await services.broadcast.testSend(to, clean.campaign);
    } catch (error) {
      console.error('newsletter: test send failed', error instanceof Error ? error.message : error);
      return c.json({ message: `The mail server did not accept the test: ${error instanceof Error ? error.message : String(error)}` }, 502);
    }
    return c.json({ message: testSentMessage(to) });
  });
  app.get('/:id', async (c) => {
    const campaign = await getCampaign(services.db, c.req.param('id'));
    return campaign ? c.json(campaign) : c.json({ message: 'No such campaign' }, 404);
  });
  app.post('/:id/:action{pause|resume|cancel}', async (c) => {
    const id = c.req.param('id');
    const action = c.req.param('action') as CampaignAction;
    const campaign = await getCampaign(services.db, id);
    if (!campaign) return c.json({ message: 'No such campaign' }, 404);
    if (!(await changeCampaign(services.db, id, action))) {
      return c.json({ message: `A ${campaign.status} campaign cannot be ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'cancelled'}` }, 409);
    }
    if (action === 'resume') services.broadcast.runner.wake();
    return c.json(await getCampaign(services.db, id));
  });
  return app;
}
