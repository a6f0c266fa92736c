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
import { authHeaders, currentStaff } from '../auth/guard.ts';
import { PROVIDER_NAMES, configuredProviders, isSocialProvider } from '../auth/social.ts';
import { rateLimit } from '../rate-limit.ts';
import type { Services } from '../services.ts';
import { copyCookies, mediaType, readBody } from './staff-auth.ts';

/** The hosted widget's auto sign-in waits 3 minutes for the confirmation; later, the member signs in themselves. */
export const AUTO_SIGN_IN_SECONDS = 3 * 60;
const LOGIN_PAGE = '/admin/login';
const CODE = /^\d{6}$/;

async function readJson(c: Context): Promise<Record<string, unknown> | Response> {
  if (mediaType(c) !== 'application/json') return c.json({ message: MESSAGES.unsupportedType }, 415);
  const text = await readBody(c);
  if (text === null) return c.json({ message: MESSAGES.bodyTooLarge }, 413);
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the 400 below.
  }
  return c.json({ message: MESSAGES.badEncoding }, 400);
}

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

export function staffSelfServiceRoutes(services: Services) {
  const { auth } = services.staff;
  const { config } = services;
  const app = new Hono();
  const signUpLimit = rateLimit(services, 'staff-sign-up');

  app.get('/options', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ signUp: config.allowSignUp, social: configuredProviders(config).map((id) => ({ id, name: PROVIDER_NAMES[id] })) });
  });

  app.post('/sign-up', async (c) => {
    if (!config.allowSignUp) return c.json({ message: `No API route for POST ${new URL(c.req.url).pathname}` }, 404);
    const refused = await signUpLimit.refuse(c);
    if (refused) return refused;
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const { values, errors } = checkSignUp(body);
    if (Object.keys(errors).length) return c.json({ message: MESSAGES.invalidInput, issues: signUpIssues(errors) }, 400);
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
  });

  app.post('/confirm-sign-up', async (c) => {
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!email) return c.json({ message: MESSAGES.invalidInput, issues: [{ path: 'email', message: MESSAGES.fieldRequired }] }, 400);
    if (!code) return codeRequired(c);
    const ctx = await auth.$context;
    const found = await ctx.internalAdapter.findUserByEmail(email);
    const user = found?.user as (Record<string, unknown> & { id: string; emailVerified: boolean; createdAt: Date }) | undefined;
    if (user && user.emailVerified && !user.awaitingConfirmation) return c.json({ message: SELF_SERVICE_TEXT.alreadyConfirmed, code: 'already-confirmed' }, 409);
    if (!user || !CODE.test(code)) return invalidCode(c);
    const response = await forward(services, c, '/email-otp/verify-email', { email, otp: code });
    if (response.status === 429) return c.json({ message: MESSAGES.tooManyRequests }, 429);
    if (!response.ok) return invalidCode(c);
    // Confirmed within the auto sign-in window: signed in. Later: confirmed, and the member signs in.
    if (Date.now() - new Date(user.createdAt).getTime() > AUTO_SIGN_IN_SECONDS * 1000) {
      const { token } = (await response.json()) as { token?: string };
      if (token) await ctx.internalAdapter.deleteSession(token);
      return c.json({ next: 'sign-in', message: SELF_SERVICE_TEXT.notConfirmedOnTime });
    }
    copyCookies(response, c);
    return c.json({ next: 'admin', redirect: '/admin' });
  });

  app.post('/resend-code', async (c) => {
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return c.json({ message: MESSAGES.invalidInput, issues: [{ path: 'email', message: MESSAGES.fieldEmail }] }, 400);
    const ctx = await auth.$context;
    const found = await ctx.internalAdapter.findUserByEmail(email);
    if (found?.user.emailVerified && !(found.user as Record<string, unknown>).awaitingConfirmation) {
      return c.json({ message: SELF_SERVICE_TEXT.alreadyConfirmed, code: 'already-confirmed' }, 409);
    }
    const response = await forward(services, c, '/email-otp/send-verification-otp', { email, type: 'email-verification' });
    if (response.status === 429) return c.json({ message: MESSAGES.tooManyRequests }, 429);
    return c.json({ message: SELF_SERVICE_TEXT.codeResent });
  });

  app.post('/verify-user/send', async (c) => {
    const staff = await currentStaff(c, services);
    if (!staff) return c.json({ message: STAFF_TEXT.signInRequired, code: 'signed-out' }, 401);
    const response = await forward(services, c, '/email-otp/send-verification-otp', { email: staff.user.email, type: 'email-verification' });
    if (response.status === 429) return c.json({ message: MESSAGES.tooManyRequests }, 429);
    return c.json({ message: SELF_SERVICE_TEXT.codeResent });
  });

  app.post('/verify-user/confirm', async (c) => {
    const staff = await currentStaff(c, services);
    if (!staff) return c.json({ message: STAFF_TEXT.signInRequired, code: 'signed-out' }, 401);
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!code) return codeRequired(c);
    if (!CODE.test(code)) return invalidCode(c);
    const response = await forward(services, c, '/email-otp/verify-email', { email: staff.user.email, otp: code });
    if (response.status === 429) return c.json({ message: MESSAGES.tooManyRequests }, 429);
    if (!response.ok) return invalidCode(c);
    // The member is signed in already: keep that session, drop the one verification opened.
    const { token } = (await response.json()) as { token?: string };
    if (token) await (await auth.$context).internalAdapter.deleteSession(token);
    return c.json({ message: SELF_SERVICE_TEXT.verified, next: 'admin', redirect: '/admin' });
  });

  app.post('/sign-in/social', async (c) => {
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const provider = body.provider;
    if (!isSocialProvider(provider) || !config.socialProviders[provider]) {
      // The spec: an unsupported social provider is logged.
      console.warn(`staff sign-in: unsupported social provider ${JSON.stringify(String(provider ?? '')).slice(0, 60)}`);
      return c.json({ message: SELF_SERVICE_TEXT.unsupportedProvider, issues: [{ path: 'provider', message: SELF_SERVICE_TEXT.unsupportedProvider }] }, 400);
    }
    const response = await forward(services, c, '/sign-in/social', {
      provider,
      callbackURL: '/admin',
      errorCallbackURL: LOGIN_PAGE,
      disableRedirect: true,
    });
    if (response.status === 429) return c.json({ message: MESSAGES.tooManyRequests }, 429);
    if (!response.ok) throw new Error(`social sign-in answered ${response.status}`);
    const { url } = (await response.json()) as { url: string };
    copyCookies(response, c);
    return c.json({ url });
  });

  // The provider sends the browser back here (Apple with a form post, the others with a GET).
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
