/**
 * A small typed client of PayPal's current REST APIs, the calls the donation checkout needs:
 * OAuth 2.0 client credentials, Orders v2 (create, capture, show), Subscriptions v1 (products,
 * plans, create, show, cancel) and Notifications v1 (verify-webhook-signature). Plain fetch:
 * PayPal's server SDK (@paypal/paypal-server-sdk) covers orders and subscriptions but not the
 * catalog's products nor webhook verification, so a second way of calling PayPal would remain
 * beside it anyway (docs/donations.md).
 *
 * Every call that creates something carries a PayPal-Request-Id, so a retried call (a timeout,
 * the donor reloading the return page, two servers at once) is done once by PayPal.
 */
import { DONATION_CURRENCY } from '../../../src/lib/constants.ts';

export const PAYPAL_API_BASE = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';
/** How long one call may take before it counts as PayPal unreachable. */
export const REST_TIMEOUT_MS = 30_000;

export interface PaypalRestOptions {
  base: string;
  clientId: string;
  clientSecret: string;
}

/** PayPal gave no answer we can use (unreachable, 5xx, a 429): try again later. */
export class PaypalUnavailable extends Error {}

/** PayPal refused the request (4xx), with its error name and the issues it listed. */
export class PaypalRefused extends Error {
  readonly status: number;
  readonly errorName: string;
  readonly issues: string[];
  constructor(status: number, errorName: string, issues: string[]) {
    super(`PayPal refused (${status} ${errorName}${issues.length ? `: ${issues.join(', ')}` : ''})`);
    this.status = status;
    this.errorName = errorName;
    this.issues = issues;
  }
}

export interface Money {
  currency_code: string;
  value: string;
}
export interface Link {
  href: string;
  rel: string;
  method?: string;
}
export interface Capture {
  id: string;
  status: string;
  amount?: Money;
  custom_id?: string;
  create_time?: string;
  update_time?: string;
  links?: Link[];
  supplementary_data?: { related_ids?: { order_id?: string } };
}
export interface Payer {
  email_address?: string;
  name?: { given_name?: string; surname?: string };
}
export interface Order {
  id: string;
  status: string;
  payer?: Payer;
  purchase_units?: { custom_id?: string; amount?: Money; payments?: { captures?: Capture[] } }[];
  links?: Link[];
}
export interface Subscription {
  id: string;
  status: string;
  plan_id?: string;
  custom_id?: string;
  start_time?: string;
  create_time?: string;
  status_update_time?: string;
  subscriber?: Payer;
  plan?: { billing_cycles?: { tenure_type?: string; pricing_scheme?: { fixed_price?: Money } }[] };
  links?: Link[];
}

/** Integer cents as PayPal's amount string: 2550 → '25.50'. */
export const centsToValue = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const approveLink = (resource: { links?: Link[] }) => resource.links?.find((link) => link.rel === 'approve' || link.rel === 'payer-action')?.href ?? null;

