/**
 * PayPal's REST resources (Orders v2 captures, Payments v2 refunds, Subscriptions v1 and their
 * sales), mapped onto the same recording as IPN's fields (record.ts): one gift per capture id (or
 * sale id), refunds and reversals as adjustments keyed by their own id with the capture as
 * parent, one monthly donor per subscription id, on the `subscriptions` path. Whatever tells it
 * first, the donor's return or a webhook, and however often, the record ends the same.
 */
import type { Db } from '../db/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { PaymentState } from './gift-status.ts';
import type { Subscriber } from './monthly-donors.ts';
import type { Capture, Order, Payer, PaypalRest, Subscription } from './paypal-rest.ts';
import { DONATION_CURRENCY, giftAmount, nothing, recordPayment, recordPaymentAdjustment, recordSubscriptionChange, type Recorded, type SubscriptionChange } from './record.ts';
import type { Trx } from './trx.ts';

/** A capture's status as the state of its payment; a refunded capture had completed (its refunds are adjustments). */
const CAPTURE_STATES: Readonly<Record<string, PaymentState>> = {
  COMPLETED: 'completed',
  PARTIALLY_REFUNDED: 'completed',
  REFUNDED: 'completed',
  PENDING: 'pending',
  DECLINED: 'failed',
  DENIED: 'failed',
  FAILED: 'failed',
};
export const captureState = (status: string | undefined) => CAPTURE_STATES[status ?? ''];

/** The language `custom_id` carries (`lang=fr`, as the Payments Standard form's `custom`). */
export function customIdLang(customId: string | undefined): string | null {
  try {
    return new URLSearchParams(customId ?? '').get('lang');
  } catch {
    return null;
  }
}

function who(payer: Payer | undefined) {
  const name = [payer?.name?.given_name, payer?.name?.surname].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  return { email: (payer?.email_address ?? '').trim().toLowerCase().slice(0, 254), name: name.slice(0, 200) };
}

/** The first capture of an order (a donation order has one purchase unit and one capture). */
export const orderCapture = (order: Order): Capture | undefined => order.purchase_units?.[0]?.payments?.captures?.[0];

/** Records a capture as a one-time gift; the order gives the payer and the language. */
export async function recordCapture(trx: Trx, dialect: Db['dialect'], mailer: Mailer, capture: Capture, order: Order | null, now: string): Promise<Recorded> {
  const state = captureState(capture.status);
  if (!state) return nothing(`not recorded: capture ${capture.status || 'without a status'}`);
  if (capture.amount?.currency_code !== DONATION_CURRENCY) return nothing(`ignored: currency ${capture.amount?.currency_code || '(none)'} is not ${DONATION_CURRENCY}`);
  const amount = giftAmount(capture.amount.value);
  if (typeof amount === 'string') return nothing(amount);
  const payer = who(order?.payer);
  if (!payer.email) return nothing(`ignored: capture ${capture.id} without the payer's address`);
  const lang = customIdLang(capture.custom_id ?? order?.purchase_units?.[0]?.custom_id);
  return recordPayment(trx, dialect, mailer, { txnId: capture.id, state, amountCents: amount, ...payer, paidAt: capture.create_time ?? now, lang, kind: 'one-time', subscriber: null }, now);
}

export function subscriberOf(subscription: Subscription): Subscriber {
  return { subscrId: subscription.id, ...who(subscription.subscriber), lang: customIdLang(subscription.custom_id), source: 'subscriptions' as const };
}

/** The monthly amount of a subscription shown with its plan (`fields=plan`), in cents; null when PayPal gave none. */
export function monthlyAmount(subscription: Subscription): number | null {
  const regular = subscription.plan?.billing_cycles?.find((cycle) => cycle.tenure_type === 'REGULAR') ?? subscription.plan?.billing_cycles?.[0];
  const price = regular?.pricing_scheme?.fixed_price;
  if (!price || price.currency_code !== DONATION_CURRENCY) return null;
  const amount = giftAmount(price.value);
  return typeof amount === 'number' ? amount : null;
}

/** A subscription PayPal shows ACTIVE: the monthly donor signed up (the donor's return, BILLING.SUBSCRIPTION.ACTIVATED). */
export async function recordActivation(trx: Trx, subscription: Subscription, now: string): Promise<Recorded> {
  const amount = monthlyAmount(subscription);
  if (amount === null) return nothing(`ignored: subscription ${subscription.id} without a monthly amount in ${DONATION_CURRENCY}`);
  return recordSubscriptionChange(trx, subscriberOf(subscription), { type: 'signup', amountCents: amount }, amount, subscription.start_time ?? subscription.status_update_time ?? now, now);
}

/**
 * A subscription whose amount changed (the donor agreed to a new one at PayPal: their return from
 * "Manage my giving", BILLING.SUBSCRIPTION.UPDATED): the monthly donor's amount becomes PayPal's.
 */
export async function recordAmountChange(trx: Trx, subscription: Subscription, now: string): Promise<Recorded> {
  const amount = monthlyAmount(subscription);
  if (amount === null) return nothing(`ignored: subscription ${subscription.id} without a monthly amount in ${DONATION_CURRENCY}`);
  const changed = await trx.updateTable('recurring_donors').set({ amount_cents: amount, updated_at: now }).where('subscr_id', '=', subscription.id).where('amount_cents', '<>', amount).executeTakeFirst();
  return nothing(Number(changed.numUpdatedRows) ? `monthly donor ${subscription.id} now gives ${amount} cents` : `unchanged: monthly donor ${subscription.id} gives ${amount} cents`);
}

