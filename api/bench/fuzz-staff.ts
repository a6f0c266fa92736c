/**
 * The staff and sign-in side of the seeded fuzzer (fuzz.ts): every other endpoint of
 * src/app.ts, each sent signed out and, where a session matters, as an administrator and as a
 * member, with a valid body or query broken in the ways fuzz.ts breaks the public forms.
 *
 * Ids in paths (`:task`, `:campaign`, `:draft`, `:contact`, `:subscriber`, `:preview`, `:gift`) are filled at run time with a
 * real one when there is one (so the item routes run, not only their 404), else a made-up one.
 * Endpoints that end a session (sign-out, revoke-sessions) are sent with a spare session, so the
 * administrator's and the member's stay valid for the rest of the run.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/index.ts';

export type Who = 'none' | 'admin' | 'member' | 'spare';

export interface StaffEndpoint {
  method: string;
  path: string;
  /** A valid body (JSON unless `csv` or `urlencoded`). */
  body?: Record<string, unknown>;
  csv?: string;
  /** A valid urlencoded body, as PayPal posts its notifications. */
  urlencoded?: string;
  /** A valid query, broken like a body. */
  query?: Record<string, string>;
  /** Headers a valid request carries (a bearer token); left off in a share of the requests. */
  headers?: Record<string, string>;
  who: readonly Who[];
}

/** BOUNCE_WEBHOOK_TOKEN of the fuzz runs, so the webhook's own handler is fuzzed and not only its 401. */
export const FUZZ_WEBHOOK_TOKEN = 'fuzz-webhook-token-0123456789';

const SIGNED_IN: readonly Who[] = ['none', 'admin', 'member'];
const ANYONE: readonly Who[] = ['none', 'admin'];
const CAMPAIGN = { subject: 'Spring news', body_html: '<p>Hello <strong>all</strong></p>', body_text: 'Hello all' };

const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';