export function createPaypalRest(options: PaypalRestOptions) {
  const base = options.base.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  async function send(path: string, init: { method: string; body?: string; headers?: Record<string, string>; form?: boolean }, bearer: string | null): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          Accept: 'application/json',
          ...(init.body !== undefined ? { 'Content-Type': init.form ? 'application/x-www-form-urlencoded' : 'application/json' } : {}),
          Authorization: bearer ? `Bearer ${bearer}` : `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
          ...init.headers,
        },
        body: init.body,
        signal: AbortSignal.timeout(REST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaypalUnavailable(`PayPal could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await send('/v1/oauth2/token', { method: 'POST', body: 'grant_type=client_credentials', form: true }, null);
    const body = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (response.status >= 500 || response.status === 429) throw new PaypalUnavailable(`PayPal answered ${response.status} for a token`);
    if (!response.ok || !body?.access_token) throw new PaypalRefused(response.status, 'AUTHENTICATION_FAILURE', ['check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET']);
    // Renewed a minute before PayPal says it expires.
    token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return token.value;
  }

  async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const json = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    let response = await send(path, { method, body: json, headers }, await accessToken());
    if (response.status === 401) {
      // The token was revoked or expired early: one more try with a new one.
      token = null;
      response = await send(path, { method, body: json, headers }, await accessToken());
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500 || response.status === 429) throw new PaypalUnavailable(`PayPal answered ${response.status} for ${method} ${path}`);
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new PaypalUnavailable(`PayPal answered ${response.status} without JSON for ${method} ${path}`);
    }
    if (!response.ok) {
      const error = (parsed ?? {}) as { name?: string; details?: { issue?: string }[] };
      throw new PaypalRefused(response.status, error.name ?? 'ERROR', (error.details ?? []).map((d) => d.issue ?? '').filter(Boolean));
    }
    return parsed as T;
  }

  return {
    /** An Orders v2 order (intent CAPTURE) for a one-time gift; `custom_id` carries the donor's language. */
    createOrder(input: { amountCents: number; description: string; custom: string; returnUrl: string; cancelUrl: string; locale: string | null; requestId: string }) {
      return call<Order>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [{ amount: { currency_code: DONATION_CURRENCY, value: centsToValue(input.amountCents) }, description: input.description, custom_id: input.custom }],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                ...(input.locale ? { locale: input.locale } : {}),
              },
            },
          },
        },
        { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' },
      );
    },
    /** Captures an approved order; the same request id each time, so a second capture is PayPal's first answer. */
    captureOrder(orderId: string) {
      return call<Order>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, { 'PayPal-Request-Id': `capture-${orderId}`.slice(0, 108), Prefer: 'return=representation' });
    },
    getOrder(orderId: string) {
      return call<Order>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    },
    createProduct(input: { name: string; requestId: string }) {
      return call<{ id: string }>('POST', '/v1/catalogs/products', { name: input.name, type: 'SERVICE', category: 'CHARITY' }, { 'PayPal-Request-Id': input.requestId });
    },
    /** One monthly plan at a nominal price: each subscription sets its own amount (plan override). */
    createPlan(input: { productId: string; name: string; requestId: string }) {
      return call<{ id: string }>(
        'POST',
        '/v1/billing/plans',
        {
          product_id: input.productId,
          name: input.name,
          status: 'ACTIVE',
          billing_cycles: [{ frequency: { interval_unit: 'MONTH', interval_count: 1 }, tenure_type: 'REGULAR', sequence: 1, total_cycles: 0, pricing_scheme: { fixed_price: { currency_code: DONATION_CURRENCY, value: '1.00' } } }],
          payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
        },
        { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' },
      );
    },
    /** A subscription on the plan with this donor's monthly amount (the create call's `plan` override). */
    createSubscription(input: { planId: string; amountCents: number; custom: string; returnUrl: string; cancelUrl: string; locale: string | null; requestId: string }) {
      return call<Subscription>(
        'POST',
        '/v1/billing/subscriptions',
        {
          plan_id: input.planId,
          custom_id: input.custom,
          plan: { billing_cycles: [{ sequence: 1, total_cycles: 0, pricing_scheme: { fixed_price: { currency_code: DONATION_CURRENCY, value: centsToValue(input.amountCents) } } }] },
          application_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            user_action: 'SUBSCRIBE_NOW',
            shipping_preference: 'NO_SHIPPING',
            ...(input.locale ? { locale: input.locale } : {}),
          },
        },
        { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' },
      );
    },
    /** The subscription with its plan as overridden (`fields=plan`): its monthly amount. */
    getSubscription(id: string) {
      return call<Subscription>('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}?fields=plan`);
    },
    /**
     * Asks PayPal to change a subscription's monthly amount (revise, with the plan override): the
     * answer's approve link is where the donor agrees to it at PayPal, who then sends them to `returnUrl`.
     */
    reviseSubscription(id: string, input: { amountCents: number; returnUrl: string; cancelUrl: string; locale: string | null }) {
      return call<{ links?: Link[] }>('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/revise`, {
        plan: { billing_cycles: [{ sequence: 1, total_cycles: 0, pricing_scheme: { fixed_price: { currency_code: DONATION_CURRENCY, value: centsToValue(input.amountCents) } } }] },
        application_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl, user_action: 'CONTINUE', shipping_preference: 'NO_SHIPPING', ...(input.locale ? { locale: input.locale } : {}) },
      });
    },
    cancelSubscription(id: string, reason: string) {
      return call<null>('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, { reason });
    },
    /**
     * PayPal's verdict on a webhook: SUCCESS or FAILURE. The event goes back as the exact bytes
     * that arrived (a parsed and re-serialised copy may differ from what PayPal signed).
     */
    async verifyWebhook(input: { webhookId: string; headers: Readonly<Record<string, string>>; rawBody: string }): Promise<'SUCCESS' | 'FAILURE'> {
      const h = input.headers;
      const fields = {
        auth_algo: h['paypal-auth-algo'] ?? '',
        cert_url: h['paypal-cert-url'] ?? '',
        transmission_id: h['paypal-transmission-id'] ?? '',
        transmission_sig: h['paypal-transmission-sig'] ?? '',
        transmission_time: h['paypal-transmission-time'] ?? '',
        webhook_id: input.webhookId,
      };
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${input.rawBody}}`;
      try {
        const answer = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', body);
        if (answer?.verification_status === 'SUCCESS' || answer?.verification_status === 'FAILURE') return answer.verification_status;
        throw new PaypalUnavailable(`PayPal answered verification_status ${String(answer?.verification_status)}`);
      } catch (error) {
        // A request PayPal refuses outright (headers missing or malformed) cannot be verified: not believed.
        if (error instanceof PaypalRefused && error.status === 400) return 'FAILURE';
        throw error;
      }
    },
  };
}

export type PaypalRest = ReturnType<typeof createPaypalRest>;
