/**
 * Staff accounts and sessions: Better Auth on the project's own Kysely instance (one connection
 * to the SQLite file, or the PostgreSQL pool), with the username and admin plugins and email
 * codes for a forgotten password. See STAFF.md for why each setting is what it is.
 */
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, emailOTP, genericOAuth, username } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblems } from '../../../src/lib/password-policy.ts';
import { trustedForwardedValue } from '../client-address.ts';
import type { ApiConfig } from '../config.ts';
import { storedSecret } from '../db/app-secrets.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { isStorageFull } from '../storage-watch.ts';
import type { Db, Database } from '../db/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import { hashQueue, type HashQueue } from './hash-queue.ts';
import { confirmationCodeMail } from './mails.ts';
import { staffSelfService } from './self-service.ts';
import { socialProviderConfigs } from './social.ts';
import { staffTwoFactorPlugins } from './two-factor/plugin.ts';

/** Staff sessions end after 30 minutes without a request and 12 hours after sign-in, whatever happens. */
export const SESSION_IDLE_SECONDS = 30 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** A password reset code (reset-codes.ts) and a confirmation code: 6 digits, valid 10 minutes, 3 attempts. */
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_SECONDS = 10 * 60;
export const RESET_CODE_ATTEMPTS = 3;

/** The header through which the mount hands Better Auth the project's own idea of the client address. */
export const CLIENT_ADDRESS_HEADER = 'x-sipa-client-address';

/** Every Better Auth path that sets a password, and the body field that carries it. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
  '/set-password': 'newPassword',
  '/email-otp/reset-password': 'password',
  '/admin/create-user': 'password',
  '/admin/set-user-password': 'newPassword',
};

/** A 400 in the API's own shape ({ message, issues }) for a password the policy refuses. */
export function passwordPolicyError(field: string, problems: string[]): APIError {
  return new APIError('BAD_REQUEST', {
    message: problems[0],
    code: 'PASSWORD_POLICY',
    issues: problems.map((message) => ({ path: field, message })),
  } as never);
}

const POLICY_MESSAGES = new Set<string>(Object.values(PASSWORD_MESSAGES));

const SECRET_NAME = 'staff-auth-secret';

/** Where Apple's form post back to the callback comes from. */
const APPLE_ORIGIN = 'https://appleid.apple.com';

/** SECRET_KEY when set; otherwise a random key created once and kept in the database for every instance. */
export async function authSecret(db: Kysely<Database>, secretKey?: string): Promise<string> {
  return secretKey || storedSecret(db, SECRET_NAME);
}

export interface StaffAuthDeps {
  config: ApiConfig;
  db: Db;
  mailer: Mailer;
  secret: string;
  /** The process's bounded password hashing (hash-queue.ts); one is made from the config when not given. */
  hashes?: HashQueue;
}

