/**
 * The self-service routes of the staff sign-in screens, mounted under /api/auth before the other
 * staff auth routes (staff-auth.ts answers 404 for any Better Auth path not listed):
 *
 *   GET  /api/auth/options                  what the sign-in screen offers: sign-up, social providers
 *   POST /api/auth/sign-up                  ALLOW_SIGN_UP=true only; a non-administrator account waiting for its code
 *   POST /api/auth/confirm-sign-up          email + code: confirms and signs in ('User is already confirmed.' ends it, told only to the code that confirmed)
 *   POST /api/auth/resend-code              email: a new confirmation code (same answer for any address, rate-limited per network and address)
 *   POST /api/auth/verify-user/send         signed in: a code to the member's own unverified address
 *   POST /api/auth/verify-user/confirm      signed in: the code
 *   POST /api/auth/sign-in/social           { provider }: the provider's address to go to
 *   POST /api/auth/link/social             signed in, { provider }: links that provider's account to the member's
 *   GET|POST /api/auth/callback/:provider   the provider's answer; then /admin, or /admin/login?error=…
 */
import { Hono, type Context } from 'hono';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { SELF_SERVICE_TEXT } from '../../../src/lib/self-service-messages.ts';
import { checkSignUp, signUpIssues } from '../../../src/lib/sign-up.ts';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import { createHmac } from 'node:crypto';
import { attemptLedger, type Bucket } from '../auth/attempts.ts';
import { RESET_CODE_SECONDS } from '../auth/auth.ts';
import { authHeaders, type StaffEnv } from '../auth/guard.ts';
import { LOGIN_PAGE, authJson, copyCookies, readBody, signedIn, type Fields } from '../auth/http.ts';
import { PROVIDER_NAMES, configuredProviders, isSocialProvider, linkingFromSession } from '../auth/social.ts';
import { clientAddress } from '../client-address.ts';
import { clientNetwork } from '../client-network.ts';
import { rateLimit } from '../rate-limit.ts';
import type { SocialProviderId } from '../config.ts';
import type { Services } from '../services.ts';
import { refuseOverLimit } from './form-route.ts';

/** Sign-up codes: requests per network and mails per address (on top of Better Auth's own limit per connection). */
const CODE_REQUESTS_PER_NETWORK = 5;
const CODE_MAILS_PER_HOUR = 3;
const CODE_WINDOW_MS = 10 * 60_000;

/** A confirmation code's guesses: 3 per address from one network, 10 per address in all, per code lifetime. */
const confirmBuckets = (email: string, network: string): Bucket[] => [
  { name: `sign-up-confirm:${email}|${network}`, max: 3, windowMs: CODE_WINDOW_MS },
  { name: `sign-up-confirm-account:${email}`, max: 10, windowMs: CODE_WINDOW_MS },
];

/** The hosted widget's auto sign-in waits 3 minutes for the confirmation; later, the member signs in themselves. */
export const AUTO_SIGN_IN_SECONDS = 3 * 60;
const CODE = /^\d{6}$/;

/** What the sign-up form sends (src/lib/sign-up.ts checks it on both sides). */
type SignUpForm = { username: string; email: string; dial_code: string; phone_number: string; password: string; confirm_password: string; attributes: Record<string, string> };

