/**
 * The loopback fake of PayPal's REST API (api/test/paypal-rest-fake.ts) for the browser tests:
 * OAuth, orders, subscriptions, webhook verification, the approval page the browser approves at,
 * and /test-form, the donation form of the "orders" checkout. Started by playwright.config.ts,
 * which points the site's server at it (PAYPAL_API_BASE) with the fake's credentials.
 */
import { startFakePaypalRest } from '../../api/test/paypal-rest-fake.ts';

const port = Number(process.env.PAYPAL_REST_PEER_PORT ?? 4713);
/** "<public origin> <test origin>": the site's address in PayPal's return URLs, and where the test server answers. */
const [publicOrigin, testOrigin] = (process.env.PAYPAL_REST_PEER_SITE ?? '').split(' ');
const fake = await startFakePaypalRest(port, {
  // PayPal's webhooks for what happens at the fake (a capture, a subscription and its first payment).
  webhookUrl: testOrigin ? `${testOrigin}/api/paypal/webhook` : undefined,
  browserUrl: (url) => (publicOrigin && testOrigin && url.startsWith(`${publicOrigin}/`) ? `${testOrigin}${url.slice(publicOrigin.length)}` : url),
});
console.log(`PayPal REST peer on ${fake.base}`);
