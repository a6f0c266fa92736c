/**
 * The session guard every staff route sits on. `requireStaff` answers 401 without a valid
 * session and 403 while the member still has to replace a temporary password; `requireAdmin`
 * also answers 403 to an account that is not an administrator. Both put the signed-in member on
 * the context as `c.get('staff')`.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import { TWO_FACTOR_TEXT } from '../../../src/lib/two-factor-messages.ts';
import { clientAddress } from '../client-address.ts';
import { DatabaseUnavailableError } from '../db/availability.ts';
import type { Services } from '../services.ts';
import { CLIENT_ADDRESS_HEADER, SESSION_ABSOLUTE_SECONDS } from './auth.ts';

export interface SignedInStaff {
  user: { id: string; username: string; displayUsername: string; email: string; name: string; role: string; mustChangePassword: boolean; twoFactorEnabled: boolean };
  session: { id: string; createdAt: Date; expiresAt: Date };
}

export type StaffEnv = { Variables: { staff: SignedInStaff } };

/** The request's headers for Better Auth, with the project's own client address (never the client's say). */
export function authHeaders(c: Context, services: Services): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c, services.config.trustProxy));
  return headers;
}

/** The signed-in member, or null. Copies a refreshed session cookie onto the answer. */
export async function currentStaff(c: Context, services: Services): Promise<SignedInStaff | null> {
  const { auth } = services.staff;
  const result = await auth.api.getSession({ headers: authHeaders(c, services), returnHeaders: true }).catch(() => {
    // Better Auth answers a failed query with an error of its own: while the database is out of
    // reach that is a 503 (app.ts), not a member signed out.
    if (!services.db.availability.ok) throw new DatabaseUnavailableError('the session could not be looked up: the database is unavailable');
    return null;
  });
  if (!result) return null;
  for (const cookie of result.headers?.getSetCookie?.() ?? []) c.header('Set-Cookie', cookie, { append: true });
  const found = result.response;
  if (!found) return null;
  // The absolute lifetime: a session older than 12 hours ends even if it was used all along.
  if (Date.now() - new Date(found.session.createdAt).getTime() >= SESSION_ABSOLUTE_SECONDS * 1000) {
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteSession(found.session.token);
    return null;
  }
  const user = found.user as typeof found.user & { username?: string; displayUsername?: string; role?: string; mustChangePassword?: boolean; twoFactorEnabled?: boolean };
  return {
    user: {
      id: user.id,
      username: user.username ?? '',
      displayUsername: user.displayUsername ?? user.username ?? '',
      email: user.email,
      name: user.name,
      role: user.role ?? 'user',
      mustChangePassword: Boolean(user.mustChangePassword),
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
    },
    session: { id: found.session.id, createdAt: new Date(found.session.createdAt), expiresAt: new Date(found.session.expiresAt) },
  };
}

function guard(services: Services, adminOnly: boolean): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const staff = await currentStaff(c, services);
    if (!staff) return c.json({ message: STAFF_TEXT.signInRequired, code: 'signed-out' }, 401);
    if (staff.user.mustChangePassword) return c.json({ message: STAFF_TEXT.passwordChangeRequired, code: 'password-change-required' }, 403);
    if (adminOnly && staff.user.role !== 'admin') return c.json({ message: STAFF_TEXT.adminRequired, code: 'not-admin' }, 403);
    // REQUIRE_ADMIN_MFA: an administrator sets up a second factor (/api/auth/two-factor/*) before anything else.
    if (services.config.requireAdminMfa && staff.user.role === 'admin' && !staff.user.twoFactorEnabled) {
      return c.json({ message: TWO_FACTOR_TEXT.setupRequired, code: 'two-factor-setup-required' }, 403);
    }
    c.set('staff', staff);
    await next();
  };
}

/** Any signed-in staff member who has set their own password. */
export const requireStaff = (services: Services) => guard(services, false);
/** A signed-in administrator: the staff area (/admin) and everything it calls. */
export const requireAdmin = (services: Services) => guard(services, true);

function guardedApi(check: MiddlewareHandler<StaffEnv>): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();
  app.use(check, async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  return app;
}

/** A sub-app of the staff area's API: behind the admin guard, and every answer kept by no cache. */
export const adminApi = (services: Services): Hono<StaffEnv> => guardedApi(requireAdmin(services));
/** The same for what every signed-in member may use (their own tasks, who they are). */
export const staffApi = (services: Services): Hono<StaffEnv> => guardedApi(requireStaff(services));
