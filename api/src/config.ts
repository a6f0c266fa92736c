/**
 * Everything the API reads from the environment, read once. See api/README.md for the list.
 */
import { resolve } from 'node:path';
import { site } from '../../src/lib/site.ts';
import { PAYPAL_SANDBOX_VERIFY_URL, PAYPAL_VERIFY_URL } from './donations/ipn.ts';
import { PAYPAL_API_BASE, PAYPAL_SANDBOX_API_BASE, type PaypalRestOptions } from './donations/paypal-rest.ts';

export interface ApiConfig {
  /** Directory of the SQLite file (DATA_DIR, default data/ at the repository root). */
  dataDir: string;
  /** postgres://… selects PostgreSQL; unset means SQLite in dataDir. */
  databaseUrl?: string;
  /** smtp(s)://… selects SMTP delivery; unset keeps mail in the outbox and logs it. */
  smtpUrl?: string;
  /** Signs newsletter confirm/unsubscribe tokens. Unset: a random key kept in the database. */
  secretKey?: string;
  /** Origins (scheme://host[:port]) allowed to call the API from another site. */
  allowedOrigins: string[];
  /** Accepted submissions per client per window and the window in seconds. 0 disables. */
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  /** Largest accepted request body in bytes. */
  bodyLimitBytes: number;
  /**
   * How many proxies of ours stand in front of the server (TRUST_PROXY, a hop count; `true`
   * means 1). 0: the socket address is the client and X-Forwarded-* headers are ignored.
   */
  trustProxy: number;
  /** A request with `Authorization: Bearer <HEALTH_TOKEN>` sees the health details. Unset: nobody does. */
  healthToken?: string;
  /** Most open connections the server accepts at once (MAX_CONNECTIONS). */
  maxConnections: number;
  /** Most messages kept in the outbox while no SMTP_URL is set; the oldest go first. */
  outboxLimit: number;
  mailFrom: string;
  staffMailbox: string;
  siteUrl: string;
  /** Whether the server retries the outbox on a timer (the server sets it; tests call it). */
  outboxIntervalMs: number;
  /** HTTPS=true: the site is served over HTTPS, so staff cookies are Secure and __Secure- prefixed. */
  https: boolean;
  /** The first administrator, created at start when no administrator exists (all three set). */
  adminUsername?: string;
  adminPassword?: string;
  adminEmail?: string;
  /** Password hashes (scrypt) run at once per process (PASSWORD_HASH_CONCURRENCY), and how many more may wait (PASSWORD_HASH_QUEUE); beyond that, 429 (auth/hash-queue.ts). */
  passwordHashConcurrency: number;
  passwordHashQueue: number;
  /** scrypt's N for new password hashes, lower than Better Auth's; tests only, never read from the environment (auth/password-hash.ts). */
  passwordHashCost?: number;
  /** REQUIRE_ADMIN_MFA=true: an administrator without a second factor must set one up before reaching the staff area. */
  requireAdminMfa: boolean;
  /** Newsletter broadcast: messages per second over all connections (0: no limit) and SMTP connections. */
  newsletterRatePerSecond: number;
  newsletterConcurrency: number;
  /** How long a server holds a campaign (and its claimed recipients) without renewing; a dead server's work is taken over after it. */
  newsletterLeaseSeconds: number;
  /** First wait (seconds) before a recipient's retry and a failing mail server's next try; doubles each time. */
  newsletterRetrySeconds: number;
  /** After this many minutes unable to send, a campaign's outage is logged as an error. */
  newsletterOutageNoticeMinutes: number;
  /** An SMTP conversation that stays silent this long (connecting, greeting, any answer) is given up. */
  smtpTimeoutSeconds: number;
  /** BOUNCE_WEBHOOK_TOKEN: the bearer token an SMTP provider sends to report bounces and complaints; unset, the webhook is off. */
  bounceWebhookToken?: string;
  /** A mailbox that unsubscribes whoever writes to it: adds a mailto: to List-Unsubscribe. */
  unsubscribeMailbox?: string;
  /** Not from the environment: called with every statement the database layer runs (the query-plan test collects them). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
  /** DKIM signing of every mail, the outbox's and the newsletter's (all three set), covering List-Unsubscribe and List-Unsubscribe-Post (mail/dkim.ts). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** ALLOW_SIGN_UP=true: people may create their own (non-administrator) staff accounts. */
  allowSignUp: boolean;
  /** Social sign-in: a provider is on when both its id and secret are set (AUTH_GOOGLE_ID/AUTH_GOOGLE_SECRET and the like). */
  socialProviders: Partial<Record<SocialProviderId, { clientId: string; clientSecret: string }>>;
  /** The organisation's PayPal account: a notification is recorded only when PayPal paid it (content/site.json). */
  paypalBusiness: string;
  /**
   * Where PayPal notifications are verified: PAYPAL_VERIFY_URL (a local fake in tests, a staging
   * host), else PayPal's sandbox or live IPN host by the site's `paypal.sandbox` setting.
   */
  paypalVerifyUrl: string;
  /** Seconds a server holds a notification it is verifying; a killed server's are taken over after it. */
  paypalIpnLeaseSeconds: number;
  /** Notifications accepted per client address per rate window (RATE_LIMIT_WINDOW_SECONDS); 0 disables. */
  paypalIpnRateMax: number;
  /**
   * PayPal's REST API (Orders v2, Subscriptions v1, webhooks): on when PAYPAL_CLIENT_ID and
   * PAYPAL_CLIENT_SECRET are set; PAYPAL_API_BASE, else PayPal's sandbox or live host by the site's
   * `paypal.sandbox` setting.
   */
  paypalRest?: PaypalRestOptions;
  /** PAYPAL_WEBHOOK_ID: the id PayPal gave the webhook URL, which every webhook is verified against. */
  paypalWebhookId?: string;
  /** PAYPAL_PLAN_ID: the monthly plan (`npm run paypal -- setup`); unset, one is made on first use and kept in the database. */
  paypalPlanId?: string;
  /** AUTH_OAUTH_BASE_URL: every provider's endpoints at <base>/<provider>/{authorize,token,userinfo} instead (tests, staging). */
  oauthBaseUrl?: string;
}