/** A webhook event as PayPal sends it. */
export interface WebhookEvent {
  id: string;
  event_type: string;
  create_time?: string;
  resource: Record<string, unknown>;
}

/** What an event needs from PayPal beyond itself, fetched before its transaction (the payer is not in a capture). */
export interface EventContext {
  order?: Order | null;
  subscription?: Subscription | null;
}

const CAPTURE_EVENTS = new Set(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.PENDING', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DECLINED']);
const SUBSCRIPTION_CHANGES: Readonly<Record<string, SubscriptionChange>> = {
  'BILLING.SUBSCRIPTION.CANCELLED': { type: 'cancelled' },
  'BILLING.SUBSCRIPTION.EXPIRED': { type: 'ended' },
  'BILLING.SUBSCRIPTION.SUSPENDED': { type: 'suspended' },
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': { type: 'failed' },
};

/** Fetches what the event's record needs (the order of a capture, the subscription of a sale or an activation). */
export async function eventContext(rest: PaypalRest, event: WebhookEvent): Promise<EventContext> {
  const resource = event.resource as Record<string, any>;
  if (CAPTURE_EVENTS.has(event.event_type)) {
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    return { order: typeof orderId === 'string' ? await rest.getOrder(orderId) : null };
  }
  if (event.event_type === 'PAYMENT.SALE.COMPLETED' && typeof resource.billing_agreement_id === 'string') return { subscription: await rest.getSubscription(resource.billing_agreement_id) };
  if ((event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED' || event.event_type === 'BILLING.SUBSCRIPTION.UPDATED') && typeof resource.id === 'string') return { subscription: await rest.getSubscription(resource.id) };
  return {};
}

/** The capture a refund or reversal belongs to: its `up` link (…/v2/payments/captures/<id>). */
function parentCapture(resource: Record<string, any>): string | null {
  const up = (resource.links as { rel?: string; href?: string }[] | undefined)?.find((link) => link.rel === 'up' && /\/captures\//.test(link.href ?? ''));
  return up?.href?.split('/captures/')[1]?.split(/[/?#]/)[0] ?? null;
}

/** Records a verified webhook event (once per event id: the worker sees to that). */
export async function recordWebhookEvent(trx: Trx, dialect: Db['dialect'], mailer: Mailer, event: WebhookEvent, context: EventContext, now: string): Promise<Recorded> {
  const resource = event.resource as Record<string, any>;
  const type = event.event_type;
  if (CAPTURE_EVENTS.has(type)) return recordCapture(trx, dialect, mailer, resource as Capture, context.order ?? null, now);
  if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
    const parent = parentCapture(resource);
    if (!parent) return nothing(`ignored: ${type} without its capture`);
    const value = resource.amount?.value as string | undefined;
    const amount = type === 'PAYMENT.CAPTURE.REFUNDED' && value ? giftAmount(value) : null;
    const at = (resource.create_time as string | undefined) ?? event.create_time ?? now;
    return recordPaymentAdjustment(trx, dialect, { txnId: String(resource.id ?? ''), parent, kind: type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'reversal', amountCents: typeof amount === 'number' ? amount : null, payerEmail: null, at }, now);
  }
  if (type === 'PAYMENT.SALE.COMPLETED') {
    const subscription = context.subscription;
    if (!subscription) return nothing('ignored: a sale without its subscription');
    if (resource.amount?.currency !== DONATION_CURRENCY) return nothing(`ignored: currency ${resource.amount?.currency || '(none)'} is not ${DONATION_CURRENCY}`);
    const amount = giftAmount(resource.amount?.total);
    if (typeof amount === 'string') return nothing(amount);
    const subscriber = subscriberOf(subscription);
    const state = String(resource.state ?? '').toLowerCase() === 'completed' ? 'completed' : String(resource.state ?? '').toLowerCase() === 'pending' ? 'pending' : 'failed';
    return recordPayment(trx, dialect, mailer, { txnId: String(resource.id ?? ''), state, amountCents: amount, email: subscriber.email, name: subscriber.name, paidAt: resource.create_time ?? now, lang: subscriber.lang, kind: 'monthly', subscriber }, now);
  }
  if (type === 'BILLING.SUBSCRIPTION.ACTIVATED') return context.subscription ? recordActivation(trx, context.subscription, now) : nothing('ignored: activation without its subscription');
  if (type === 'BILLING.SUBSCRIPTION.UPDATED') return context.subscription ? recordAmountChange(trx, context.subscription, now) : nothing('ignored: an update without its subscription');
  const change = SUBSCRIPTION_CHANGES[type];
  if (change) {
    const subscription = resource as unknown as Subscription;
    if (typeof subscription.id !== 'string') return nothing(`ignored: ${type} without a subscription id`);
    const at = subscription.status_update_time ?? event.create_time ?? now;
    return recordSubscriptionChange(trx, subscriberOf(subscription), change, null, at, now);
  }
  return nothing(`ignored: event ${type || '(none)'}`);
}
