/**
 * The site's typed API client (src/lib/api-client.ts): the paths it derives from the API's routes,
 * and the request a form's send makes (the same one the islands made by hand before).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../src/lib/api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  test('each endpoint the site calls has the path the API serves', () => {
    expect(api['newsletter-signup'].$path()).toBe('/api/newsletter-signup');
    expect(api.contact.$path()).toBe('/api/contact');
    expect(api['volunteer-application'].$path()).toBe('/api/volunteer-application');
    expect(api['partnership-inquiry'].$path()).toBe('/api/partnership-inquiry');
    expect(api.newsletter.confirm.$path()).toBe('/api/newsletter/confirm');
    expect(api.newsletter.unsubscribe.$path()).toBe('/api/newsletter/unsubscribe');
  });

  test('the staff sign-in screens reach the paths the API serves under /api/auth', () => {
    expect(api.auth['sign-in'].username.$path()).toBe('/api/auth/sign-in/username');
    expect(api.auth.options.$path()).toBe('/api/auth/options');
    expect(api.auth['sign-up'].$path()).toBe('/api/auth/sign-up');
    expect(api.auth['confirm-sign-up'].$path()).toBe('/api/auth/confirm-sign-up');
    expect(api.auth['resend-code'].$path()).toBe('/api/auth/resend-code');
    expect(api.auth['verify-user'].send.$path()).toBe('/api/auth/verify-user/send');
    expect(api.auth['verify-user'].confirm.$path()).toBe('/api/auth/verify-user/confirm');
    expect(api.auth['sign-in'].social.$path()).toBe('/api/auth/sign-in/social');
    expect(api.auth['two-factor'].status.$path()).toBe('/api/auth/two-factor/status');
    expect(api.auth['two-factor']['verify-backup-code'].$path()).toBe('/api/auth/two-factor/verify-backup-code');
  });

  test('a POST sends the JSON body, its content type and Accept to the relative path', async () => {
    const fetch = vi.fn(async () => new Response('{"message":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const response = await api['newsletter-signup'].$post({ json: { email: 'a@b.org' } }, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/newsletter-signup');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.org"}');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
  });
});
