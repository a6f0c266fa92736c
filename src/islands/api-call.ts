/**
 * The one way the islands call the API: a request made through the typed client
 * (src/lib/api-client.ts) is handed to `call`, which reads the answer once into what the screens
 * need, e.g. `call(() => api.tasks.$get({}, JSON_REQUEST))`. A network failure is status 0 with
 * `network: true`, and `problemOf` words it with the one network text of the catalogues
 * (`networkProblem`, in the page's language). Better Auth's own endpoints, outside the typed
 * client, go through `callAuth`, which is `call` over a plain JSON POST.
 */
import type { ClientResponse } from 'hono/client';
import { JSON_REQUEST, type BETTER_AUTH_PATHS } from '../lib/api-client.ts';
import { MESSAGES } from '../lib/messages.ts';

export { api, JSON_REQUEST } from '../lib/api-client.ts';

export type Issue = { path: string; message: string };

/** An answer's JSON as read: whatever fields it has; a refusal's are `message`, `code` and `issues`. */
export type Body = { message?: string; code?: string; issues?: Issue[] } & Record<string, unknown>;

type Refused = { ok: false; status: number; message?: string; code?: string; issues: Issue[]; body: Body };
type Unreached = { ok: false; status: 0; network: true; message?: undefined; code?: undefined; issues: Issue[]; body: Body };

/**
 * What came back: the typed body (`data`) of a success; the server's message (trimmed, if it gave
 * one), code and field issues of a refusal; or no answer at all. `body` is the JSON as read, for
 * the endpoints whose answers the typed client does not know.
 */
export type Answer<T> = { ok: true; status: number; data: T; body: Body } | Refused | Unreached;
export type Failure = Refused | Unreached;

/** The body of a route's successful answers, as the typed client knows it (a plain `fetch` has none). */
export type OkBody<R> = R extends ClientResponse<infer T, number, 'json'> ? (R['ok'] extends false ? never : T) : Body;

/** Any response `call` can read: the typed client's and `fetch`'s. */
type Readable = { ok: boolean; status: number; json(): Promise<unknown> };

export const SIGN_IN_PAGE = '/admin/login';

export interface CallOptions {
  /** A 401 means the staff session ended: the browser goes to the sign-in page (the staff panels). */
  signInOn401?: boolean;
}

/** The staff panels' option: their screens make no sense without a session. */
export const SIGN_IN_ON_401: CallOptions = { signInOn401: true };

export async function call<R extends Readable>(send: () => Promise<R>, options: CallOptions = {}): Promise<Answer<OkBody<R>>> {
  let response: R;
  try {
    response = await send();
  } catch {
    return { ok: false, status: 0, network: true, issues: [], body: {} };
  }
  const read: unknown = await response.json().catch(() => ({}));
  const body = (read && typeof read === 'object' ? read : {}) as Body;
  if (response.ok) return { ok: true, status: response.status, data: body as OkBody<R>, body };
  if (response.status === 401 && options.signInOn401) location.assign(SIGN_IN_PAGE);
  const message = typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
  const issues = Array.isArray(body.issues) ? body.issues.filter((issue) => typeof issue?.path === 'string' && typeof issue.message === 'string') : [];
  return { ok: false, status: response.status, message, code: typeof body.code === 'string' ? body.code : undefined, issues, body };
}

/** POSTs JSON to one of Better Auth's own endpoints (BETTER_AUTH_PATHS), which the typed client does not know. */
export const callAuth = (path: (typeof BETTER_AUTH_PATHS)[keyof typeof BETTER_AUTH_PATHS], json: unknown) =>
  call(() => fetch(path, { method: 'POST', headers: { ...JSON_REQUEST.headers, 'Content-Type': 'application/json' }, ...JSON_REQUEST.init, body: JSON.stringify(json) }));

/**
 * What a screen says about a failed request: the one network text when the server was not
 * reached, else the server's message, else `fallback`.
 */
export function problemOf(answer: { ok: boolean; message?: string; network?: true }, fallback: string = MESSAGES.unexpected): string {
  return answer.network ? MESSAGES.networkProblem : (answer.message ?? fallback);
}
