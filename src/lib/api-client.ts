/**
 * The one way the site's code calls the API: a client typed from the API's own routes
 * (`hc<AppType>`, Hono RPC), so each endpoint's path is written once, in api/src/app.ts, and a
 * wrong path, method or body is a type error. The import of AppType is type-only: no server code
 * reaches the browser, only Hono's small client. Relative to the page's origin (the API is
 * same-origin under /api).
 */
import { hc, type ClientRequestOptions } from 'hono/client';
import type { AppType } from '../../api/src/app.ts';

export const api = hc<AppType>('/').api;

/** What the staff screens ask the typed client to send with every request: JSON back, the session cookie. */
export const JSON_REQUEST = { headers: { Accept: 'application/json' }, init: { credentials: 'same-origin' } } satisfies ClientRequestOptions;

/**
 * Better Auth's own endpoints, which api/src/routes/staff-auth.ts forwards to its handler as they
 * are: outside the API's routes, so outside the typed client, and named here once.
 */
export const BETTER_AUTH_PATHS = {
  signOut: '/api/auth/sign-out',
  changePassword: '/api/auth/change-password',
  revokeSessions: '/api/auth/revoke-sessions',
  requestPasswordReset: '/api/auth/email-otp/request-password-reset',
  resetPassword: '/api/auth/email-otp/reset-password',
} as const;

/** What the site asks of a POST endpoint that takes a JSON body: sending it, and its path for a form's action. */
export interface JsonEndpoint<Body> {
  $post(args: { json: Body }, options?: { headers?: Record<string, string> }): Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
  $path(): string;
}
