/**
 * A loopback fake of PayPal's REST API, as the checkout and the webhook worker call it: the OAuth
 * token, Orders v2 (create, capture, show), Subscriptions v1 (products, plans, create with the
 * plan override, show, cancel), verify-webhook-signature, and an approval page a browser (or a
 * test's fetch) "approves", which redirects to the order's return URL as PayPal does.
 *
 * Webhooks: `event()` builds one PayPal would send with its transmission headers; only those
 * pass verify-webhook-signature (SUCCESS), for the exact bytes signed. `declineNext` makes the
 * next capture fail as a declined card does (422 INSTRUMENT_DECLINED); `failVerify` answers 503.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';
export const FAKE_WEBHOOK_ID = 'WH-FAKE-0001';

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  value: string;
  custom: string;
  returnUrl: string;
  cancelUrl: string;
  captureId?: string;
  captureStatus?: string;
  captureTime?: string;
  payer?: FakePayer;
}
interface FakeSubscription {
  id: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'CANCELLED';
  planId: string;
  value: string;
  custom: string;
  returnUrl: string;
  startTime: string;
  payer?: FakePayer;
  /** A change of amount asked for (revise) and waiting for the donor's approval at PayPal. */
  revision?: { value: string; returnUrl: string };
}

export interface FakePayer {
  email: string;
  given: string;
  surname: string;
}

export interface FakeRest {
  base: string;
  orders: Map<string, FakeOrder>;
  subscriptions: Map<string, FakeSubscription>;
  plans: string[];
  /** Who approves at the approval page. */
  payer: FakePayer;
  /** Calls received, as `METHOD path` (tests count captures, verifications). */
  calls: string[];
  /** The next n captures are declined (422 INSTRUMENT_DECLINED). */
  declineNext: number;
  /** The next n verifications answer 503 (PayPal down). */
  failVerify: number;
  /** Approves an order or subscription (what the donor does at PayPal, as `email` when given); returns the return URL PayPal sends them to. */
  approve(id: string, email?: string): string;
  /** Approves a subscription's change of amount (revise): the new amount applies; returns where PayPal sends the donor. */
  approveRevision(id: string): string;
  /** A webhook event PayPal would send, with its headers; `signed: false` gives one PayPal never sent. */
  event(type: string, resource: Record<string, unknown>, options?: { id?: string; signed?: boolean }): { body: string; headers: Record<string, string>; id: string };
  close(): Promise<void>;
}

const payerOf = (payer: FakePayer) => ({ email_address: payer.email, name: { given_name: payer.given, surname: payer.surname }, payer_id: 'PAYERFAKE1' });
const upper = () => randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase();

export interface FakeRestOptions {
  /**
   * Where the browser is sent for a return URL (the browser tests' site answers on loopback, not
   * at its public address: as DNS would, this maps one to the other).
   */
  browserUrl?: (returnUrl: string) => string;
  /**
   * Where the fake posts the webhooks PayPal would send (a capture completed, a subscription
   * activated and its first payment), signed; unset, the test sends its own.
   */
  webhookUrl?: string;
}

