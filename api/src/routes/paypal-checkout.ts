/**
 * The donation checkout on PayPal's current APIs (content/site.json `paypal.checkout: "orders"`):
 *  - POST /api/donate: the donation form's post (amount, frequency, lang, page), checked by the
 *    form's own rule (parseDonationAmount); a one-time gift becomes an Orders v2 order, a monthly
 *    one a Subscriptions v1 subscription, and the answer is a 303 to PayPal's approval page, so
 *    it works without JavaScript;
 *  - GET /api/paypal/return: PayPal sends the donor back here with the order (`token`); the
 *    order is captured (idempotent), the gift recorded once (a webhook may have told it first)
 *    and the donor sent to /thank-you in their language;
 *  - GET /api/paypal/subscribed: the same for a subscription (`subscription_id`): the monthly
 *    donor is recorded, the first payment comes by webhook (PAYMENT.SALE.COMPLETED).
 * A declined payment or PayPal out of reach: a page in the donor's language says so, and
 * nothing is recorded. Cancelling at PayPal returns to the page the donor left.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { langOrDefault, message, type MessageKey } from '../../../src/lib/i18n/catalogue.ts';
import { formatCurrency } from '../../../src/lib/i18n/format.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';
import { localizePath } from '../../../src/lib/i18n/paths.ts';
import { DONATION_MAX } from '../../../src/lib/constants.ts';
import { customField, itemName, parseDonationAmount, paypalLocale, thankYouUrl } from '../../../src/lib/paypal.ts';
import { site } from '../../../src/lib/site.ts';
import { withMonthlyPlan } from '../donations/paypal-plan.ts';
import { approveLink, PaypalRefused, PaypalUnavailable, type Order } from '../donations/paypal-rest.ts';
import { captureState, monthlyAmount, orderCapture, recordActivation, recordCapture } from '../donations/rest-record.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { rateLimit } from '../rate-limit.ts';
import type { Services } from '../services.ts';

/** PayPal's issues that mean the payer's instrument or account said no: the donor may try another. */
const DECLINED_ISSUES = new Set(['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED', 'PAYER_ACTION_REQUIRED', 'PAYER_CANNOT_PAY', 'ORDER_NOT_APPROVED', 'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED']);

