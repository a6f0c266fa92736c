/**
 * The islands' one way to call the API (src/islands/api-call.ts): what a screen gets back from a
 * success, a refusal and a request that never reached the server, and the one network text it
 * then shows, in each of the site's languages.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import fr from '../../content/messages/fr.json' with { type: 'json' };
import sw from '../../content/messages/sw.json' with { type: 'json' };
import en from '../../content/messages/en.json' with { type: 'json' };
import { BETTER_AUTH_PATHS } from '../../src/lib/api-client.ts';

const NETWORK_TEXT = {
  en: 'The server could not be reached. Check your connection and try again.',
  fr: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
  sw: 'Seva haikuweza kufikiwa. Angalia muunganisho wako kisha ujaribu tena.',
} as const;
const CATALOGUES = { en, fr, sw };

/** The module as a page in `lang` runs it: MESSAGES is that language's catalogue (as messages.ts reads it in a browser). */
async function apiCallIn(lang: keyof typeof CATALOGUES) {
  vi.resetModules();
  vi.doMock('../../src/lib/messages.ts', async () => {
    const { catalogueMessages } = await import('../../src/lib/catalogue-messages.ts');
    return catalogueMessages(CATALOGUES[lang]);
  });
  return import('../../src/islands/api-call.ts');
}

afterEach(() => {
  vi.doUnmock('../../src/lib/messages.ts');
  vi.unstubAllGlobals();
});

const unreachable = () => vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));

describe('a request that never reaches the server', () => {
  for (const lang of ['en', 'fr', 'sw'] as const) {
    test(`says the one network text in ${lang}, whatever the screen's own fallback`, async () => {
      expect(CATALOGUES[lang].networkProblem).toBe(NETWORK_TEXT[lang]);
      const { api, call, callAuth, problemOf, JSON_REQUEST, SIGN_IN_ON_401 } = await apiCallIn(lang);
      unreachable();
      // The typed client's requests (a staff panel's, a sign-in step's) and Better Auth's own.
      const answers = [
        await call(() => api.tasks.$get({}, JSON_REQUEST), SIGN_IN_ON_401),
        await call(() => api.auth['resend-code'].$post({ json: { email: 'a@b.org' } }, JSON_REQUEST)),
        await call(() => api.contact.$post({ json: { name: 'A', email: 'a@b.org', subject: 'S', message: 'M' } as never }, { headers: JSON_REQUEST.headers })),
        await callAuth(BETTER_AUTH_PATHS.changePassword, { currentPassword: 'a', newPassword: 'b' }),
      ];
      for (const answer of answers) {
        expect(answer).toMatchObject({ ok: false, status: 0, network: true });
        expect(problemOf(answer)).toBe(NETWORK_TEXT[lang]);
        expect(problemOf(answer, 'That code is not valid or has expired. Ask for a new one.')).toBe(NETWORK_TEXT[lang]);
      }
    });
  }
});

describe('an answer from the server', () => {
  test('a success gives its typed body', async () => {
    const { api, call, JSON_REQUEST } = await apiCallIn('en');
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ tasks: [] })));
    const answer = await call(() => api.tasks.$get({}, JSON_REQUEST));
    expect(answer).toMatchObject({ ok: true, status: 200, data: { tasks: [] } });
  });

  test("a refusal gives the server's message, code and field issues; without a message, the screen's fallback", async () => {
    const { api, call, problemOf, JSON_REQUEST } = await apiCallIn('en');
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'Too long.', code: 'x', issues: [{ path: 'content', message: 'At most 500.' }, { bad: 1 }] }, { status: 400 })));
    const refused = await call(() => api.tasks.$get({}, JSON_REQUEST));
    expect(refused).toMatchObject({ ok: false, status: 400, message: 'Too long.', code: 'x', issues: [{ path: 'content', message: 'At most 500.' }] });
    expect('network' in refused).toBe(false);
    expect(problemOf(refused)).toBe('Too long.');

    vi.stubGlobal('fetch', vi.fn(async () => new Response('<h1>Bad Gateway</h1>', { status: 502 })));
    const bare = await call(() => api.tasks.$get({}, JSON_REQUEST));
    expect(bare).toMatchObject({ ok: false, status: 502, message: undefined, issues: [] });
    expect(problemOf(bare)).toBe('An unexpected error occurred. Please try again later.');
    expect(problemOf(bare, 'The preview could not be made.')).toBe('The preview could not be made.');
  });

  test('a staff panel whose session ended sends the browser to the sign-in page; a sign-in step gets the 401 to handle', async () => {
    const { api, call, JSON_REQUEST, SIGN_IN_ON_401 } = await apiCallIn('en');
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'Please sign in.' }, { status: 401 })));
    expect(await call(() => api.tasks.$get({}, JSON_REQUEST))).toMatchObject({ ok: false, status: 401, message: 'Please sign in.' });
    expect(assign).not.toHaveBeenCalled();
    await call(() => api.tasks.$get({}, JSON_REQUEST), SIGN_IN_ON_401);
    expect(assign).toHaveBeenCalledWith('/admin/login');
  });

  test("Better Auth's endpoints get a same-origin JSON POST", async () => {
    const { callAuth } = await apiCallIn('en');
    const fetch = vi.fn(async () => Response.json({ status: true }));
    vi.stubGlobal('fetch', fetch);
    expect(await callAuth(BETTER_AUTH_PATHS.signOut, {})).toMatchObject({ ok: true, status: 200, body: { status: true } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/sign-out');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{}' });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(init.headers).get('accept')).toBe('application/json');
  });
});
