/**
 * The hosted widget's routes that the staff sign-in screen serves, and what happens to any other:
 * the spec's "an unknown widget route logs a warning and renders nothing".
 */
import { JSON_REQUEST, api, call } from '../../api-call.ts';

/** What GET /api/auth/options says the server offers. */
export interface SignInOptions {
  signUp: boolean;
  social: Array<{ id: string; name: string }>;
}

export const NO_OPTIONS: SignInOptions = { signUp: false, social: [] };

export async function loadSignInOptions(): Promise<SignInOptions> {
  const answer = await call(() => api.auth.options.$get({}, JSON_REQUEST));
  if (!answer.ok) return NO_OPTIONS;
  const body = answer.body as Partial<SignInOptions>;
  return { signUp: body.signUp === true, social: Array.isArray(body.social) ? body.social : [] };
}

/** Logs a route the screen does not serve, as the hosted widget does; the caller renders nothing. */
export function warnUnknownRoute(route: string) {
  console.warn(`Unhandled sign-in route: ${route}`);
}