/** A page of the site as the Location of our own redirect: its path, on whatever host the donor came back to. */
const sitePath = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A page of the donor's own: what went wrong, in their language, and the way back to the form. */
function problemPage(c: Context, status: 400 | 402 | 503, lang: Lang, text: string, page: string) {
  const title = message(lang, 'donationProblemTitle');
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${escapeHtml(site.name)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(text)}</p><p><a href="${escapeHtml(page)}">${escapeHtml(message(lang, 'donationBackToForm'))}</a></p></main></body></html>`;
  c.header('Cache-Control', 'no-store');
  return c.html(html, status);
}

/** The page the donor left, as a path of this site; anything else is the donation page. */
function ownPage(value: unknown, lang: Lang): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return /^\/(?![/\\])[\x21-\x7e]{0,300}$/.test(text) ? text : localizePath('/donate', lang);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function donateRoutes(services: Services) {
  const { config } = services;
  const limit = rateLimit(services, 'donate');
  const routes = new Hono();
  routes.post('/', async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const lang = langOrDefault(text(body.lang));
    const page = ownPage(body.page, lang);
    const checked = parseDonationAmount(text(body.amount));
    if (!checked.ok) {
      const key: MessageKey = checked.reason === 'missing' ? 'donationNoAmount' : checked.reason === 'too-large' ? 'donationTooLarge' : 'donationCustomInvalid';
      return problemPage(c, 400, lang, message(lang, key, { max: formatCurrency(DONATION_MAX, lang) }), page);
    }
    const refused = await limit.refuse(c);
    if (refused) return refused;
    const rest = services.paypalRest;
    if (!rest) {
      console.error('donations: POST /api/donate without PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (docs/donations.md)');
      return problemPage(c, 503, lang, message(lang, 'donationPaypalUnavailable'), page);
    }
    const monthly = text(body.frequency) === 'monthly';
    const amountCents = Math.round(checked.amount * 100);
    const back = new URLSearchParams({ lang, page }).toString();
    const cancelUrl = `${config.siteUrl}${page}`;
    try {
      const created = monthly
        ? await withMonthlyPlan(services, (planId) =>
            rest.createSubscription({
              planId,
              amountCents,
              custom: customField(lang),
              returnUrl: `${config.siteUrl}/api/paypal/subscribed?${back}`,
              cancelUrl,
              locale: paypalLocale(lang),
              requestId: randomUUID(),
            }),
          )
        : await rest.createOrder({
            amountCents,
            description: itemName(site, false),
            custom: customField(lang),
            returnUrl: `${config.siteUrl}/api/paypal/return?${back}`,
            cancelUrl,
            locale: paypalLocale(lang),
            requestId: randomUUID(),
          });
      const approve = approveLink(created);
      if (!approve) throw new PaypalUnavailable(`PayPal gave no approval link for ${created.id}`);
      await services.db.write((trx) => limit.count(trx, c));
      return c.redirect(approve, 303);
    } catch (error) {
      if (!(error instanceof PaypalUnavailable || error instanceof PaypalRefused)) throw error;
      console.error(`donations: PayPal did not create the ${monthly ? 'subscription' : 'order'}: ${error.message}`);
      return problemPage(c, 503, lang, message(lang, 'donationPaypalUnavailable'), page);
    }
  });
  routes.all('/', methodNotAllowed('POST'));
  return routes;
}

export function paypalCheckoutRoutes(services: Services) {
  const { config, db } = services;
  const routes = new Hono();

  routes.get('/return', async (c) => {
    const lang = langOrDefault(c.req.query('lang'));
    const page = ownPage(c.req.query('page'), lang);
    const orderId = (c.req.query('token') ?? '').trim();
    const rest = services.paypalRest;
    if (!rest || !/^[A-Z0-9-]{1,64}$/i.test(orderId)) return problemPage(c, 400, lang, message(lang, 'donationDeclined'), page);
    let order: Order;
    try {
      order = await rest.captureOrder(orderId);
    } catch (error) {
      if (error instanceof PaypalRefused && error.issues.includes('ORDER_ALREADY_CAPTURED')) {
        // Captured already (a reload, another server, PayPal's own retry): the order tells what.
        const known = await rest.getOrder(orderId).catch(() => null);
        // Paid, though PayPal cannot show the order now: thanked without the amount; the webhook records the gift.
        if (!known) return c.redirect(sitePath(thankYouUrl(config.siteUrl, null, false, lang)), 303);
        order = known;
      } else if (error instanceof PaypalRefused) {
        console.error(`donations: the capture of order ${orderId} was refused: ${error.message}`);
        const declined = error.issues.some((issue) => DECLINED_ISSUES.has(issue)) || error.status === 422;
        return problemPage(c, declined ? 402 : 400, lang, message(lang, 'donationDeclined'), page);
      } else if (error instanceof PaypalUnavailable) return problemPage(c, 503, lang, message(lang, 'donationPaypalUnavailable'), page);
      else throw error;
    }
    const capture = orderCapture(order);
    const state = captureState(capture?.status);
    if (!capture || !state || state === 'failed') return problemPage(c, 402, lang, message(lang, 'donationDeclined'), page);
    const recorded = await db.write((trx) => recordCapture(trx, db.dialect, services.mailer, capture, order, new Date().toISOString()));
    services.mailer.deliverLater(recorded.mailIds);
    const amount = Number(capture.amount?.value);
    return c.redirect(sitePath(thankYouUrl(config.siteUrl, Number.isFinite(amount) && amount > 0 ? amount : null, false, lang)), 303);
  });

  routes.get('/subscribed', async (c) => {
    const lang = langOrDefault(c.req.query('lang'));
    const page = ownPage(c.req.query('page'), lang);
    const id = (c.req.query('subscription_id') ?? '').trim();
    const rest = services.paypalRest;
    if (!rest || !/^I-[A-Z0-9]{1,62}$/i.test(id)) return problemPage(c, 400, lang, message(lang, 'donationMonthlyNotStarted'), page);
    let subscription;
    try {
      subscription = await rest.getSubscription(id);
    } catch (error) {
      if (error instanceof PaypalUnavailable) return problemPage(c, 503, lang, message(lang, 'donationPaypalUnavailable'), page);
      if (error instanceof PaypalRefused) return problemPage(c, 400, lang, message(lang, 'donationMonthlyNotStarted'), page);
      throw error;
    }
    if (subscription.status !== 'ACTIVE' && subscription.status !== 'APPROVED') return problemPage(c, 402, lang, message(lang, 'donationMonthlyNotStarted'), page);
    const now = new Date().toISOString();
    await db.write((trx) => recordActivation(trx, subscription, now));
    const cents = monthlyAmount(subscription);
    return c.redirect(sitePath(thankYouUrl(config.siteUrl, cents === null ? null : cents / 100, true, lang)), 303);
  });
  routes.all('/return', methodNotAllowed('GET'));
  routes.all('/subscribed', methodNotAllowed('GET'));
  return routes;
}
