/**
 * How the staff panels talk to the API: through the typed client (src/lib/api-client.ts), with the
 * session cookie, JSON back. A 401 means the session ended: the panels send the browser to the
 * sign-in page.
 */
import type { ClientResponse } from 'hono/client';

export { JSON_REQUEST } from '../../../lib/api-client.ts';

export type Issue = { path: string; message: string };
export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string; issues?: Issue[] };

export const NETWORK_PROBLEM = 'The server could not be reached. Check your connection and try again.';
export const SIGN_IN_PAGE = '/admin/login';

async function read<T>(response: Response): Promise<Answer<T>> {
  if (response.status === 401) {
    location.assign(SIGN_IN_PAGE);
    return { ok: false, status: 401, message: 'Your session has ended. Please sign in again.' };
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; issues?: Issue[] };
  if (response.ok) return { ok: true, data: body as T };
  return { ok: false, status: response.status, message: body.message ?? NETWORK_PROBLEM, issues: body.issues };
}

/** The body of a route's successful answers, as the typed client knows it. */
export type OkBody<R> = R extends ClientResponse<infer T, number, 'json'> ? (R['ok'] extends false ? never : T) : never;

/**
 * One request through the typed client, e.g. `call(() => api.tasks.$get({}, JSON_REQUEST))`; a
 * network failure is status 0.
 */
export async function call<R extends ClientResponse<unknown, number, 'json'>>(send: () => Promise<R>): Promise<Answer<OkBody<R>>> {
  try {
    return await read<OkBody<R>>(await send());
  } catch {
    return { ok: false, status: 0, message: NETWORK_PROBLEM };
  }
}

export async function getJson<T>(path: string): Promise<Answer<T>> {
  try {
    return await read<T>(await fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } }));
  } catch {
    return { ok: false, status: 0, message: NETWORK_PROBLEM };
  }
}

export async function postJson<T>(path: string, body: unknown): Promise<Answer<T>> {
  return postBody<T>(path, JSON.stringify(body), 'application/json');
}

export async function postBody<T>(path: string, body: string, type: string): Promise<Answer<T>> {
  try {
    return await read<T>(await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': type, Accept: 'application/json' }, body }));
  } catch {
    return { ok: false, status: 0, message: NETWORK_PROBLEM };
  }
}

/** A JSON request with another method (PATCH, DELETE); no body when `body` is undefined. */
export async function sendJson<T>(method: 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await read<T>(await fetch(path, { method, credentials: 'same-origin', headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  } catch {
    return { ok: false, status: 0, message: NETWORK_PROBLEM };
  }
}

/** The filled-in values only, for a request's query. */
export function filled(values: Record<string, string | undefined>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value) query[key] = value;
  return query;
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const formatDateTime = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '');
export const formatDate = (iso: string | null) => (iso ? DATE.format(new Date(iso)) : '');
