/**
 * The self-service routes of the staff sign-in screens, mounted under /api/auth before the other
 * staff auth routes (staff-auth.ts answers 404 for any Better Auth path not listed):
 *
 *   GET  /api/auth/options                  what the sign-in screen offers: sign-up, social providers
 *   POST /api/auth/sign-up                  ALLOW_SIGN_UP=true only; a non-administrator account waiting for its code
 *   POST /api/auth/confirm-sign-up          email + code: confirms and signs in ('User is already confirmed.' ends it)
 *   POST /api/auth/resend-code              email: a new confirmation code (same answer for any address)
 *   POST /api/auth/verify-user/send         signed in: a code to the member's own unverified address
 *   POST /api/auth/verify-user/confirm      signed in: the code
 *   POST /api/auth/sign-in/social           { provider }: the provider's address to go to
 *   GET|POST /api/auth/callback/:provider   the provider's answer; then /admin, or /admin/login?error=…
 */
import { Hono, type Context } from 'hono';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { SELF_SERVICE_TEXT } from '../../../src/lib/self-service-messages.ts';
import { checkSignUp, signUpIssues } from '../../../src/lib/sign-up.ts';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import { authHeaders, type StaffEnv } from '../auth/guard.ts';
import { LOGIN_PAGE, authJson, copyCookies, readBody, signedIn, type Fields } from '../auth/http.ts';
import { PROVIDER_NAMES, configuredProviders, isSocialProvider } from '../auth/social.ts';
import { rateLimit } from '../rate-limit.ts';
import type { SocialProviderId } from '../config.ts';
import type { Services } from '../services.ts';
import { refuseOverLimit } from './form-route.ts';

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

export function staffSelfServiceRoutes(services: Services) {
  const { auth } = services.staff;
  const { config } = services;
  const signUpLimit = rateLimit(services, 'staff-sign-up');

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
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.findUserByEmail(email);
      const user = found?.user as (Record<string, unknown> & { id: string; emailVerified: boolean; createdAt: Date }) | undefined;
      if (user && user.emailVerified && !user.awaitingConfirmation) return alreadyConfirmed(c);
      if (!user || !CODE.test(code)) return invalidCode(c);
      const response = await forward(services, c, '/email-otp/verify-email', { email, otp: code });
      if (response.status === 429) return tooMany(c);
      if (!response.ok) return invalidCode(c);
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
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.findUserByEmail(email);
      if (found?.user.emailVerified && !(found.user as Record<string, unknown>).awaitingConfirmation) return alreadyConfirmed(c);
      const response = await forward(services, c, '/email-otp/send-verification-otp', { email, type: 'email-verification' });
      if (response.status === 429) return tooMany(c);
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
    return auth.handler(new Request(c.req.url, init));
  });

  return app;
}