export async function startFakePaypalRest(port = 0, options: FakeRestOptions = {}): Promise<FakeRest> {
  const signed = new Map<string, string>();
  const fake: FakeRest = {
    base: '',
    orders: new Map(),
    subscriptions: new Map(),
    plans: [],
    payer: { email: 'donor@example.org', given: 'Renée', surname: 'Kamau' },
    calls: [],
    declineNext: 0,
    failVerify: 0,
    approve(id, email) {
      const payer = email ? { ...fake.payer, email } : { ...fake.payer };
      const order = fake.orders.get(id);
      if (order) {
        order.status = 'APPROVED';
        order.payer = payer;
        const url = new URL(order.returnUrl);
        url.searchParams.set('token', id);
        url.searchParams.set('PayerID', 'PAYERFAKE1');
        return url.toString();
      }
      const subscription = fake.subscriptions.get(id)!;
      subscription.status = 'ACTIVE';
      subscription.payer = payer;
      // PayPal activates the subscription and takes the first month's payment at once.
      queueMicrotask(() => {
        emit('BILLING.SUBSCRIPTION.ACTIVATED', subscriptionJson(subscription));
        emit('PAYMENT.SALE.COMPLETED', { id: `SALE${upper()}`, state: 'completed', amount: { total: subscription.value, currency: 'USD' }, billing_agreement_id: subscription.id, create_time: new Date().toISOString() });
      });
      const url = new URL(subscription.returnUrl);
      url.searchParams.set('subscription_id', id);
      url.searchParams.set('ba_token', 'BA-FAKE');
      url.searchParams.set('token', 'EC-FAKE');
      return url.toString();
    },
    approveRevision(id) {
      const subscription = fake.subscriptions.get(id)!;
      const revision = subscription.revision!;
      subscription.value = revision.value;
      subscription.revision = undefined;
      queueMicrotask(() => emit('BILLING.SUBSCRIPTION.UPDATED', subscriptionJson(subscription)));
      const url = new URL(revision.returnUrl);
      url.searchParams.set('subscription_id', id);
      return url.toString();
    },
    event(type, resource, options = {}) {
      const id = options.id ?? `WH-${upper()}`;
      const body = JSON.stringify({ id, event_version: '1.0', create_time: new Date().toISOString(), resource_type: 'x', event_type: type, summary: type, resource });
      const sig = `sig-${randomUUID()}`;
      if (options.signed !== false) signed.set(sig, body);
      const headers = {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${fake.base}/v1/notifications/certs/CERT-FAKE`,
        'paypal-transmission-id': randomUUID(),
        'paypal-transmission-sig': sig,
        'paypal-transmission-time': new Date().toISOString(),
      };
      return { body, headers, id };
    },
    close: async () => {},
  };

  /** Posts a signed event to the webhook URL, as PayPal does after the fact; failures are PayPal's retries' business. */
  const emit = (type: string, resource: Record<string, unknown>) => {
    if (!options.webhookUrl) return;
    const { body, headers } = fake.event(type, resource);
    fetch(options.webhookUrl, { method: 'POST', headers, body }).catch(() => {});
  };

  const orderJson = (order: FakeOrder) => ({
    id: order.id,
    status: order.status,
    payer: order.payer ? payerOf(order.payer) : undefined,
    purchase_units: [
      {
        custom_id: order.custom,
        amount: { currency_code: 'USD', value: order.value },
        payments: order.captureId
          ? { captures: [{ id: order.captureId, status: order.captureStatus, amount: { currency_code: 'USD', value: order.value }, custom_id: order.custom, create_time: order.captureTime, supplementary_data: { related_ids: { order_id: order.id } } }] }
          : undefined,
      },
    ],
    links: [{ rel: 'payer-action', href: `${fake.base}/approve/${order.id}`, method: 'GET' }],
  });
  const subscriptionJson = (s: FakeSubscription) => ({
    id: s.id,
    status: s.status,
    plan_id: s.planId,
    custom_id: s.custom,
    start_time: s.startTime,
    status_update_time: s.startTime,
    plan_overridden: true,
    subscriber: s.payer ? payerOf(s.payer) : undefined,
    plan: { billing_cycles: [{ tenure_type: 'REGULAR', sequence: 1, pricing_scheme: { fixed_price: { currency_code: 'USD', value: s.value } } }] },
    links: [{ rel: 'approve', href: `${fake.base}/approve/${s.id}`, method: 'GET' }],
  });

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', fake.base);
      const path = url.pathname;
      fake.calls.push(`${request.method} ${path}`);
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(value === null ? '' : JSON.stringify(value));
      const body = (() => {
        try {
          return raw && request.headers['content-type']?.includes('json') ? JSON.parse(raw) : {};
        } catch {
          return null;
        }
      })();
      if (request.method === 'GET' && path.startsWith('/approve-revision/')) {
        const id = decodeURIComponent(path.slice('/approve-revision/'.length));
        if (!fake.subscriptions.get(id)?.revision) return response.writeHead(404).end('unknown');
        if (url.searchParams.get('approve') === '1') {
          const back = fake.approveRevision(id);
          return response.writeHead(303, { location: options.browserUrl ? options.browserUrl(back) : back }).end();
        }
        return response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><html lang="en"><title>Fake PayPal</title><main><h1>Fake PayPal</h1><p>New amount: $${fake.subscriptions.get(id)!.revision!.value} a month</p><form method="get"><input type="hidden" name="approve" value="1"><button>Agree and continue</button></form></main></html>`);
      }
      if (request.method === 'GET' && path.startsWith('/approve/')) {
        // The approval page: a button the browser presses, which goes where PayPal would send the donor.
        const id = decodeURIComponent(path.slice('/approve/'.length));
        if (!fake.orders.has(id) && !fake.subscriptions.has(id)) return response.writeHead(404).end('unknown');
        if (url.searchParams.get('approve') === '1') {
          const back = fake.approve(id, url.searchParams.get('email') || undefined);
          return response.writeHead(303, { location: options.browserUrl ? options.browserUrl(back) : back }).end();
        }
        return response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html lang="en"><title>Fake PayPal</title><main><h1>Fake PayPal</h1><form method="get"><input type="hidden" name="approve" value="1"><label>PayPal account email <input name="email" value="${fake.payer.email}"></label><button>Approve</button></form></main></html>`,
          );
      }
      if (request.method === 'GET' && path === '/test-form') {
        // The browser tests' stand-in for the donation form built with paypal.checkout "orders"
        // (the shared e2e build keeps the default): the same presets and the fields the island
        // posts (buildOrdersCheckout), sent to the site's /api/donate.
        const site = url.searchParams.get('site') ?? '';
        const lang = url.searchParams.get('lang') ?? 'en';
        const page = url.searchParams.get('page') ?? '/donate';
        const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
        const presets = [25, 50, 100, 250].map((amount) => `<label><input type="radio" name="amount" value="${amount}"${amount === 50 ? ' checked' : ''}> $${amount}</label>`).join('');
        return response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html lang="${escape(lang)}"><title>Donate (orders checkout)</title><main><form method="post" action="${escape(site)}/api/donate"><fieldset><legend>Choose an amount</legend>${presets}</fieldset><fieldset><legend>How often</legend><label><input type="radio" name="frequency" value="one-time" checked> One-time</label><label><input type="radio" name="frequency" value="monthly"> Monthly</label></fieldset><input type="hidden" name="lang" value="${escape(lang)}"><input type="hidden" name="page" value="${escape(page)}"><button>Donate</button></form></main></html>`,
          );
      }
      if (path === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${FAKE_CLIENT_ID}:${FAKE_CLIENT_SECRET}`).toString('base64')}`;
        if (request.headers.authorization !== expected) return json(401, { error: 'invalid_client' });
        return json(200, { access_token: 'A21-fake-token', token_type: 'Bearer', expires_in: 32400 });
      }
      if (request.headers.authorization !== 'Bearer A21-fake-token') return json(401, { name: 'AUTHENTICATION_FAILURE' });
      if (body === null) return json(400, { name: 'INVALID_REQUEST', details: [{ issue: 'MALFORMED_REQUEST_JSON' }] });
      if (request.method === 'POST' && path === '/v2/checkout/orders') {
        const unit = body.purchase_units?.[0];
        const context = body.payment_source?.paypal?.experience_context ?? {};
        const order: FakeOrder = { id: upper(), status: 'CREATED', value: unit?.amount?.value, custom: unit?.custom_id ?? '', returnUrl: context.return_url, cancelUrl: context.cancel_url };
        fake.orders.set(order.id, order);
        return json(200, orderJson(order));
      }
      const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
      if (orderMatch) {
        const order = fake.orders.get(decodeURIComponent(orderMatch[1]!));
        if (!order) return json(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
        if (request.method === 'GET') return json(200, orderJson(order));
        if (order.status === 'COMPLETED') return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
        if (order.status !== 'APPROVED') return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
        if (fake.declineNext > 0) {
          fake.declineNext -= 1;
          return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
        }
        order.status = 'COMPLETED';
        order.captureId = upper();
        order.captureStatus = 'COMPLETED';
        order.captureTime = new Date().toISOString();
        const captured = orderJson(order);
        emit('PAYMENT.CAPTURE.COMPLETED', captured.purchase_units[0]!.payments!.captures[0]!);
        return json(201, captured);
      }
      if (request.method === 'POST' && path === '/v1/catalogs/products') return json(201, { id: `PROD-${upper()}`, name: body.name });
      if (request.method === 'POST' && path === '/v1/billing/plans') {
        const id = `P-${upper()}`;
        fake.plans.push(id);
        return json(201, { id, product_id: body.product_id, status: 'ACTIVE' });
      }
      if (request.method === 'POST' && path === '/v1/billing/subscriptions') {
        if (!fake.plans.includes(body.plan_id)) return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INVALID_PLAN' }] });
        const subscription: FakeSubscription = {
          id: `I-${upper()}`,
          status: 'APPROVAL_PENDING',
          planId: body.plan_id,
          value: body.plan?.billing_cycles?.[0]?.pricing_scheme?.fixed_price?.value ?? '1.00',
          custom: body.custom_id ?? '',
          returnUrl: body.application_context?.return_url,
          startTime: new Date().toISOString(),
        };
        fake.subscriptions.set(subscription.id, subscription);
        return json(201, subscriptionJson(subscription));
      }
      const subscriptionMatch = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel|\/revise)?$/.exec(path);
      if (subscriptionMatch) {
        const subscription = fake.subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
        if (!subscription) return json(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
        if (request.method === 'GET') return json(200, subscriptionJson(subscription));
        if (subscriptionMatch[2] === '/revise') {
          // A new amount (the plan override), applied once the donor approves at the returned link.
          const value = body?.plan?.billing_cycles?.[0]?.pricing_scheme?.fixed_price?.value;
          if (subscription.status !== 'ACTIVE') return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
          if (typeof value !== 'string' || !body?.application_context?.return_url) return json(400, { name: 'INVALID_REQUEST', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] });
          subscription.revision = { value, returnUrl: body.application_context.return_url };
          return json(200, { plan_id: subscription.planId, plan_overridden: true, links: [{ rel: 'approve', href: `${fake.base}/approve-revision/${subscription.id}`, method: 'GET' }] });
        }
        subscription.status = 'CANCELLED';
        return json(204, null);
      }
      if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
        if (fake.failVerify > 0) {
          fake.failVerify -= 1;
          return json(503, { name: 'INTERNAL_SERVICE_ERROR' });
        }
        // The event must come back as the very bytes that were signed.
        const at = raw.indexOf('"webhook_event":');
        const event = at < 0 ? '' : raw.slice(at + '"webhook_event":'.length, -1);
        const ok = body.webhook_id === FAKE_WEBHOOK_ID && signed.get(body.transmission_sig) === event;
        return json(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      }
      return json(404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
