/**
 * Builds the API as a Hono app with every route under /api. No listen here: tests call
 * app.request() and src/server.ts mounts it in front of the static site.
 */
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { cors } from 'hono/cors';
import { MESSAGES } from '../../src/lib/messages.ts';
import { createStaffServices } from './auth/index.ts';
import { loadConfig, type ApiConfig } from './config.ts';
import { isDatabaseUnavailable } from './db/availability.ts';
import { openAndMigrate } from './db/index.ts';
import { createPaypalRest } from './donations/paypal-rest.ts';
import { createDonationsWorker } from './donations/worker.ts';
import { createMailer } from './mail/outbox.ts';
import { createNewsletterBroadcast } from './newsletter-broadcast/index.ts';
import type { BroadcastSender } from './newsletter-broadcast/sender.ts';
import { configuredTransport, type MailTransport } from './mail/transport.ts';
import { eventAttendeeRoutes } from './routes/event-attendees.ts';
import { eventRegistrationRoutes } from './routes/event-registrations.ts';
import { healthRoutes } from './routes/health.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { mailFeedbackRoutes } from './routes/mail-feedback.ts';
import { contactRoutes } from './routes/contact.ts';
import { givingRoutes } from './routes/giving.ts';
import { donationRoutes } from './routes/donations.ts';
import { paypalIpnRoutes } from './routes/paypal-ipn.ts';
import { donateRoutes, paypalCheckoutRoutes } from './routes/paypal-checkout.ts';
import { paypalWebhookRoutes } from './routes/paypal-webhook.ts';
import { newsletterSignupRoutes, newsletterTokenRoutes } from './routes/newsletter.ts';
import { newsletterWelcomeRoutes } from './routes/newsletter-welcome.ts';
import { newsletterPreviewRoutes } from './routes/newsletter-preview.ts';
import { partnershipRoutes } from './routes/partnership-inquiry.ts';
import { newsletterCampaignRoutes, sendNewsletterRoutes } from './routes/send-newsletter.ts';
import { newsletterDraftRoutes } from './routes/newsletter-drafts.ts';
import { staffAuthRoutes } from './routes/staff-auth.ts';
import { staffSelfServiceRoutes } from './routes/staff-self-service.ts';
import { staffRoutes } from './routes/staff.ts';
import { subscriberRoutes } from './routes/subscribers.ts';
import { taskRoutes } from './routes/tasks.ts';
import { volunteerRoutes } from './routes/volunteer-application.ts';
import type { Services } from './services.ts';
import { createTokenSigner } from './tokens.ts';
import { originCheck } from './origin-check.ts';
import { bodyLangOf, inputGuard, publicFormOf } from './input-guard.ts';
import { noteStorageError, watchStorage } from './storage-watch.ts';
import { fail } from './submission.ts';
import { IMPORT_MAX_BYTES } from './inbox/import.ts';
import { BROADCAST_BODY_LIMIT } from './newsletter-broadcast/schema.ts';

export type { Services } from './services.ts';

/** What a 503 for a full disk suggests waiting before trying again. */
const STORAGE_RETRY_AFTER_SECONDS = 300;
/** What a 503 for a database out of reach suggests: a restart or failover takes seconds to a minute. */
const DATABASE_RETRY_AFTER_SECONDS = 30;

/** The routes that take a campaign's body (up to BROADCAST_BODY_LIMIT). */
const BROADCAST_PATHS = /^\/api\/(send-newsletter|newsletter-campaigns|newsletter-drafts)(\/|$)/;

export interface AppOptions {
  /** For the health report; the server passes what it was started with. */
  version?: string;
  /**
   * The built page at a path of the site (`/fr/events/waitlisted`), as the server serves it from
   * dist/: for an answer to a form sent without JavaScript that must show what only the API knows
   * (the place on a waiting list). Without it (an app with no built site) such a form is
   * redirected to the page as it was built.
   */
  sitePage?: (path: string) => string | undefined;
}

/** Opens and migrates the database and sets up mail and tokens from the config. */
export async function createServices(config: ApiConfig = loadConfig(), transport?: MailTransport, broadcastSender?: BroadcastSender): Promise<Services> {
  const db = await openAndMigrate(config);
  // A full disk is told apart from other faults (503, the health report): storage-watch.ts.
  watchStorage(db);
  const mailer = createMailer({
    db: db.kysely,
    from: config.mailFrom,
    outboxLimit: config.outboxLimit,
    // Signed with DKIM when it is set (every kind of mail: mail/dkim.ts).
    transport: transport ?? configuredTransport(config),
  });
  const tokens = createTokenSigner(db.kysely, config.secretKey);
  await tokens.init();
  const staff = await createStaffServices({ config, db, mailer }).catch(async (error: unknown) => {
    // A refused ADMIN_PASSWORD stops the start: leave no connection behind.
    mailer.close();
    await db.close();
    throw error;
  });
  const broadcast = createNewsletterBroadcast({ config, db, tokens, sender: broadcastSender });
  const paypalRest = config.paypalRest ? createPaypalRest(config.paypalRest) : null;
  const donations = createDonationsWorker({
    db,
    mailer,
    business: config.paypalBusiness,
    verifyUrl: config.paypalVerifyUrl,
    leaseSeconds: config.paypalIpnLeaseSeconds,
    rest: paypalRest,
    webhookId: config.paypalWebhookId,
  });
  return { config, db, mailer, tokens, staff, broadcast, donations, paypalRest };
}