/** Runs a Better Auth endpoint through its handler (so its rate limits apply) with our client address. */
function forward(services: Services, c: Context, path: string, body: unknown): Promise<Response> {
  const headers = authHeaders(c, services);
  headers.set('content-type', 'application/json');
  const url = new URL(c.req.url);
  url.pathname = `/api/auth${path}`;
  return services.staff.auth.handler(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

const invalidCode = (c: Context) => c.json({ message: STAFF_TEXT.invalidCode, issues: [{ path: 'confirmation_code', message: STAFF_TEXT.invalidCode }] }, 400);
const codeRequired = (c: Context) => c.json({ message: MESSAGES.invalidInput, issues: [{ path: 'confirmation_code', message: MESSAGES.fieldRequired }] }, 400);
const tooMany = (c: Context) => c.json({ message: MESSAGES.tooManyRequests }, 429);
const alreadyConfirmed = (c: Context) => c.json({ message: SELF_SERVICE_TEXT.alreadyConfirmed, code: 'already-confirmed' }, 409);

/** A field's text, trimmed; '' when it is missing or not a string. */
const trimmed = (fields: Fields, name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).trim() : '');

/** The address and the code of a sign-up's confirmation, both required. */
function confirmation(fields: Fields, c: Context) {
  const email = trimmed(fields, 'email').toLowerCase();
  const code = trimmed(fields, 'code');
  if (!email) return c.json({ message: MESSAGES.invalidInput, issues: [{ path: 'email', message: MESSAGES.fieldRequired }] }, 400);
  if (!code) return codeRequired(c);
  return { email, code };
}

/** An address to send a new sign-up code to. */
function resendTo(fields: Fields, c: Context) {
  const email = trimmed(fields, 'email').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return c.json({ message: MESSAGES.invalidInput, issues: [{ path: 'email', message: MESSAGES.fieldEmail }] }, 400);
  return { email };
}

/** The six-digit code of the member's own address. */
function verificationCode(fields: Fields, c: Context) {
  const code = trimmed(fields, 'code');
  if (!code) return codeRequired(c);
  if (!CODE.test(code)) return invalidCode(c);
  return { code };
}

/** A link a signed-in member started is completed within 10 minutes, by the callback carrying its state. */
const LINK_SECONDS = 10 * 60;
const linkKey = (state: string) => `sipa-link-${state.slice(0, 200)}`;

/** The session token a response sets (the signed cookie's value before its signature), if any. */
function sessionTokenSetBy(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^(?:__Secure-)?sipa\.session_token=([^;]+)/.exec(cookie);
    if (match?.[1]) {
      const value = decodeURIComponent(match[1]);
      return value.slice(0, value.lastIndexOf('.')) || null;
    }
  }
  return null;
}

