/**
 * Better Auth at /api/auth/*, behind the API's own rules. Only the endpoints the staff screens use
 * are reachable; every other Better Auth path answers 404 (no self sign-up, no sign-in by email
 * code, no admin endpoints over HTTP: `npm run staff` manages accounts).
 *
 *   POST /api/auth/sign-in/username        ours: the brute-force limits, JSON or a plain form post (303)
 *   POST /api/auth/sign-out                ends this session                     (signed in)
 *   POST /api/auth/change-password         new password, ends every other session (signed in)
 *   POST /api/auth/revoke-sessions         ends every session of the member      (signed in, password set)
 *   POST /api/auth/email-otp/request-password-reset   ours: mails a 6-digit code (same answer for any address; auth/reset-codes.ts)
 *   POST /api/auth/email-otp/reset-password           ours: code + new password; ends sessions, codes and sign-in limits
 *   /api/auth/two-factor/*                 second factors: set-up and the sign-in step (two-factor.ts)
 */
import { APIError } from 'better-auth/api';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import { SELF_SERVICE_TEXT } from '../../../src/lib/self-service-messages.ts';
import { authHeaders, type StaffEnv } from '../auth/guard.ts';
import { RESET_CODE_SECONDS } from '../auth/auth.ts';
import { LOGIN_PAGE, authJson, copyCookies, readBody, signedIn, type Fields } from '../auth/http.ts';
import { resetCodeMail } from '../auth/mails.ts';
import { passwordProblems } from '../../../src/lib/password-policy.ts';
import { BUSY_CODE } from '../auth/hash-queue.ts';
import { NOT_CONFIRMED_CODE } from '../auth/self-service.ts';
import { lockMessage } from '../auth/sign-in-throttle.ts';
import { clientAddress } from '../client-address.ts';
import { clientNetwork } from '../client-network.ts';
import type { Services } from '../services.ts';
import { isFormPost, mediaType } from '../submission.ts';
import { nextAfterSignIn, twoFactorRoutes } from './two-factor.ts';

type Forwarded = { session: 'none' | 'any' | 'password-set' };
/** Better Auth's own endpoints forwarded to it (POST, under /api/auth), each with the session it needs; every other path answers 404. */
export const FORWARDED: Record<string, Forwarded> = {
  '/sign-out': { session: 'any' },
  '/change-password': { session: 'any' },
  '/revoke-sessions': { session: 'password-set' },
};

type SignInStatus = 200 | 400 | 401 | 403 | 429;

/** The address of a reset code request. */
function resetRequest(fields: Fields, c: Context) {
  const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
  if (!email) return c.json({ message: MESSAGES.fieldRequired, issues: [{ path: 'email', message: MESSAGES.fieldRequired }] }, 400);
  if (email.length > 254 || !EMAIL.test(email)) return c.json({ message: MESSAGES.fieldEmail, issues: [{ path: 'email', message: MESSAGES.fieldEmail }] }, 400);
  return { email };
}