export const SOCIAL_PROVIDER_IDS = ['amazon', 'apple', 'facebook', 'google'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

function socialCredentials(env: Record<string, string | undefined>): ApiConfig['socialProviders'] {
  const found: ApiConfig['socialProviders'] = {};
  for (const id of SOCIAL_PROVIDER_IDS) {
    const clientId = env[`AUTH_${id.toUpperCase()}_ID`]?.trim();
    const clientSecret = env[`AUTH_${id.toUpperCase()}_SECRET`]?.trim();
    if (clientId && clientSecret) found[id] = { clientId, clientSecret };
  }
  return found;
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed >= 0 ? Math.floor(parsed) : fallback;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<ApiConfig> = {}): ApiConfig {
  const databaseUrl = env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : undefined;
  return {
    // A relative DATA_DIR is taken from where the command was typed (npm sets INIT_CWD).
    dataDir: env.DATA_DIR ? resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR) : resolve(import.meta.dirname, '..', '..', 'data'),
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    secretKey: env.SECRET_KEY || undefined,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    rateLimitMax: int(env.RATE_LIMIT_MAX, 120),
    rateLimitWindowSeconds: int(env.RATE_LIMIT_WINDOW_SECONDS, 600) || 600,
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 32 * 1024) || 32 * 1024,
    trustProxy: env.TRUST_PROXY === 'true' ? 1 : int(env.TRUST_PROXY, 0),
    healthToken: env.HEALTH_TOKEN || undefined,
    outboxLimit: int(env.OUTBOX_LIMIT, 10_000) || 10_000,
    maxConnections: int(env.MAX_CONNECTIONS, 1000) || 1000,
    mailFrom: env.MAIL_FROM || `${site.name} <${site.mailboxes.noreply}>`,
    staffMailbox: env.STAFF_MAILBOX || site.mailboxes.staff,
    siteUrl: (env.SITE_URL || site.url).replace(/\/+$/, ''),
    outboxIntervalMs: int(env.OUTBOX_INTERVAL_MS, 60_000),
    https: env.HTTPS === 'true',
    adminUsername: env.ADMIN_USERNAME?.trim() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminEmail: env.ADMIN_EMAIL?.trim() || undefined,
    passwordHashConcurrency: Math.max(1, int(env.PASSWORD_HASH_CONCURRENCY, 2)),
    passwordHashQueue: Math.max(0, int(env.PASSWORD_HASH_QUEUE, 32)),
    requireAdminMfa: env.REQUIRE_ADMIN_MFA === 'true',
    newsletterRatePerSecond: int(env.NEWSLETTER_RATE_PER_SECOND, 100),
    newsletterConcurrency: Math.max(1, int(env.NEWSLETTER_CONCURRENCY, 10)),
    newsletterLeaseSeconds: Math.max(1, int(env.NEWSLETTER_LEASE_SECONDS, 30)),
    newsletterRetrySeconds: Math.max(1, int(env.NEWSLETTER_RETRY_SECONDS, 30)),
    newsletterOutageNoticeMinutes: int(env.NEWSLETTER_OUTAGE_NOTICE_MINUTES, 10),
    smtpTimeoutSeconds: Math.max(1, int(env.SMTP_TIMEOUT_SECONDS, 30)),
    bounceWebhookToken: env.BOUNCE_WEBHOOK_TOKEN?.trim() || undefined,
    unsubscribeMailbox: env.UNSUBSCRIBE_MAILBOX?.trim() || undefined,
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
        ? { domainName: env.DKIM_DOMAIN.trim(), keySelector: env.DKIM_SELECTOR.trim(), privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') }
        : undefined,
    allowSignUp: env.ALLOW_SIGN_UP === 'true',
    socialProviders: socialCredentials(env),
    paypalBusiness: site.paypal.business,
    paypalVerifyUrl: env.PAYPAL_VERIFY_URL?.trim() || (site.paypal.sandbox ? PAYPAL_SANDBOX_VERIFY_URL : PAYPAL_VERIFY_URL),
    paypalIpnLeaseSeconds: Math.max(1, int(env.PAYPAL_IPN_LEASE_SECONDS, 120)),
    paypalIpnRateMax: int(env.PAYPAL_IPN_RATE_MAX, 600),
    paypalRest:
      env.PAYPAL_CLIENT_ID?.trim() && env.PAYPAL_CLIENT_SECRET?.trim()
        ? {
            base: (env.PAYPAL_API_BASE?.trim() || (site.paypal.sandbox || env.PAYPAL_SANDBOX === 'true' ? PAYPAL_SANDBOX_API_BASE : PAYPAL_API_BASE)).replace(/\/+$/, ''),
            clientId: env.PAYPAL_CLIENT_ID.trim(),
            clientSecret: env.PAYPAL_CLIENT_SECRET.trim(),
          }
        : undefined,
    paypalWebhookId: env.PAYPAL_WEBHOOK_ID?.trim() || undefined,
    paypalPlanId: env.PAYPAL_PLAN_ID?.trim() || undefined,
    oauthBaseUrl: env.AUTH_OAUTH_BASE_URL?.trim().replace(/\/+$/, '') || undefined,
    ...overrides,
  };
}
