/** Staff test helpers: accounts made through the real account code, sign-in through the real route. */
import type { TestApi } from './helpers.ts';

export const ADMIN = { username: 'Director', email: 'director@example.org', password: 'Harambee#2026' };
export const MEMBER = { username: 'volunteer.lead', email: 'lead@example.org', password: 'Karibu!2026x' };

export async function createAccounts(api: TestApi) {
  await api.services.staff.accounts.create({ ...ADMIN, admin: true });
  await api.services.staff.accounts.create({ ...MEMBER });
}

export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export function signInRequest(api: TestApi, username: string, password: string, headers: Record<string, string> = {}) {
  return api.app.request('/api/auth/sign-in/username', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
  });
}

/** Signs in and returns the session cookie (fails the test if the sign-in does not succeed). */
export async function signIn(api: TestApi, username: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await signInRequest(api, username, password, headers);
  if (response.status !== 200) throw new Error(`sign-in of ${username} answered ${response.status}: ${await response.text()}`);
  const cookie = cookieOf(response);
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

/** A POST as the staff screens send it: a browser names the page's origin on every POST (the server checks it). */
export function postAuth(api: TestApi, path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return api.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', ...(cookie ? { cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

export const me = (api: TestApi, cookie?: string) => api.app.request('/api/staff/me', { headers: cookie ? { cookie } : {} });
