/**
 * "Manage my giving", the donor's own pages (donor-portal.ts):
 *   POST /api/giving/link {email, lang}      mails a one-time link when the address ever gave; the
 *                                            same answer either way (JSON, or a form post's 303 to
 *                                            /manage-giving/sent), at most one mail a minute per address
 *   POST /api/giving/open {token}            uses the link once: a session cookie for that address
 *   GET  /api/giving/me                      the session's gifts, statements and monthly gifts
 *   GET  /api/giving/receipts/:number        a receipt again, as the page it was mailed as
 *   GET  /api/giving/statements/:year        a year's statement, as of today
 *   POST /api/giving/monthly/:id/stop        stops a monthly gift on PayPal's Subscriptions API
 *   POST /api/giving/monthly/:id/amount      asks PayPal to change its amount: PayPal's page where the
 *                                            donor agrees (`approveUrl`); the new amount applies from
 *                                            the next payment
 *   GET  /api/giving/revised?subscription=   the donor's return from PayPal: the amount PayPal now
 *                                            holds is recorded, then the donor's page
 *   POST /api/giving/sign-out                ends the session
 * Without a session the reading and stopping routes answer 401.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as z from 'zod/mini';
import { langOrDefault, message, translateText } from '../../../src/lib/i18n/catalogue.ts';
import { localizePath } from '../../../src/lib/i18n/paths.ts';
import { parseDonationAmount, paypalLocale } from '../../../src/lib/paypal.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';
import { zonedYear } from '../../../src/lib/organisation-calendar.ts';
import { site } from '../../../src/lib/site.ts';
import { asDonorMail, donorMailHtml } from '../donations/donor-mail.ts';
import {
  LINK_MINUTES,
  SESSION_MINUTES,
  createDonorLink,
  donorGift,
  donorGiving,
  donorMonthly,
  donorSession,
  endDonorSession,
  isKnownDonor,
  markStoppedByDonor,
  openDonorLink,
  type DonorSession,
} from '../donations/donor-portal.ts';
import { approveLink, PaypalRefused, PaypalUnavailable } from '../donations/paypal-rest.ts';
import { recordAmountChange } from '../donations/rest-record.ts';
import { countingGifts } from '../donations/statements.ts';
import { manageGivingUrl, money, receiptDocument, receiptDate, statementDocument } from '../donations/receipt-mail.ts';
import { jsonBody } from '../inbox/http.ts';
import { claimCooldown } from '../mail/cooldown.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { rateLimit } from '../rate-limit.ts';
import { newsletterSchema } from '../schemas.ts';
import type { Services } from '../services.ts';
import { refererLang, submission, succeed } from '../submission.ts';
import { refuseOverLimit } from './form-route.ts';

/** The session cookie: only the giving routes receive it. */
export const GIVING_COOKIE = 'sipa_giving';
const COOKIE_PATH = '/api/giving';
/** One link mail a minute per address, whoever asks. */
const LINK_COOLDOWN_SECONDS = 60;

export const givingLinkSchema = newsletterSchema;
const tokenSchema = z.strictObject({ token: z.string().check(z.maxLength(200)) });
const amountSchema = z.strictObject({ amount: z.string().check(z.maxLength(20)) });

type GivingContext = Context<{ Variables: { donor: DonorSession } }>;