export const STAFF_ENDPOINTS: readonly StaffEndpoint[] = [
  // Sign-in and the self-service steps (sign-in uses made-up accounts: the real ones must not lock).
  { method: 'POST', path: '/api/auth/sign-in/username', body: { username: 'nobody.here', password: 'Wrong#Pass2026' }, who: ['none'] },
  { method: 'POST', path: '/api/auth/sign-out', body: {}, who: ['none', 'spare'] },
  { method: 'POST', path: '/api/auth/change-password', body: { currentPassword: 'Not#TheRight1', newPassword: 'Harambee#2099', revokeOtherSessions: true }, who: SIGNED_IN },
  { method: 'POST', path: '/api/auth/revoke-sessions', body: {}, who: ['none', 'spare'] },
  { method: 'POST', path: '/api/auth/email-otp/request-password-reset', body: { email: 'nobody@example.org' }, who: ['none'] },
  { method: 'POST', path: '/api/auth/email-otp/reset-password', body: { email: 'nobody@example.org', otp: '123456', password: 'Harambee#2099' }, who: ['none'] },
  { method: 'GET', path: '/api/auth/options', who: ['none'] },
  { method: 'POST', path: '/api/auth/sign-up', body: { username: 'new.member', email: 'new@example.org', password: 'Harambee#2099', confirm_password: 'Harambee#2099' }, who: ['none'] },
  { method: 'POST', path: '/api/auth/confirm-sign-up', body: { email: 'nobody@example.org', code: '123456' }, who: ['none'] },
  { method: 'POST', path: '/api/auth/resend-code', body: { email: 'nobody@example.org' }, who: ['none'] },
  { method: 'POST', path: '/api/auth/verify-user/send', body: {}, who: SIGNED_IN },
  { method: 'POST', path: '/api/auth/verify-user/confirm', body: { code: '123456' }, who: SIGNED_IN },
  { method: 'POST', path: '/api/auth/sign-in/social', body: { provider: 'google' }, who: ['none'] },
  { method: 'POST', path: '/api/auth/link/social', body: { provider: 'google' }, who: SIGNED_IN },
  { method: 'GET', path: '/api/auth/callback/google', query: { code: 'abc', state: 'def' }, who: ['none'] },
  { method: 'POST', path: '/api/auth/callback/apple', body: { code: 'abc', state: 'def' }, who: ['none'] },
  { method: 'GET', path: '/api/auth/two-factor/status', who: SIGNED_IN },
  { method: 'GET', path: '/api/auth/two-factor/challenge', who: ['none'] },
  { method: 'POST', path: '/api/auth/two-factor/enable', body: { password: 'Not#TheRight1' }, who: SIGNED_IN },
  { method: 'POST', path: '/api/auth/two-factor/verify-totp', body: { code: '123456', trustDevice: false }, who: SIGNED_IN },
  { method: 'POST', path: '/api/auth/two-factor/send-otp', body: {}, who: SIGNED_IN },
  { method: 'POST', path: '/api/auth/two-factor/verify-otp', body: { code: '123456' }, who: SIGNED_IN },
  { method: 'POST', path: '/api/auth/two-factor/verify-backup-code', body: { code: 'ABCDE-FGHIJ' }, who: SIGNED_IN },
  { method: 'POST', path: '/api/auth/two-factor/generate-backup-codes', body: { password: 'Not#TheRight1' }, who: SIGNED_IN },
  { method: 'POST', path: '/api/auth/two-factor/turn-off', body: { method: 'totp', password: 'Not#TheRight1' }, who: SIGNED_IN },
  { method: 'GET', path: '/api/staff/me', who: SIGNED_IN },
  // The newsletter broadcast.
  { method: 'POST', path: '/api/send-newsletter', body: CAMPAIGN, who: SIGNED_IN },
  { method: 'GET', path: '/api/newsletter-campaigns', who: ANYONE },
  { method: 'GET', path: '/api/newsletter-campaigns/audience', who: ANYONE },
  { method: 'GET', path: '/api/newsletter-campaigns/:campaign', who: ANYONE },
  { method: 'POST', path: '/api/newsletter-campaigns/:campaign/pause', body: {}, who: ANYONE },
  { method: 'POST', path: '/api/newsletter-campaigns/:campaign/resume', body: {}, who: ANYONE },
  { method: 'POST', path: '/api/newsletter-campaigns/:campaign/cancel', body: {}, who: ANYONE },
  { method: 'POST', path: '/api/newsletter-campaigns/preview', body: { body_html: CAMPAIGN.body_html }, who: ANYONE },
  { method: 'POST', path: '/api/newsletter-campaigns/test', body: CAMPAIGN, who: ANYONE },
  { method: 'GET', path: '/api/newsletter-drafts', who: SIGNED_IN },
  { method: 'POST', path: '/api/newsletter-drafts', body: CAMPAIGN, who: SIGNED_IN },
  { method: 'GET', path: '/api/newsletter-drafts/:draft', who: ANYONE },
  { method: 'PUT', path: '/api/newsletter-drafts/:draft', body: CAMPAIGN, who: SIGNED_IN },
  { method: 'DELETE', path: '/api/newsletter-drafts/:draft', who: ANYONE },
  // The welcome mail's text per language, and a campaign preview's own document.
  { method: 'GET', path: '/api/newsletter-welcome', who: SIGNED_IN },
  { method: 'PUT', path: '/api/newsletter-welcome/fr', body: { subject: 'Bienvenue', body: '<p>Merci de votre inscription.</p>' }, who: ANYONE },
  { method: 'DELETE', path: '/api/newsletter-welcome/sw', who: ANYONE },
  { method: 'GET', path: '/api/newsletter-preview/:preview', who: SIGNED_IN },
  // The inbox.
  { method: 'GET', path: '/api/inbox/counts', who: SIGNED_IN },
  { method: 'POST', path: '/api/inbox/forget', body: { email: 'nobody@example.org' }, who: ANYONE },
  { method: 'GET', path: '/api/inbox/contact', query: { q: 'hello', status: 'new', from: '2026-01-01', to: '2026-12-31', limit: '20' }, who: SIGNED_IN },
  { method: 'GET', path: '/api/inbox/volunteer', query: { interest: 'mentor', availability: 'weekendMornings' }, who: ANYONE },
  { method: 'GET', path: '/api/inbox/partnership/export.csv', query: { q: 'acme' }, who: ANYONE },
  { method: 'GET', path: '/api/inbox/contact/:contact', who: ANYONE },
  { method: 'POST', path: '/api/inbox/contact/status', body: { ids: [':contact'], status: 'read' }, who: ANYONE },
  { method: 'POST', path: '/api/inbox/contact/:contact/note', body: { note: 'Called back\nOn Monday' }, who: ANYONE },
  // Subscribers.
  { method: 'GET', path: '/api/subscribers', query: { q: 'fuzz', status: 'confirmed', limit: '10' }, who: SIGNED_IN },
  { method: 'GET', path: '/api/subscribers/export.csv', query: { status: 'pending' }, who: ANYONE },
  { method: 'GET', path: '/api/subscribers/chart', who: ANYONE },
  { method: 'POST', path: '/api/subscribers/import', csv: 'email,confirmed\r\nimported-fuzz@example.org,2026-01-02\r\n', who: ANYONE },
  { method: 'POST', path: '/api/subscribers/:subscriber/unsubscribe', body: {}, who: ANYONE },
  { method: 'POST', path: '/api/subscribers/:subscriber/delete', body: {}, who: ANYONE },
  // The SMTP provider's bounce and complaint reports, with the token the fuzz's config sets (FUZZ_WEBHOOK_TOKEN).
  { method: 'POST', path: '/api/mail-feedback', body: { events: [{ type: 'bounce', email: 'fuzz1-1@example.org' }, { type: 'complaint', email: 'nobody@example.org', reason: 'spam' }] }, headers: { authorization: `Bearer ${FUZZ_WEBHOOK_TOKEN}` }, who: ['none'] },
  // PayPal's notifications (anyone may post; nothing is believed until PayPal verified it) and the Donations screen.
  { method: 'POST', path: '/api/paypal/ipn', urlencoded: 'txn_type=web_accept&txn_id=FUZZ0001&payment_status=Completed&mc_gross=25.00&mc_currency=USD&payer_email=giver%40example.org&receiver_email=donations%40sipa.example.org', who: ['none'] },
  // The REST checkout (paypal.checkout "orders"): the form's post, PayPal's return pages and its webhooks.
  { method: 'POST', path: '/api/donate', urlencoded: 'amount=25&frequency=one-time&lang=fr&page=%2Ffr%2Fdonate', who: ['none'] },
  { method: 'GET', path: '/api/paypal/return', query: { token: 'FUZZORDER00000001', lang: 'sw', page: '/sw/donate' }, who: ['none'] },
  { method: 'GET', path: '/api/paypal/subscribed', query: { subscription_id: 'I-FUZZ00000001', lang: 'fr', page: '/fr/donate' }, who: ['none'] },
  { method: 'POST', path: '/api/paypal/webhook', body: { id: 'WH-FUZZ-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'FUZZCAPTURE0001', status: 'COMPLETED', amount: { currency_code: 'USD', value: '25.00' } } }, who: ['none'] },
  { method: 'GET', path: '/api/donations/summary', who: SIGNED_IN },
  { method: 'GET', path: '/api/donations/gifts', query: { q: 'giver', kind: 'monthly', from: '2026-01-01', to: '2026-12-31', limit: '20' }, who: SIGNED_IN },
  { method: 'GET', path: '/api/donations/gifts/export.csv', query: { q: 'giver', kind: 'one-time' }, who: ANYONE },
  { method: 'POST', path: '/api/donations/gifts/:gift/receipt', body: {}, who: ANYONE },
  { method: 'GET', path: '/api/donations/donor', query: { email: 'giver@example.org' }, who: ANYONE },
  { method: 'GET', path: '/api/donations/statements', who: ANYONE },
  { method: 'POST', path: '/api/donations/statements', body: { year: 2025 }, who: SIGNED_IN },
  { method: 'POST', path: '/api/donations/statements/donor', body: { year: 2025, email: 'giver@example.org' }, who: ANYONE },
  { method: 'GET', path: '/api/donations/statements/preview', query: { year: '2025' }, who: ANYONE },
  { method: 'GET', path: '/api/donations/lapsed', query: { list: 'lybunt' }, who: ANYONE },
  { method: 'GET', path: '/api/donations/lapsed/export.csv', query: { list: 'sybunt' }, who: ANYONE },
  { method: 'GET', path: '/api/donations/monthly/export.csv', query: { year: '2025' }, who: ANYONE },
  // "Manage my giving": the donor's link, its opening, and the pages a donor session reads (none here: 401).
  { method: 'POST', path: '/api/giving/link', body: { email: 'giver@example.org', lang: 'fr' }, who: ['none'] },
  { method: 'POST', path: '/api/giving/open', body: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, who: ['none'] },
  { method: 'GET', path: '/api/giving/me', who: ['none'] },
  { method: 'GET', path: '/api/giving/receipts/:number', who: ['none'] },
  { method: 'GET', path: '/api/giving/statements/:year', who: ['none'] },
  { method: 'POST', path: '/api/giving/monthly/:id/stop', body: {}, who: ['none'] },
  { method: 'POST', path: '/api/giving/monthly/:id/amount', body: { amount: '40.50' }, who: ['none'] },
  { method: 'GET', path: '/api/giving/revised', query: { subscription: 'I-FUZZ00000001', lang: 'fr' }, who: ['none'] },
  { method: 'POST', path: '/api/giving/sign-out', body: {}, who: ['none'] },
  // Event registration (public): a registration, the places left, the mail's cancel and confirm links.
  { method: 'POST', path: '/api/event-registrations', body: { event: 'winter-family-celebration', name: 'Amani Fuzz', email: 'fuzz-event@example.org', party: 3, mailLang: 'sw', needs: ['interpreter'], lang: 'sw' }, who: ['none'] },
  { method: 'POST', path: '/api/event-registrations', urlencoded: 'event=youth-leadership-summit&name=Amani&email=fuzz-form%40example.org&party=2&mailLang=fr&needs=childcare&lang=fr', who: ['none'] },
  { method: 'GET', path: '/api/event-registrations/places', query: { event: 'winter-family-celebration' }, who: ['none'] },
  { method: 'POST', path: '/api/event-registrations/cancel', body: { token: `${MADE_UP_ID}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` }, who: ['none'] },
  { method: 'POST', path: '/api/event-registrations/attend', urlencoded: 'token=not-a-token&lang=sw', who: ['none'] },
  // Event registrations, as staff see them.
  { method: 'GET', path: '/api/event-attendees', who: SIGNED_IN },
  { method: 'GET', path: '/api/event-attendees/winter-family-celebration', who: SIGNED_IN },
  { method: 'GET', path: '/api/event-attendees/winter-family-celebration/export.csv', who: ANYONE },
  { method: 'POST', path: '/api/event-attendees/winter-family-celebration/:registration/check-in', body: { present: 2 }, who: ANYONE },
  { method: 'POST', path: '/api/event-attendees/youth-leadership-summit/message', body: { subject: 'Parking', body: 'Use the north lot.\nSee you Saturday.' }, who: SIGNED_IN },
  // Tasks.
  { method: 'GET', path: '/api/tasks', who: SIGNED_IN },
  { method: 'POST', path: '/api/tasks', body: { content: 'Call the printer' }, who: SIGNED_IN },
  { method: 'PATCH', path: '/api/tasks/:task', body: { content: 'Call the printer again', done: true }, who: SIGNED_IN },
  { method: 'DELETE', path: '/api/tasks/:task', who: SIGNED_IN },
  { method: 'POST', path: '/api/tasks/:task/restore', body: {}, who: SIGNED_IN },
];

/** A real id for each placeholder, looked up as the request is sent (the newest row, or a made-up id). */
export async function fillIds(db: Kysely<Database>, text: string): Promise<string> {
  if (!text.includes(':')) return text;
  const newest = async (table: 'tasks' | 'newsletter_campaigns' | 'newsletter_drafts' | 'contact_messages' | 'subscribers' | 'newsletter_previews' | 'gifts' | 'event_registrations') =>
    ((await db.selectFrom(table).select('id').orderBy('created_at', 'desc').limit(1).executeTakeFirst()) as { id: string } | undefined)?.id ?? MADE_UP_ID;
  let out = text;
  if (out.includes(':task')) out = out.replaceAll(':task', await newest('tasks'));
  if (out.includes(':campaign')) out = out.replaceAll(':campaign', await newest('newsletter_campaigns'));
  if (out.includes(':draft')) out = out.replaceAll(':draft', await newest('newsletter_drafts'));
  if (out.includes(':contact')) out = out.replaceAll(':contact', await newest('contact_messages'));
  if (out.includes(':subscriber')) out = out.replaceAll(':subscriber', await newest('subscribers'));
  if (out.includes(':preview')) out = out.replaceAll(':preview', await newest('newsletter_previews'));
  if (out.includes(':gift')) out = out.replaceAll(':gift', await newest('gifts'));
  if (out.includes(':registration')) out = out.replaceAll(':registration', await newest('event_registrations'));
  return out;
}
