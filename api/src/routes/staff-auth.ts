/**
 * Better Auth at /api/auth/*, behind the API's own rules. Only the endpoints the staff screens use
 * are reachable; every other Better Auth path answers 404 (no self sign-up, no sign-in by email
 * code, no admin endpoints over HTTP: `npm run staff` manages accounts).
 *
 *   POST /api/auth/sign-in/username        ours: the brute-force limits, JSON or a plain form post (303)
 *   POST /api/auth/sign-out                ends this session                     (signed in)
 *   POST /api/auth/change-password         new password, ends every other session (signed in)
 *   POST /api/auth/revoke-sessions         ends every session of the member      (signed in, password set)
 *   POST /api/auth/email-otp/request-password-reset   mails a 6-digit code (same answer for any address)
 *   POST /api/auth/email-otp/reset-password           code + new password
 */
import { Hono, type Context } from 'hono';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import { authHeaders, currentStaff } from '../auth/guard.ts';
import { clientAddress } from '../client-address.ts';
import type { Services } from '../services.ts';

const BODY_LIMIT = 8 * 1024;
const LOGIN_PAGE = '/admin/login';

type Forwarded = { session: 'none' | 'any' | 'password-set' };
const FORWARDED: Record<string, Forwarded> = {
  '/sign-out': { session: 'any' },
  '/change-password': { session: 'any' },
  '/revoke-sessions': { session: 'password-set' },
  '/email-otp/request-password-reset': { session: 'none' },
  '/email-otp/reset-password': { session: 'none' },
};

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

async function readBody(c: Context): Promise<string | null> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > BODY_LIMIT) return null;
  const text = await c.req.text().catch(() => null);
  return text !== null && text.length <= BODY_LIMIT ? text : null;
}

function copyCookies(from: Response, c: Context) {
  for (const cookie of from.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

/** The sign-in: JSON from the island, or the login page's plain form post before hydration. */
function signInRoute(services: Services) {
  const { auth, throttle } = services.staff;
  return async (c: Context) => {
    const type = mediaType(c);
    const isForm = type === 'application/x-www-form-urlencoded';
    if (!isForm && type !== 'application/json') return c.json({ message: MESSAGES.unsupportedType }, 415);
    const text = await readBody(c);
    if (text === null) return c.json({ message: MESSAGES.bodyTooLarge }, 413);
    let fields: Record<string, unknown>;
    try {
      fields = isForm ? Object.fromEntries(new URLSearchParams(text)) : (JSON.parse(text) as Record<string, unknown>);
    } catch {
      return c.json({ message: MESSAGES.badEncoding }, 400);
    }
    const username = typeof fields?.username === 'string' ? fields.username.trim() : '';
    const password = typeof fields?.password === 'string' ? fields.password : '';
    const answer = (status: 200 | 400 | 401 | 403 | 429, body: Record<string, unknown>, page: string) =>
      isForm ? c.redirect(page, 303) : c.json(body, status);

    if (!username || !password) {
      const issues = [
        ...(username ? [] : [{ path: 'username', message: MESSAGES.fieldRequired }]),
        ...(password ? [] : [{ path: 'password', message: MESSAGES.fieldRequired }]),
      ];
      return answer(400, { message: MESSAGES.invalidInput, issues }, `${LOGIN_PAGE}?error=required`);
    }

    const account = username.toLowerCase().slice(0, 100);
    const address = clientAddress(c, services.config.trustProxy);
    const lock = await throttle.check(account, address);
    if (lock) {
      c.header('Retry-After', String(lock.retryAfterSeconds));
      const message = lock.scope === 'account' ? STAFF_TEXT.lockedOut : STAFF_TEXT.tooManyAttempts;
      return answer(429, { message, code: 'locked', retryAfter: lock.retryAfterSeconds }, `${LOGIN_PAGE}?error=locked`);
    }

    const response = (await auth.api.signInUsername({
      body: { username, password, rememberMe: true },
      headers: authHeaders(c, services),
      asResponse: true,
    })) as Response;

    if (response.ok) {
      await throttle.clearAccount(account);
      copyCookies(response, c);
      const { user } = (await response.json()) as { user: { role?: string; mustChangePassword?: boolean } };
      // Every member reaches the staff area (their tasks); its admin sections need the admin role.
      const next = user.mustChangePassword ? 'new-password' : 'admin';
      const page = next === 'admin' ? '/admin' : `${LOGIN_PAGE}?step=${next}`;
      return answer(200, { next, redirect: page }, page);
    }
    const problem = (await response.json().catch(() => ({}))) as { code?: string };
    if (response.status === 403 && problem.code === 'BANNED_USER') {
      return answer(403, { message: STAFF_TEXT.accountDisabled, code: 'disabled' }, `${LOGIN_PAGE}?error=disabled`);
    }
    if (response.status === 401 || response.status === 422 || response.status === 400) {
      await throttle.recordFailure(account, address);
      return answer(401, { message: STAFF_TEXT.invalidCredentials, code: 'invalid' }, `${LOGIN_PAGE}?error=invalid`);
    }
    if (response.status === 429) {
      c.header('Retry-After', response.headers.get('X-Retry-After') ?? '60');
      return answer(429, { message: STAFF_TEXT.tooManyAttempts, code: 'locked' }, `${LOGIN_PAGE}?error=locked`);
    }
    throw new Error(`sign-in answered ${response.status} ${problem.code ?? ''}`);
  };
}

export function staffAuthRoutes(services: Services) {
  const { auth } = services.staff;
  const app = new Hono();
  app.post('/sign-in/username', signInRoute(services));
  app.all('/*', async (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api\/auth/, '');
    const rule = FORWARDED[path];
    if (!rule || c.req.method !== 'POST') return c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404);
    if (mediaType(c) !== 'application/json') return c.json({ message: MESSAGES.unsupportedType }, 415);
    if (rule.session !== 'none') {
      const staff = await currentStaff(c, services);
      if (!staff) return c.json({ message: STAFF_TEXT.signInRequired, code: 'signed-out' }, 401);
      if (rule.session === 'password-set' && staff.user.mustChangePassword) {
        return c.json({ message: STAFF_TEXT.passwordChangeRequired, code: 'password-change-required' }, 403);
      }
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