export function givingRoutes(services: Services) {
  const { db, mailer, config } = services;
  const limit = rateLimit(services, 'giving');

  const signedIn = async (c: GivingContext, next: () => Promise<void>) => {
    const donor = await donorSession(db, getCookie(c, GIVING_COOKIE));
    if (!donor) return c.json({ message: message(refererLang(c), 'givingSignedOut') }, 401);
    c.set('donor', donor);
    return next();
  };

  const app = new Hono<{ Variables: { donor: DonorSession } }>()
    .post('/link', refuseOverLimit(limit), submission('giving', givingLinkSchema, config.bodyLimitBytes), async (c) => {
      const sent = c.req.valid('json');
      const lang: Lang = sent.data?.lang ?? refererLang(c);
      const answer = () => succeed(c, 'giving', sent.isForm, message(lang, 'givingLinkSent', { email: sent.data?.email ?? '', org: site.name, minutes: LINK_MINUTES }), 201, lang);
      if (sent.honeypot || !sent.data) return answer();
      const email = sent.data.email.trim().toLowerCase();
      const ids = await db.write(async (trx) => {
        await limit.count(trx, c);
        // The answer is the same for an address that never gave: only its owner learns, by mail.
        if (!(await isKnownDonor(trx, email))) return [];
        if (!(await claimCooldown(trx, `giving.link:${email}`, LINK_COOLDOWN_SECONDS))) return [];
        const token = await createDonorLink(trx, email, lang);
        return mailer.enqueue(trx, [linkMail(email, `${manageGivingUrl(lang, config.siteUrl)}?token=${token}#ready`, lang)]);
      });
      mailer.deliverLater(ids);
      return answer();
    })
    .post('/open', submission('token', tokenSchema, 1024), async (c) => {
      const opened = await openDonorLink(db, c.req.valid('json').data?.token ?? '');
      if (!opened) return c.json({ message: message(refererLang(c), 'givingLinkInvalid') }, 400);
      setCookie(c, GIVING_COOKIE, opened.cookie, { path: COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: config.https, maxAge: SESSION_MINUTES * 60 });
      return c.json({ email: opened.email, lang: opened.lang });
    })
    .get('/me', signedIn, async (c) => c.json(await donorGiving(db, c.get('donor').email)))
    .get('/receipts/:number', signedIn, async (c) => {
      const donor = c.get('donor');
      const gift = await donorGift(db, donor.email, (c.req.param('number') ?? '').slice(0, 40));
      if (!gift || gift.status === 'pending' || gift.status === 'failed') return c.json({ message: message(donor.lang, 'givingNotYours') }, 404);
      return documentResponse(c, donorMailHtml(receiptDocument(gift, donor.lang)), `${site.name}-receipt-${gift.receipt_number}.html`);
    })
    .get('/statements/:year', signedIn, async (c) => {
      const donor = c.get('donor');
      const year = Number(c.req.param('year'));
      if (!Number.isInteger(year) || year < 2000 || year > zonedYear(Date.now())) return c.json({ message: message(donor.lang, 'givingNotYours') }, 404);
      const gifts = await countingGifts(db.kysely, year, donor.email);
      if (!gifts.length) return c.json({ message: message(donor.lang, 'givingNotYours') }, 404);
      return documentResponse(c, donorMailHtml(statementDocument(donor.email, year, gifts, donor.lang, { name: gifts.at(-1)?.name })), `${site.name}-statement-${year}.html`);
    })
    .post('/monthly/:id/stop', signedIn, async (c) => {
      const donor = c.get('donor');
      const gift = await donorMonthly(db, donor.email, (c.req.param('id') ?? '').slice(0, 64));
      if (!gift) return c.json({ message: message(donor.lang, 'givingNotYours') }, 404);
      if (gift.status !== 'active') return c.json({ message: message(donor.lang, 'givingAlreadyStopped'), status: gift.status }, 409);
      if (gift.source !== 'subscriptions' || !services.paypalRest) return c.json({ message: message(donor.lang, 'givingStopOnPaypal'), status: gift.status }, 409);
      try {
        await services.paypalRest.cancelSubscription(gift.subscr_id, 'Stopped by the donor on the organisation’s site');
      } catch (error) {
        // PayPal says it is not active any more (stopped on PayPal's side): recorded as stopped all the same.
        if (!(error instanceof PaypalRefused && error.status === 422)) {
          if (error instanceof PaypalUnavailable || error instanceof PaypalRefused) return c.json({ message: message(donor.lang, 'givingPaypalUnavailable') }, 503);
          throw error;
        }
      }
      const now = new Date().toISOString();
      const ids = await db.write(async (trx) => {
        await markStoppedByDonor(trx, gift.subscr_id, now);
        return mailer.enqueue(trx, [stoppedNotice(config.staffMailbox, gift, now)]);
      });
      mailer.deliverLater(ids);
      return c.json({ message: message(donor.lang, 'givingStopped'), status: 'cancelled' as const, cancelledAt: now });
    })
    .post('/monthly/:id/amount', signedIn, jsonBody(amountSchema, 1024), async (c) => {
      const donor = c.get('donor');
      const checked = parseDonationAmount(c.req.valid('json').amount);
      if (!checked.ok) return c.json({ message: translateText(checked.message, donor.lang), issues: [{ path: 'amount', message: translateText(checked.message, donor.lang) }] }, 400);
      const gift = await donorMonthly(db, donor.email, (c.req.param('id') ?? '').slice(0, 64));
      if (!gift) return c.json({ message: message(donor.lang, 'givingNotYours') }, 404);
      if (gift.status !== 'active') return c.json({ message: message(donor.lang, 'givingAlreadyStopped'), status: gift.status }, 409);
      if (gift.source !== 'subscriptions' || !services.paypalRest) return c.json({ message: message(donor.lang, 'givingStopOnPaypal') }, 409);
      const amountCents = Math.round(checked.amount * 100);
      const page = `${config.siteUrl}${localizePath('/manage-giving', donor.lang)}`;
      try {
        const revision = await services.paypalRest.reviseSubscription(gift.subscr_id, {
          amountCents,
          returnUrl: `${config.siteUrl}/api/giving/revised?${new URLSearchParams({ subscription: gift.subscr_id, lang: donor.lang })}`,
          cancelUrl: page,
          locale: paypalLocale(donor.lang),
        });
        const approveUrl = approveLink(revision);
        if (!approveUrl) throw new PaypalUnavailable(`PayPal gave no approval link to revise ${gift.subscr_id}`);
        return c.json({ approveUrl });
      } catch (error) {
        if (error instanceof PaypalUnavailable || error instanceof PaypalRefused) return c.json({ message: message(donor.lang, 'givingPaypalUnavailable') }, 503);
        throw error;
      }
    })
    .get('/revised', refuseOverLimit(limit), async (c) => {
      const lang = langOrDefault(c.req.query('lang'));
      const id = (c.req.query('subscription') ?? '').slice(0, 64);
      const page = localizePath('/manage-giving', lang);
      c.header('Cache-Control', 'no-store');
      if (!services.paypalRest || !/^I-[A-Z0-9]{1,62}$/i.test(id)) return c.redirect(page, 303);
      try {
        // What PayPal holds now is the record, whoever comes back here and however often.
        const subscription = await services.paypalRest.getSubscription(id);
        await db.write(async (trx) => {
          await limit.count(trx, c);
          await recordAmountChange(trx, subscription, new Date().toISOString());
        });
      } catch (error) {
        if (!(error instanceof PaypalUnavailable || error instanceof PaypalRefused)) throw error;
        // PayPal's BILLING.SUBSCRIPTION.UPDATED webhook records it when PayPal cannot be asked now.
      }
      return c.redirect(`${page}#amount-changed`, 303);
    })
    .post('/sign-out', async (c) => {
      await endDonorSession(db, getCookie(c, GIVING_COOKIE));
      deleteCookie(c, GIVING_COOKIE, { path: COOKIE_PATH, secure: config.https });
      return c.body(null, 204);
    });
  for (const path of ['/link', '/open', '/sign-out', '/monthly/:id/stop', '/monthly/:id/amount']) app.all(path, methodNotAllowed('POST'));
  return app;
}