/** A reset: the address, the code and a new password the policy accepts (checked before the code is tried). */
function resetBody(fields: Fields, c: Context) {
  const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase().slice(0, 254) : '';
  const otp = typeof fields.otp === 'string' ? fields.otp.trim().slice(0, 20) : '';
  const password = typeof fields.password === 'string' ? fields.password : '';
  const issues = [
    ...(email ? [] : [{ path: 'email', message: MESSAGES.fieldRequired }]),
    ...(otp ? [] : [{ path: 'otp', message: MESSAGES.fieldRequired }]),
    ...(password ? [] : [{ path: 'password', message: MESSAGES.fieldRequired }]),
  ];
  if (issues.length) return c.json({ message: issues[0]!.message, issues }, 400);
  const problems = passwordProblems(password);
  if (problems.length || password.length > 128) {
    const messages = problems.length ? problems : [MESSAGES.invalidInput];
    return c.json({ message: messages[0], code: 'PASSWORD_POLICY', issues: messages.map((message) => ({ path: 'password', message })) }, 400);
  }
  return { email, otp, password };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The staff account that uses an address, with what the reset needs. */
async function memberByEmail(services: Services, email: string) {
  const ctx = await services.staff.auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(email).catch(() => null);
  if (!found) return null;
  const user = found.user as typeof found.user & { username?: string; banned?: boolean | null };
  return { id: user.id, email: user.email, account: String(user.username ?? user.email).toLowerCase(), banned: Boolean(user.banned) };
}

/** How long a sign-in refused because too many hashes were waiting is asked to wait. */
const BUSY_RETRY_SECONDS = 5;

/**
 * The username to sign in with: what was typed, or, when it is the address of a staff account,
 * that account's username (the address may stand for the username).
 */
async function signInName(services: Services, typed: string): Promise<string> {
  if (!typed.includes('@')) return typed;
  const ctx = await services.staff.auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(typed.toLowerCase()).catch(() => null);
  const username = (found?.user as { username?: string } | undefined)?.username;
  return username || typed;
}

/** The sign-in's answer: JSON to the island, a 303 to the login page's `page` for a plain form post. */
const answer = (c: Context, status: SignInStatus, body: Record<string, unknown>, page: string) => (isFormPost(c) ? c.redirect(page, 303) : c.json(body, status));

/**
 * Hono's validator for the sign-in's body: JSON from the island, or the login page's plain form
 * post before hydration; anything else 415, over 8 KB 413, JSON that does not parse 400. Both
 * fields are required (the username trimmed, the password as typed).
 */
type Credentials = { username: string; password: string };

function signInBody(): MiddlewareHandler<StaffEnv, string, { in: { json: Credentials }; out: { json: Credentials } }> {
  const validate = validator('json', async (json: unknown, c) => {
    // A form post's fields are read here from its text (the validator parses JSON only).
    const fields = (isFormPost(c) ? Object.fromEntries(new URLSearchParams(await c.req.text())) : json) as Record<string, unknown> | null;
    const username = typeof fields?.username === 'string' ? fields.username.trim() : '';
    const password = typeof fields?.password === 'string' ? fields.password : '';
    if (username && password) return { username, password } satisfies Credentials;
    const issues = [
      ...(username ? [] : [{ path: 'username', message: MESSAGES.fieldRequired }]),
      ...(password ? [] : [{ path: 'password', message: MESSAGES.fieldRequired }]),
    ];
    return answer(c, 400, { message: MESSAGES.invalidInput, issues }, `${LOGIN_PAGE}?error=required`);
  });
  return async (c, next) => {
    const type = mediaType(c);
    if (type !== 'application/x-www-form-urlencoded' && type !== 'application/json') return c.json({ message: MESSAGES.unsupportedType }, 415);
    const text = await readBody(c);
    if (text === null) return c.json({ message: MESSAGES.bodyTooLarge }, 413);
    if (type === 'application/json') {
      try {
        // The validator's c.req.json() reads this value, not the body again.
        c.req.bodyCache.json = Promise.resolve(JSON.parse(text)) as never;
      } catch {
        return c.json({ message: MESSAGES.badEncoding }, 400);
      }
    }
    return (await validate(c as never, next)) as Response | void;
  };
}

export function staffAuthRoutes(services: Services) {
  const { auth, throttle, resets, hashes } = services.staff;
  const busy = (c: Context) => {
    c.header('Retry-After', String(BUSY_RETRY_SECONDS));
    return answer(c, 429, { message: STAFF_TEXT.busy, code: 'busy', retryAfter: BUSY_RETRY_SECONDS }, `${LOGIN_PAGE}?error=busy`);
  };
  // Chained, so the routes' types reach AppType and the typed client.
  const app = new Hono<StaffEnv>()
    .post('/sign-in/username', signInBody(), async (c) => {
      // Too many hashes already waiting in this process: answered before any other work (hash-queue.ts).
      if (hashes.full()) return busy(c);
      const { username: typed, password } = c.req.valid('json');
      // The email is also a username (the spec: 'Email is the required attribute and the username').
      const username = await signInName(services, typed);
      const account = username.toLowerCase().slice(0, 100);
      const network = clientNetwork(clientAddress(c, services.config.trustProxy));
      // The attempt is counted before the password is checked (sign-in-throttle.ts).
      const begun = await throttle.begin(account, network);
      if ('lock' in begun) {
        c.header('Retry-After', String(begun.lock.retryAfterSeconds));
        return answer(c, 429, { message: lockMessage(begun.lock.scope), code: 'locked', retryAfter: begun.lock.retryAfterSeconds }, `${LOGIN_PAGE}?error=locked`);
      }
      const { attempt } = begun;

      const response = (await auth.api
        .signInUsername({ body: { username, password, rememberMe: true }, headers: authHeaders(c, services), asResponse: true })
        // A refusal from a plugin's hook (self-service.ts: not confirmed yet) or the hash queue is thrown rather than answered.
        .catch((error: unknown) => {
          if (error instanceof APIError) return Response.json(error.body, { status: error.statusCode });
          throw error;
        })) as Response;

      if (response.ok) {
        await attempt.passed();
        copyCookies(response, c);
        const signedIn = (await response.json()) as {
          twoFactorRedirect?: boolean;
          user?: { role?: string; mustChangePassword?: boolean; twoFactorEnabled?: boolean; emailVerified?: boolean };
        };
        // A second factor is on: the sign-in is complete (and the network's count cleared) only once the code is right too.
        if (signedIn.twoFactorRedirect || !signedIn.user) return answer(c, 200, { next: 'two-factor', redirect: `${LOGIN_PAGE}?step=two-factor` }, `${LOGIN_PAGE}?step=two-factor`);
        await throttle.signedIn(account, network);
        const { next, redirect } = nextAfterSignIn(signedIn.user, services.config.requireAdminMfa);
        return answer(c, 200, { next, redirect }, redirect);
      }
      const problem = (await response.json().catch(() => ({}))) as { code?: string };
      if (response.status === 401 || response.status === 422 || response.status === 400) {
        // A failure keeps its place in the count.
        return answer(c, 401, { message: STAFF_TEXT.invalidCredentials, code: 'invalid' }, `${LOGIN_PAGE}?error=invalid`);
      }
      // Anything else was no wrong password: the place is given back.
      await attempt.passed();
      if (response.status === 403 && problem.code === NOT_CONFIRMED_CODE) {
        // The right password of an account whose sign-up code was never entered (self-service.ts).
        const { email } = problem as { email?: string };
        return answer(c, 403, { message: SELF_SERVICE_TEXT.notConfirmed, code: 'not-confirmed', next: 'confirm-sign-up', email }, `${LOGIN_PAGE}?step=confirm-sign-up`);
      }
      if (response.status === 403 && problem.code === 'BANNED_USER') {
        return answer(c, 403, { message: STAFF_TEXT.accountDisabled, code: 'disabled' }, `${LOGIN_PAGE}?error=disabled`);
      }
      // Too many hashes waiting in this process (hash-queue.ts): a retry in a moment.
      if (response.status === 429 && problem.code === BUSY_CODE) return busy(c);
      if (response.status === 429) {
        c.header('Retry-After', response.headers.get('X-Retry-After') ?? '60');
        return answer(c, 429, { message: STAFF_TEXT.tooManyAttempts, code: 'locked' }, `${LOGIN_PAGE}?error=locked`);
      }
      throw new Error(`sign-in answered ${response.status} ${problem.code ?? ''}`);
    })
    .post('/email-otp/request-password-reset', authJson(resetRequest), async (c) => {
      const { email } = c.req.valid('json');
      const allowed = await resets.requestAllowed(clientNetwork(clientAddress(c, services.config.trustProxy)));
      if (!allowed.ok) {
        c.header('Retry-After', String(allowed.retryAfterSeconds));
        return c.json({ message: MESSAGES.tooManyRequests }, 429);
      }
      const member = await memberByEmail(services, email);
      // A disabled member gets no code; nobody learns whether an address is a staff account.
      if (member && !member.banned) {
        const code = await resets.issue(member.id, member.account);
        if (code) {
          const ids = await services.mailer.enqueue(services.db.kysely, [resetCodeMail(member.email, code, RESET_CODE_SECONDS / 60)]);
          services.mailer.deliverLater(ids);
        }
      }
      return c.json({ success: true });
    })
    .post('/email-otp/reset-password', authJson(resetBody), async (c) => {
      const { email, otp, password } = c.req.valid('json');
      const member = await memberByEmail(services, email);
      const network = clientNetwork(clientAddress(c, services.config.trustProxy));
      const used = await resets.use(member?.id ?? null, member?.account ?? `unknown:${email}`, network, otp);
      if (used === 'locked') return c.json({ message: STAFF_TEXT.invalidCode, code: 'TOO_MANY_ATTEMPTS' }, 403);
      if (used === 'wrong' || !member) return c.json({ message: STAFF_TEXT.invalidCode, code: 'INVALID_OTP' }, 400);
      const ctx = await auth.$context;
      const hash = await ctx.password.hash(password);
      if (await ctx.internalAdapter.findCredentialAccount(member.id)) await ctx.internalAdapter.updatePassword(member.id, hash);
      else await ctx.internalAdapter.createAccount({ userId: member.id, providerId: 'credential', accountId: member.id, password: hash });
      // The code proved the address too; the password is the member's own now.
      await ctx.internalAdapter.updateUser(member.id, { mustChangePassword: false, emailVerified: true });
      await ctx.internalAdapter.deleteUserSessions(member.id);
      await resets.voidAll(member.id);
      // A locked-out owner who proved their address signs in again at once.
      await throttle.unlock(member.account);
      return c.json({ success: true });
    })
    .route('/two-factor', twoFactorRoutes(services));
  // Outside the chain: Better Auth's own paths are forwarded as they are, and an `all` route's
  // answer would join every method's type in the client.
  app.all('/*', async (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api\/auth/, '');
    const rule = FORWARDED[path];
    if (!rule || c.req.method !== 'POST') return c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404);
    if (mediaType(c) !== 'application/json') return c.json({ message: MESSAGES.unsupportedType }, 415);
    if (rule.session !== 'none') {
      const refused = await signedIn(services, rule.session)(c, async () => {});
      if (refused) return refused;
    }
    const body = await readBody(c);
    if (body === null) return c.json({ message: MESSAGES.bodyTooLarge }, 413);
    const request = new Request(c.req.url, { method: 'POST', headers: authHeaders(c, services), body });
    const response = await auth.handler(request);
    if (response.status === 429 && !response.headers.has('Retry-After')) {
      const headers = new Headers(response.headers);
      headers.set('Retry-After', response.headers.get('X-Retry-After') ?? '60');
      return new Response(JSON.stringify({ message: MESSAGES.tooManyRequests }), { status: 429, headers });
    }
    return response;
  });
  return app;
}
