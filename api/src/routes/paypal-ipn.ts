/**
 * POST /api/paypal/ipn: PayPal's Instant Payment Notification listener (the checkout's
 * `notify_url`, src/lib/paypal.ts). The message is stored exactly as it came, in one commit,
 * and answered 200 with an empty body; verification with PayPal and what it records happen after
 * the answer (api/src/donations/worker.ts), so the answer is fast and a crash loses nothing.
 *
 * It takes no more than PayPal sends: a urlencoded body of printable ASCII up to
 * IPN_BODY_LIMIT bytes (PayPal's messages are a few kilobytes; every other byte arrives
 * %-encoded in the message's own charset, which the input guard in front of the other routes would
 * refuse as not UTF-8, so this route is exempt from it: input-guard.ts), and at most
 * PAYPAL_IPN_RATE_MAX messages per client address per rate window, counted in the transaction
 * that stores the message, before it is stored. Anyone may post here; nothing is believed until
 * PayPal has verified it.
 */
import { Hono } from 'hono';
import { acceptFromPaypal } from '../donations/paypal-inbox.ts';
import { notificationRow } from '../donations/worker.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { limitedBody } from '../submission.ts';
import type { Services } from '../services.ts';

export const IPN_BODY_LIMIT = 20 * 1024;
/** A urlencoded message: printable ASCII only (every other byte arrives %-encoded). */
const URLENCODED = /^[\x20-\x7e]*$/;

export function paypalIpnRoutes(services: Services) {
  const routes = new Hono();
  routes.post('/ipn', async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return c.body(null, 415);
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > IPN_BODY_LIMIT) return c.body(null, 413);
    // Read with a cap, so a body without a length (chunked) cannot exceed it either. The input
    // guard leaves this route's body unread (OWN_BODY_RULES), as for the webhook route.
    const bytes = await limitedBody(c, IPN_BODY_LIMIT);
    if (!bytes) return c.body(null, 413);
    const body = Buffer.from(bytes).toString('latin1');
    if (!body || !URLENCODED.test(body)) return c.body(null, 400);
    const notification = notificationRow(body);
    return acceptFromPaypal(services, c, 'paypal-ipn', (trx) => trx.insertInto('paypal_notifications').values(notification).execute());
  });
  routes.all('/ipn', methodNotAllowed('POST'));
  return routes;
}