export function createStaffAuth({ config, db, mailer, secret, hashes = hashQueue({ concurrency: config.passwordHashConcurrency, queue: config.passwordHashQueue, cost: config.passwordHashCost }) }: StaffAuthDeps) {
  const ownOrigins = (request?: Request) => {
    const origins = [config.siteUrl, ...config.allowedOrigins];
    if (request) {
      const url = new URL(request.url);
      origins.push(url.origin);
      // X-Forwarded-Host counts only as set by our own proxies (TRUST_PROXY hops), as in origin-check.ts.
      const host = trustedForwardedValue(request.headers.get('x-forwarded-host'), config.trustProxy) || request.headers.get('host');
      // Same host counts whatever the scheme, as in the API's own origin rule (TLS may end at a proxy).
      if (host) origins.push(`http://${host}`, `https://${host}`);
      // Apple answers a sign-in with a form post from its own site to this one callback only.
      if (url.pathname === '/api/auth/callback/apple' && config.socialProviders.apple) origins.push(config.oauthBaseUrl ? new URL(config.oauthBaseUrl).origin : APPLE_ORIGIN);
    }
    return origins;
  };

  return betterAuth({
    appName: 'SIPA staff',
    baseURL: config.siteUrl,
    basePath: '/api/auth',
    secret,
    database: { db: db.kysely as Kysely<any>, type: db.dialect, transaction: true },
    trustedOrigins: ownOrigins,
    // A social sign-in that fails before its own error address is known (a forged state) lands on the sign-in screen too.
    onAPIError: { errorURL: '/admin/login' },
    telemetry: { enabled: false },
    // Failed sign-ins are answered and counted by the mount; Better Auth's own warnings would only repeat them.
    logger: {
      level: 'error',
      log(level, message, ...args) {
        // A password the policy refused is an answer to the client, not a server error.
        if (POLICY_MESSAGES.has(message)) return;
        // A database out of reach or a full disk has its one line per incident (db/availability.ts, storage-watch.ts).
        if (args.some((arg) => isDatabaseUnavailable(arg) || isStorageFull(arg))) return;
        console.error(`[staff auth] ${level}: ${message}`, ...args);
      },
    },
    user: {
      modelName: 'staff_user',
      additionalFields: {
        // Set for an invited member and after an administrator's reset: a new password first.
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      modelName: 'staff_session',
      expiresIn: SESSION_IDLE_SECONDS,
      // Each request after a minute of use pushes the idle deadline on (one write a minute at most).
      updateAge: 60,
      cookieCache: { enabled: false },
    },
    // A social account links only to a member whose own address is verified (requireLocalEmailVerified) and never signs anyone up (social.ts).
    account: { modelName: 'staff_account', accountLinking: { enabled: true, requireLocalEmailVerified: true } },
    // The code that confirms a sign-up signs the new member in (the hosted widget's auto sign-in).
    emailVerification: { autoSignInAfterVerification: true },
    verification: { modelName: 'staff_verification' },
    emailAndPassword: {
      enabled: true,
      // Staff are invited by an administrator (npm run staff -- create); ALLOW_SIGN_UP=true lets people sign up (sign-up.ts).
      disableSignUp: !config.allowSignUp,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // Better Auth's own scrypt, through the process's bounded queue (hash-queue.ts).
      password: { hash: hashes.hash, verify: hashes.verify },
    },
    rateLimit: {
      enabled: config.rateLimitMax > 0,
      storage: 'database',
      modelName: 'staff_rate_limit',
      window: 60,
      max: 100,
      customRules: {
        // Confirmation codes (sign-up, address verification): no mail bombing of one address from one connection.
        '/email-otp/send-verification-otp': { window: 60, max: 5 },
        '/change-password': { window: 60, max: 10 },
        // Starting a social sign-in guesses nothing (the provider checks the person); the default 3 per 10 s would stop a shared office.
        '/sign-in/social': { window: 60, max: 30 },
      },
    },
    advanced: {
      // Always on: Better Auth would switch its origin check off when NODE_ENV is "test", and the
      // server must behave the same under test as in production.
      disableOriginCheck: false,
      cookiePrefix: 'sipa',
      useSecureCookies: config.https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      // The mount writes the project's own client address (clientAddress in client-address.ts) here.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      admin({ defaultRole: 'user', adminRoles: ['admin'], bannedUserMessage: 'This account is disabled. Please ask an administrator.' }),
      emailOTP({
        otpLength: RESET_CODE_LENGTH,
        expiresIn: RESET_CODE_SECONDS,
        allowedAttempts: RESET_CODE_ATTEMPTS,
        storeOTP: 'hashed',
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          // The code that confirms a sign-up or verifies an address. Reset codes are ours (reset-codes.ts); sign-in by code is not offered.
          if (type !== 'email-verification') return;
          const ids = await mailer.enqueue(db.kysely, [confirmationCodeMail(email, otp, RESET_CODE_SECONDS / 60)]);
          mailer.deliverLater(ids);
        },
      }),
      // Second factors: TOTP, email codes, backup codes, trusted devices (two-factor/plugin.ts).
      ...staffTwoFactorPlugins({ db, mailer }),
      staffSelfService(),
      ...(Object.keys(config.socialProviders).length ? [genericOAuth({ config: socialProviderConfigs(config) })] : []),
    ],
    databaseHooks: {
      session: {
        update: {
          // A refresh never carries a session past 12 hours from its sign-in.
          async before(data, ctx) {
            const createdAt = ctx?.context.session?.session.createdAt;
            if (!createdAt || !data.expiresAt) return;
            const cap = new Date(new Date(createdAt).getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
            if (new Date(data.expiresAt) > cap) return { data: { ...data, expiresAt: cap } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = PASSWORD_FIELDS[ctx.path];
        if (field) {
          const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
          if (typeof password === 'string') {
            const problems = passwordProblems(password);
            if (problems.length) throw passwordPolicyError(field, problems);
          }
        }
        // A password change always ends every other session.
        if (ctx.path === '/change-password' && ctx.body) {
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.context.returned instanceof Error) return;
        if (ctx.path === '/change-password') {
          const userId = ctx.context.session?.user.id;
          if (userId) await ctx.context.internalAdapter.updateUser(userId, { mustChangePassword: false });
        }
      }),
    },
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
