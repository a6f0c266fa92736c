/**
 * POST /api/paypal/webhook: PayPal's REST webhooks (captures, refunds, subscriptions and their
 * sales). The body and PayPal's transmission headers are stored exactly as they came, in one
 * commit, before the 200; nothing is believed until the worker has had PayPal verify the
 * signature (verify-webhook-signature, api/src/donations/worker.ts). Like the IPN route it is
 * left by the input guard to its own rules: JSON only (415), WEBHOOK_BODY_LIMIT bytes at most
 * (413), UTF-8 (400), and PAYPAL_IPN_RATE_MAX messages per client address per rate window.
 */
import { Hono } from 'hono';
import { acceptFromPaypal } from '../donations/paypal-inbox.ts';
import { webhookRow, WEBHOOK_HEADERS } from '../donations/worker.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { limitedBody } from '../submission.ts';
import type { Services } from '../services.ts';

/** PayPal's events are a few kilobytes; a subscription with its links stays well under this. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function paypalWebhookRoutes(services: Services) {
  const routes = new Hono();
  routes.post('/webhook', async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') return c.body(null, 415);
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > WEBHOOK_BODY_LIMIT) return c.body(null, 413);
    const bytes = await limitedBody(c, WEBHOOK_BODY_LIMIT);
    if (!bytes) return c.body(null, 413);
    let body: string;
    try {
      body = utf8.decode(bytes);
    } catch {
      return c.body(null, 400);
    }
    // eslint-disable-next-line no-control-regex
    if (!body.trim() || /[\u0000]/.test(body)) return c.body(null, 400);
    const headers = Object.fromEntries(WEBHOOK_HEADERS.map((name) => [name, c.req.header(name) ?? '']));
    const row = webhookRow(body, headers);
    return acceptFromPaypal(services, c, 'paypal-webhook', (trx) => trx.insertInto('paypal_webhooks').values(row).execute());
  });
  routes.all('/webhook', methodNotAllowed('POST'));
  return routes;
}
