/**
 * Request reading shared by the staff sign-in routes (/api/auth/*: staff-auth.ts,
 * staff-self-service.ts, two-factor.ts): bodies of at most 8 KB, JSON objects read through Hono's
 * validator so the handler takes its fields with `c.req.valid('json')`, and the signed-in member
 * checked before the body where a route is for members only. Refusals keep the sign-in screens'
 * own shape: 415, 413, 400 `{ message }` for a body that is not a JSON object.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import type { Services } from '../services.ts';
import { mediaType } from '../submission.ts';
import { currentStaff, type StaffEnv } from './guard.ts';

/** The staff sign-in screens' address, where refusals of a plain form post and finished steps lead. */
export const LOGIN_PAGE = '/admin/login';

const BODY_LIMIT = 8 * 1024;

/** A JSON body's top-level fields, before a route's check has looked at them. */
export type Fields = Record<string, unknown>;

/** The body as text, or null above 8 KB (declared or read) or when it cannot be read. */
export async function readBody(c: Context): Promise<string | null> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > BODY_LIMIT) return null;
  const text = await c.req.text().catch(() => null);
  return text !== null && text.length <= BODY_LIMIT ? text : null;
}

/** Copies the cookies Better Auth set on its answer onto ours (a session, a challenge). */
export function copyCookies(from: Response, c: Context) {
  for (const cookie of from.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

/** A JSON object, or null (not JSON, or JSON of another kind). */
function jsonObject(text: string): Fields | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Fields;
  } catch {
    // Not JSON: null, as for any other kind of value.
  }
  return null;
}

type Validated<In, Out> = { in: { json: In }; out: { json: Out } };

/**
 * Hono's validator for a staff JSON body: 415 for another type, 413 above 8 KB, 400 `{ message }`
 * for a body that is not a JSON object (`blankIsEmpty`: an empty body counts as `{}`, as the
 * two-factor calls without fields send), then `check` returns the route's values or its own
 * refusal. `In` is what the site sends (the typed client's body); by default the values themselves.
 */
export function authJson<Out, In = Exclude<Out, Response>>(
  check: (fields: Fields, c: Context<StaffEnv>) => Out | Response | Promise<Out | Response>,
  options: { blankIsEmpty?: boolean } = {},
): MiddlewareHandler<StaffEnv, string, Validated<In, Exclude<Out, Response>>> {
  const validate = validator('json', (fields: Fields, c) => check(fields, c));
  return async (c, next) => {
    if (mediaType(c) !== 'application/json') return c.json({ message: MESSAGES.unsupportedType }, 415);
    const text = await readBody(c);
    if (text === null) return c.json({ message: MESSAGES.bodyTooLarge }, 413);
    const fields = options.blankIsEmpty && !text.trim() ? {} : jsonObject(text);
    if (!fields) return c.json({ message: MESSAGES.badEncoding }, 400);
    // The validator's c.req.json() parses the cached text: an empty body is read as the object it stands for.
    if (!text.trim()) c.req.bodyCache.text = Promise.resolve('{}') as never;
    c.req.bodyCache.json = Promise.resolve(fields) as never;
    return (await validate(c as never, next)) as Response | void;
  };
}

/**
 * The signed-in member on the context (`c.get('staff')`), or 401; `passwordSet` also answers 403
 * while a temporary password is still to be replaced. Unlike the staff area's guard
 * (guard.ts), a sign-in step does not ask administrators for a second factor first.
 */
export function signedIn(services: Services, rule: 'any' | 'password-set'): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const staff = await currentStaff(c, services);
    if (!staff) return c.json({ message: STAFF_TEXT.signInRequired, code: 'signed-out' }, 401);
    if (rule === 'password-set' && staff.user.mustChangePassword) {
      return c.json({ message: STAFF_TEXT.passwordChangeRequired, code: 'password-change-required' }, 403);
    }
    c.set('staff', staff);
    await next();
  };
}
