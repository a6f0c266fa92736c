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
import { storeWithinLimit } from '../donations/paypal-inbox.ts';
import { notificationRow } from '../donations/worker.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
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
    // The input guard in front of every route (input-guard.ts) may have read the body already:
    // Hono keeps it, so it is read from there. Otherwise it is read here with a cap, so a body
    // without a length (chunked) cannot exceed it either.
    const chunks: Uint8Array[] = [];
    if (c.req.raw.bodyUsed) {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength > IPN_BODY_LIMIT) return c.body(null, 413);
      chunks.push(bytes);
    } else {
      const reader = c.req.raw.body?.getReader();
      let size = 0;
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > IPN_BODY_LIMIT) {
          await reader.cancel().catch(() => {});
          return c.body(null, 413);
        }
        chunks.push(value);
      }
    }
    const body = Buffer.concat(chunks).toString('latin1');
    if (!body || !URLENCODED.test(body)) return c.body(null, 400);
    const notification = notificationRow(body);
    const stored = await storeWithinLimit(services, c, 'paypal-ipn', (trx) => trx.insertInto('paypal_notifications').values(notification).execute());
    if (!stored.stored) {
      c.header('Retry-After', String(stored.retryAfter));
      return c.body(null, 429);
    }
    services.donations.wake();
    return c.body(null, 200);
  });
  routes.all('/ipn', methodNotAllowed('POST'));
  return routes;
}