export async function closeServices(services: Services): Promise<void> {
  await services.broadcast.close();
  await services.donations.stop();
  await services.mailer.settled();
  services.mailer.close();
  await services.db.close();
}

/** The API's type for the typed client (`hc<AppType>`, src/lib/api-client.ts): paths, methods, inputs, outputs. */
export type AppType = ReturnType<typeof createApp>;

export function createApp(services: Services, options: AppOptions = {}) {
  const { allowedOrigins, siteUrl } = services.config;
  // One chain, so the app's type carries every route's path, method, input and output (AppType).
  const app = new Hono()
    .basePath('/api')
    // CORS only for configured origins; the site itself is same-origin and needs none.
    .use(cors({ origin: (origin) => (allowedOrigins.includes(origin) ? origin : null), allowMethods: ['GET', 'POST'], maxAge: 600 }))
    // A write from a page on another site (or from a sandboxed one) is refused before anything runs.
    .use(originCheck({ siteUrl, allowedOrigins, trustProxy: services.config.trustProxy }))
    // A compressed body would be read as if it were not; nothing of ours sends one.
    .use(async (c, next) => {
      const encoding = c.req.header('content-encoding')?.trim().toLowerCase();
      if (encoding && encoding !== 'identity') return c.json({ message: MESSAGES.unsupportedEncoding }, 415);
      await next();
    })
    // NUL, controls and lone surrogates are refused in every path, query and body (input-guard.ts).
    .use(inputGuard((path) => (path.startsWith('/api/subscribers/import') ? IMPORT_MAX_BYTES : BROADCAST_PATHS.test(path) ? BROADCAST_BODY_LIMIT : services.config.bodyLimitBytes)))
    .route('/health', healthRoutes(options, services))
    .route('/newsletter-signup', newsletterSignupRoutes(services))
    .route('/newsletter', newsletterTokenRoutes(services))
    .route('/contact', contactRoutes(services))
    .route('/volunteer-application', volunteerRoutes(services))
    .route('/partnership-inquiry', partnershipRoutes(services))
    .route('/event-registrations', eventRegistrationRoutes(services, options.sitePage))
    .route('/auth', staffSelfServiceRoutes(services))
    .route('/auth', staffAuthRoutes(services))
    .route('/staff', staffRoutes(services))
    .route('/send-newsletter', sendNewsletterRoutes(services))
    .route('/newsletter-campaigns', newsletterCampaignRoutes(services))
    .route('/newsletter-drafts', newsletterDraftRoutes(services))
    .route('/newsletter-welcome', newsletterWelcomeRoutes(services))
    .route('/newsletter-preview', newsletterPreviewRoutes(services))
    .route('/inbox', inboxRoutes(services))
    .route('/subscribers', subscriberRoutes(services))
    .route('/tasks', taskRoutes(services))
    .route('/event-attendees', eventAttendeeRoutes(services))
    .route('/paypal', paypalIpnRoutes(services))
    .route('/paypal', paypalWebhookRoutes(services))
    .route('/paypal', paypalCheckoutRoutes(services))
    .route('/donate', donateRoutes(services))
    .route('/donations', donationRoutes(services))
    .route('/giving', givingRoutes(services))
    .route('/mail-feedback', mailFeedbackRoutes(services))
    // Every other /api path answers here, so the static site's catch-all never sees it.
    .all('*', (c) => c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  app.onError(async (error, c) => {
    // A refusal thrown by Hono itself (a validator's malformed body): its own status, our shape.
    if (error instanceof HTTPException && error.status < 500) return c.json({ message: MESSAGES.badEncoding, issues: [] }, error.status);
    const path = new URL(c.req.url).pathname;
    // A full disk: nothing was stored; /api/health reports it until a write succeeds, and the
    // incident is logged once (storage-watch.ts).
    if (noteStorageError(services.db, error, `${c.req.method} ${path}`)) return unavailable(c, path, STORAGE_RETRY_AFTER_SECONDS);
    // The database went away (a restart, a failover): /api/health says so, and the watch logged
    // it once (db/availability.ts). Nothing was done; the same request works once it is back.
    if (isDatabaseUnavailable(error)) return unavailable(c, path, DATABASE_RETRY_AFTER_SECONDS);
    console.error('api error', error);
    return c.json({ message: MESSAGES.errorDefault }, 500);
  });
  return app;
}

/** A 503 that asks to come back later, in the form's own error state (its error page for a form posted without JavaScript). */
async function unavailable(c: Context, path: string, retryAfterSeconds: number): Promise<Response> {
  c.header('Retry-After', String(retryAfterSeconds));
  const form = publicFormOf(path);
  return form ? fail(c, form, 503, MESSAGES.errorDefault, 'failed', [], await bodyLangOf(c)) : c.json({ message: MESSAGES.errorDefault }, 503);
}
