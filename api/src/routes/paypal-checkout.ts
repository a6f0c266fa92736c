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
 * A declined payment or PayPal out of reach: the site's /donation-problem page says so in the
 * donor's language, and nothing is recorded. Cancelling at PayPal returns to the page the donor left.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';
import { localizePath } from '../../../src/lib/i18n/paths.ts';
import { customField, itemName, parseDonationAmount, paypalLocale, thankYouUrl } from '../../../src/lib/paypal.ts';
import { site } from '../../../src/lib/site.ts';
import { withMonthlyPlan } from '../donations/paypal-plan.ts';
import { approveLink, PaypalRefused, PaypalUnavailable, type Order } from '../donations/paypal-rest.ts';
import { captureState, monthlyAmount, orderCapture, recordActivation, recordCapture } from '../donations/rest-record.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { rateLimit } from '../rate-limit.ts';
import type { Services } from '../services.ts';

/** A page of the site as the Location of our own redirect: its path, on whatever host the donor came back to. */
const sitePath = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Why a gift was not made: the fragment of /donation-problem that explains it (src/pages/[...lang]/donation-problem.astro). */
type Problem = 'unavailable' | 'declined' | 'monthly' | 'amount';

/**
 * The donor's page for what went wrong, in their language: a 303 to the site's own page (its
 * design, its way back to the form, people to call), which works without JavaScript.
 */
function problemPage(c: Context, lang: Lang, problem: Problem) {
  c.header('Cache-Control', 'no-store');
  return c.redirect(`${localizePath('/donation-problem', lang)}${problem === 'unavailable' ? '' : `#${problem}`}`, 303);
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
    if (!checked.ok) return problemPage(c, lang, 'amount');
    const refused = await limit.refuse(c);
    if (refused) return refused;
    const rest = services.paypalRest;
    if (!rest) {
      console.error('donations: POST /api/donate without PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (docs/donations.md)');
      return problemPage(c, lang, 'unavailable');
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
      return problemPage(c, lang, 'unavailable');
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
    const orderId = (c.req.query('token') ?? '').trim();
    const rest = services.paypalRest;
    if (!rest || !/^[A-Z0-9-]{1,64}$/i.test(orderId)) return problemPage(c, lang, 'declined');
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
        return problemPage(c, lang, 'declined');
      } else if (error instanceof PaypalUnavailable) return problemPage(c, lang, 'unavailable');
      else throw error;
    }
    const capture = orderCapture(order);
    const state = captureState(capture?.status);
    if (!capture || !state || state === 'failed') return problemPage(c, lang, 'declined');
    const recorded = await db.write((trx) => recordCapture(trx, db.dialect, services.mailer, capture, order, new Date().toISOString()));
    services.mailer.deliverLater(recorded.mailIds);
    const amount = Number(capture.amount?.value);
    return c.redirect(sitePath(thankYouUrl(config.siteUrl, Number.isFinite(amount) && amount > 0 ? amount : null, false, lang)), 303);
  });

  routes.get('/subscribed', async (c) => {
    const lang = langOrDefault(c.req.query('lang'));
    const id = (c.req.query('subscription_id') ?? '').trim();
    const rest = services.paypalRest;
    if (!rest || !/^I-[A-Z0-9]{1,62}$/i.test(id)) return problemPage(c, lang, 'monthly');
    let subscription;
    try {
      subscription = await rest.getSubscription(id);
    } catch (error) {
      if (error instanceof PaypalUnavailable) return problemPage(c, lang, 'unavailable');
      if (error instanceof PaypalRefused) return problemPage(c, lang, 'monthly');
      throw error;
    }
    if (subscription.status !== 'ACTIVE' && subscription.status !== 'APPROVED') return problemPage(c, lang, 'monthly');
    const now = new Date().toISOString();
    await db.write((trx) => recordActivation(trx, subscription, now));
    const cents = monthlyAmount(subscription);
    return c.redirect(sitePath(thankYouUrl(config.siteUrl, cents === null ? null : cents / 100, true, lang)), 303);
  });
  routes.all('/return', methodNotAllowed('GET'));
  routes.all('/subscribed', methodNotAllowed('GET'));
  return routes;
}
