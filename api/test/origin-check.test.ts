/**
 * The origin check on its own: a write is allowed only from the site's own host (or an origin
 * listed exactly in ALLOWED_ORIGINS). Hosts that merely look like the site's (ending or starting
 * with its name, another port, another label) are other sites and are refused.
 */
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { ORIGIN_REFUSED_MESSAGE, originCheck, type OriginPolicy } from '../src/origin-check.ts';

function appWith(policy: Partial<OriginPolicy> = {}) {
  const app = new Hono();
  app.use(originCheck({ siteUrl: 'https://sipa.example.org', allowedOrigins: ['https://partner.example'], trustProxy: 0, ...policy }));
  app.post('/api/contact', (c) => c.json({ ok: true }, 201));
  return app;
}

const post = (app: Hono, origin: string | undefined, host = 'sipa.example.org') =>
  app.request('https://sipa.example.org/api/contact', { method: 'POST', headers: { host, ...(origin === undefined ? {} : { origin }) } });

describe('the origin check', () => {
  test('the site itself, a listed origin and a client without Origin may write', async () => {
    const app = appWith();
    for (const origin of ['https://sipa.example.org', 'http://sipa.example.org', 'https://partner.example', undefined]) {
      expect((await post(app, origin)).status, String(origin)).toBe(201);
    }
  });

  test('hosts that only look like the site are other sites', async () => {
    const app = appWith();
    const lookalikes = [
      'https://evilsipa.example.org',
      'https://evil-sipa.example.org',
      'https://sipa.example.org.evil.example',
      'https://evil.example/sipa.example.org',
      'https://sipa.example.org:8443',
      'https://www.sipa.example.org',
      'https://partner.example.evil.example',
      'https://evilpartner.example',
      'null',
      'sipa.example.org',
    ];
    for (const origin of lookalikes) {
      const response = await post(app, origin);
      expect(response.status, origin).toBe(403);
      expect(await response.json()).toEqual({ message: ORIGIN_REFUSED_MESSAGE });
    }
  });

  test('a forwarded host counts only when proxies are trusted, and only exactly', async () => {
    const untrusted = appWith();
    const forwarded = (app: Hono, origin: string, forwardedHost: string) =>
      app.request('http://10.0.0.5/api/contact', { method: 'POST', headers: { host: '10.0.0.5', origin, 'x-forwarded-host': forwardedHost } });
    expect((await forwarded(untrusted, 'https://mirror.example', 'mirror.example')).status).toBe(403);
    const trusted = appWith({ trustProxy: 1 });
    expect((await forwarded(trusted, 'https://mirror.example', 'mirror.example')).status).toBe(201);
    expect((await forwarded(trusted, 'https://evilmirror.example', 'mirror.example')).status).toBe(403);
  });
});