export function staffSelfServiceRoutes(services: Services) {
  const { auth } = services.staff;
  const { config } = services;
  const attempts = attemptLedger(services.db.kysely);
  const confirmedKey = (email: string) => `sign-up-confirmed-${email}`;
  const confirmedHash = (email: string, code: string) => createHmac('sha256', auth.options.secret ?? '').update(`${email}:${code}`).digest('hex');
  /** Whether this code is the one that confirmed the address (kept 10 minutes after). */
  const confirmedWith = async (email: string, code: string) => {
    const ctx = await auth.$context;
    const record = await ctx.internalAdapter.findVerificationValue(confirmedKey(email));
    return Boolean(record && new Date(record.expiresAt) > new Date() && record.value === confirmedHash(email, code));
  };
  const signUpLimit = rateLimit(services, 'staff-sign-up');

  /**
   * A provider vouches for a person, not for their second factor: a member who has one turned on
   * is sent to the second step, exactly as after their password (plugin.ts), with the provider's
   * session ended before it ever reaches the browser.
   */
  async function secondFactorAfterProvider(c: Context, response: Response): Promise<Response> {
    const token = sessionTokenSetBy(response);
    if (!token) return response;
    const api = auth.api as unknown as { startSocialTwoFactorChallenge(input: Record<string, unknown>): Promise<{ headers: Headers; response: { challenge: boolean } }> };
    const started = await api.startSocialTwoFactorChallenge({ body: { token }, headers: authHeaders(c, services), returnHeaders: true });
    if (!started.response.challenge) return response;
    const headers = new Headers({ Location: `${LOGIN_PAGE}?step=two-factor`, 'Cache-Control': 'no-store' });
    // Every cookie of the callback but the session's (its state cookie cleared), then the challenge.
    for (const cookie of response.headers.getSetCookie()) if (!/^(?:__Secure-)?sipa\.session_(token|data)=/.test(cookie)) headers.append('Set-Cookie', cookie);
    for (const cookie of started.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    return new Response(null, { status: 302, headers });
  }

  /** Sign-up exists only with ALLOW_SIGN_UP=true; otherwise the path answers as any unknown one. */
  const signUpOpen = async (c: Context, next: () => Promise<void>) =>
    config.allowSignUp ? next() : c.json({ message: `No API route for POST ${new URL(c.req.url).pathname}` }, 404);

  /** The provider of a social sign-in, one the server is configured for. */
  const socialProvider = (fields: Fields, c: Context): { provider: SocialProviderId } | Response => {
    const provider = fields.provider;
    if (isSocialProvider(provider) && config.socialProviders[provider]) return { provider };
    // The spec: an unsupported social provider is logged.
    // Only a string is named in the log: any other JSON value is logged by its kind (an object's
    // own toString could be anything, and String() of one without a usable one throws).
    const named = typeof provider === 'string' ? provider : provider === null || provider === undefined ? '' : `(${Array.isArray(provider) ? 'array' : typeof provider})`;
    console.warn(`staff sign-in: unsupported social provider ${JSON.stringify(named).slice(0, 60)}`);
    return c.json({ message: SELF_SERVICE_TEXT.unsupportedProvider, issues: [{ path: 'provider', message: SELF_SERVICE_TEXT.unsupportedProvider }] }, 400);
  };

  // One chain, so the routes' types reach AppType and the typed client.
  const app = new Hono<StaffEnv>()
    .get('/options', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ signUp: config.allowSignUp, social: configuredProviders(config).map((id) => ({ id, name: PROVIDER_NAMES[id] })) });
    })

    .post(
      '/sign-up',
      signUpOpen,
      refuseOverLimit(signUpLimit),
      authJson<ReturnType<typeof checkSignUp>['values'] | Response, SignUpForm>((fields, c) => {
        const { values, errors } = checkSignUp(fields);
        if (Object.keys(errors).length) return c.json({ message: MESSAGES.invalidInput, issues: signUpIssues(errors) }, 400);
        return values;
      }),
      async (c) => {
        const values = c.req.valid('json');
        const ctx = await auth.$context;
        const taken =
          (await ctx.internalAdapter.findUserByEmail(values.email)) ||
          (await ctx.adapter.findOne({ model: 'user', where: [{ field: 'username', value: values.username.toLowerCase() }] }));
        if (taken) return c.json({ message: SELF_SERVICE_TEXT.signUpTaken, issues: [{ path: 'username', message: SELF_SERVICE_TEXT.signUpTaken }] }, 400);
        const response = (await auth.api.signUpEmail({
          // Only what the form names: the role and the confirmation state are the server's (self-service.ts).
          body: { email: values.email, password: values.password, name: values.attributes.name || values.username, username: values.username, displayUsername: values.username },
          headers: authHeaders(c, services),
          asResponse: true,
        })) as Response;
        if (!response.ok) {
          const problem = (await response.json().catch(() => ({}))) as { message?: string; code?: string; issues?: unknown };
          if (problem.code === 'PASSWORD_POLICY') return c.json({ message: problem.message, issues: problem.issues }, 400);
          if (response.status === 422 || /ALREADY|TAKEN/.test(problem.code ?? '')) {
            return c.json({ message: SELF_SERVICE_TEXT.signUpTaken, issues: [{ path: 'username', message: SELF_SERVICE_TEXT.signUpTaken }] }, 400);
          }
          if (response.status === 400) return c.json({ message: problem.message ?? MESSAGES.invalidInput, issues: [] }, 400);
          throw new Error(`sign-up answered ${response.status} ${problem.code ?? ''}`);
        }
        const { user } = (await response.json()) as { user: { id: string } };
        const attributes = { ...values.attributes, ...(values.phone_number ? { phone_number: values.phone_number } : {}) };
        await services.db.write(async (trx) => {
          if (Object.keys(attributes).length) {
            await trx
              .insertInto('staff_attributes')
              .values(Object.entries(attributes).map(([name, value]) => ({ user_id: user.id, name, value })))
              .execute();
          }
          await signUpLimit.count(trx, c);
        });
        // The code goes out through the outbox (never a log): SMTP, or kept in the outbox table.
        await auth.api.sendVerificationOTP({ body: { email: values.email, type: 'email-verification' } });
        return c.json({ next: 'confirm-sign-up', email: values.email }, 201);
      },
    )

    .post('/confirm-sign-up', authJson(confirmation), async (c) => {
      const { email, code } = c.req.valid('json');
      // Counted before the code is compared, by address and network (no more guesses in a burst than one by one).
      const network = clientNetwork(clientAddress(c, config.trustProxy));
      const held = confirmBuckets(email, network);
      const reserved = await attempts.reserve(held);
      if (!reserved.ok) {
        c.header('Retry-After', String(reserved.retryAfterSeconds));
        return tooMany(c);
      }
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.findUserByEmail(email);
      const user = found?.user as (Record<string, unknown> & { id: string; emailVerified: boolean; createdAt: Date }) | undefined;
      // The same answer for an address nobody uses and for a confirmed staff account: only the
      // code that confirmed an account (within its 10 minutes) hears that it is confirmed.
      if (!user || !user.awaitingConfirmation || !CODE.test(code)) {
        if (user && !user.awaitingConfirmation && CODE.test(code) && (await confirmedWith(email, code))) {
          await attempts.release(held);
          return alreadyConfirmed(c);
        }
        return invalidCode(c);
      }
      const response = await forward(services, c, '/email-otp/verify-email', { email, otp: code });
      if (response.status === 429) return tooMany(c);
      if (!response.ok) return invalidCode(c);
      await attempts.release(held);
      await ctx.internalAdapter.createVerificationValue({ identifier: confirmedKey(email), value: confirmedHash(email, code), expiresAt: new Date(Date.now() + RESET_CODE_SECONDS * 1000) });
      // Confirmed within the auto sign-in window: signed in. Later: confirmed, and the member signs in.
      if (Date.now() - new Date(user.createdAt).getTime() > AUTO_SIGN_IN_SECONDS * 1000) {
        const { token } = (await response.json()) as { token?: string };
        if (token) await ctx.internalAdapter.deleteSession(token);
        return c.json({ next: 'sign-in', message: SELF_SERVICE_TEXT.notConfirmedOnTime });
      }
      copyCookies(response, c);
      return c.json({ next: 'admin', redirect: '/admin' });
    })

    .post('/resend-code', authJson(resendTo), async (c) => {
      const { email } = c.req.valid('json');
      const network = clientNetwork(clientAddress(c, config.trustProxy));
      const asked = await attempts.reserve([{ name: `sign-up-code-request:${network}`, max: CODE_REQUESTS_PER_NETWORK, windowMs: CODE_WINDOW_MS }]);
      if (!asked.ok) {
        c.header('Retry-After', String(asked.retryAfterSeconds));
        return tooMany(c);
      }
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.findUserByEmail(email);
      // Only an account still waiting for its code gets one, and no more than a few an hour
      // whoever asks; every address gets the same answer.
      if ((found?.user as Record<string, unknown> | undefined)?.awaitingConfirmation) {
        const mailed = await attempts.reserve([{ name: `sign-up-mail:${email}`, max: CODE_MAILS_PER_HOUR, windowMs: 60 * 60_000 }]);
        if (mailed.ok) await forward(services, c, '/email-otp/send-verification-otp', { email, type: 'email-verification' });
      }
      return c.json({ message: SELF_SERVICE_TEXT.codeResent });
    })

    // The body of a code request says nothing: it is not read.
    .post('/verify-user/send', signedIn(services, 'any'), async (c) => {
      const response = await forward(services, c, '/email-otp/send-verification-otp', { email: c.get('staff').user.email, type: 'email-verification' });
      if (response.status === 429) return tooMany(c);
      return c.json({ message: SELF_SERVICE_TEXT.codeResent });
    })

    .post('/verify-user/confirm', signedIn(services, 'any'), authJson(verificationCode), async (c) => {
      const { code } = c.req.valid('json');
      const response = await forward(services, c, '/email-otp/verify-email', { email: c.get('staff').user.email, otp: code });
      if (response.status === 429) return tooMany(c);
      if (!response.ok) return invalidCode(c);
      // The member is signed in already: keep that session, drop the one verification opened.
      const { token } = (await response.json()) as { token?: string };
      if (token) await (await auth.$context).internalAdapter.deleteSession(token);
      return c.json({ message: SELF_SERVICE_TEXT.verified, next: 'admin', redirect: '/admin' });
    })

    // The site sends any provider's id; the server names those it is configured for.
    .post('/sign-in/social', authJson<{ provider: SocialProviderId } | Response, { provider: string }>(socialProvider), async (c) => {
      const { provider } = c.req.valid('json');
      const response = await forward(services, c, '/sign-in/social', {
        provider,
        callbackURL: '/admin',
        errorCallbackURL: LOGIN_PAGE,
        disableRedirect: true,
      });
      if (response.status === 429) return tooMany(c);
      if (!response.ok) throw new Error(`social sign-in answered ${response.status}`);
      const { url } = (await response.json()) as { url: string };
      copyCookies(response, c);
      return c.json({ url });
    })

    // A signed-in member links a provider account to their own (then it signs them in, whatever it
    // says of the address); the provider sends the browser back to /callback/:provider as usual.
    .post('/link/social', signedIn(services, 'password-set'), authJson<{ provider: SocialProviderId } | Response, { provider: string }>(socialProvider), async (c) => {
      const { provider } = c.req.valid('json');
      const response = await forward(services, c, '/link-social', { provider, callbackURL: '/admin', errorCallbackURL: LOGIN_PAGE, disableRedirect: true });
      if (response.status === 429) return tooMany(c);
      if (!response.ok) throw new Error(`linking a social account answered ${response.status}`);
      const { url } = (await response.json()) as { url: string };
      // The callback that carries this state completes the member's own link (linkingFromSession).
      const state = new URL(url).searchParams.get('state');
      if (state) await (await auth.$context).internalAdapter.createVerificationValue({ identifier: linkKey(state), value: c.get('staff').user.id, expiresAt: new Date(Date.now() + LINK_SECONDS * 1000) });
      copyCookies(response, c);
      return c.json({ url });
    });

  // The provider sends the browser back here (Apple with a form post, the others with a GET).
  // Outside the chain: the provider calls it, never the site's code.
  app.on(['GET', 'POST'], '/callback/:provider', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider) || !config.socialProviders[provider]) {
      console.warn(`staff sign-in: unsupported social provider ${JSON.stringify(provider).slice(0, 60)}`);
      return c.redirect(`${LOGIN_PAGE}?error=oauth_provider_not_found`, 302);
    }
    const headers = authHeaders(c, services);
    const init: RequestInit = { method: c.req.method, headers };
    if (c.req.method === 'POST') {
      const text = await readBody(c);
      if (text === null) return c.json({ message: MESSAGES.bodyTooLarge }, 413);
      init.body = text;
    }
    const state = c.req.method === 'POST' ? new URLSearchParams(String(init.body ?? '')).get('state') : c.req.query('state');
    const ctx = await auth.$context;
    const link = state ? await ctx.internalAdapter.findVerificationValue(linkKey(state)) : null;
    if (link && state) await ctx.internalAdapter.deleteVerificationByIdentifier(linkKey(state));
    const handle = () => auth.handler(new Request(c.req.url, init));
    const response = link && new Date(link.expiresAt) > new Date() ? await linkingFromSession.run(true, handle) : await handle();
    return secondFactorAfterProvider(c, response);
  });

  return app;
}