/** A receipt or statement as its own page: shown in the browser, saved under its name, never cached. */
function documentResponse(c: Context, html: string, filename: string) {
  return c.body(html, 200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Disposition': `inline; filename="${filename.replace(/[^\w.-]+/g, '-')}"`,
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
}

function linkMail(email: string, url: string, lang: Lang): OutgoingMail {
  const org = { org: site.name };
  return asDonorMail({
    kind: 'donation.link',
    to: email,
    lang,
    subject: message(lang, 'mailGivingLinkSubject', org),
    blocks: [message(lang, 'mailHelloNoName'), message(lang, 'mailGivingLinkIntro', { ...org, minutes: LINK_MINUTES }), { button: { label: message(lang, 'mailGivingLinkButton'), url } }, message(lang, 'mailGivingLinkIgnore')],
    footer: [message(lang, 'mailGivingLinkWhy', { host: new URL(site.url).host }), site.name],
  });
}

/** Staff hear at once that a donor stopped a monthly gift on the site (it also shows on the Donations screen). */
function stoppedNotice(staff: string, gift: { subscr_id: string; email: string; name: string; amount_cents: number; signed_up_at: string | null }, now: string): OutgoingMail {
  const since = gift.signed_up_at ? `, given since ${receiptDate(gift.signed_up_at, 'en')}` : '';
  return {
    kind: 'donation.monthly-stopped',
    to: staff,
    subject: `Monthly gift stopped by the donor: ${gift.name || gift.email}, ${money(gift.amount_cents, 'en')} a month`,
    text: `${gift.name || gift.email} <${gift.email}> stopped their monthly gift of ${money(gift.amount_cents, 'en')}${since}, on "Manage my giving" on ${receiptDate(now, 'en')}.\n\nPayPal subscription: ${gift.subscr_id}\nIt now shows as cancelled on the Donations screen.`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
