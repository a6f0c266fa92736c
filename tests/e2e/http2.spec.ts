import { expect, test } from '@playwright/test';

/**
 * `npm start` serves HTTPS with HTTP/2 on the port of its plain HTTP (api/src/both-protocols.ts):
 * a browser gets a page and every file it loads over the one connection the document opened, so
 * on a slow phone network no file waits for a handshake of its own. The certificate is the local
 * one the server made at start in its DATA_DIR, accepted here as a visitor accepts the site's own.
 * The main routes with a form, in each language.
 */
const ROUTES = ['/', '/donate', '/contact', '/fr/donate', '/sw/contact'];

test.use({ ignoreHTTPSErrors: true });

for (const route of ROUTES) {
  test(`${route} and all its files come over one HTTP/2 connection`, async ({ page, baseURL }) => {
    const secure = new URL(baseURL!);
    secure.protocol = 'https:';
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const responses: { url: string; protocol?: string; connectionId: number }[] = [];
    cdp.on('Network.responseReceived', ({ response }) => {
      if (response.url.startsWith(secure.origin)) responses.push({ url: response.url, protocol: response.protocol, connectionId: response.connectionId });
    });
    await page.goto(new URL(route, secure).href, { waitUntil: 'load' });
    // The islands wake after the largest paint: their modules come over the same connection.
    await page.waitForLoadState('networkidle');
    expect(responses.length).toBeGreaterThan(3);
    expect(responses.filter((response) => response.protocol !== 'h2')).toEqual([]);
    expect(new Set(responses.map((response) => response.connectionId)).size).toBe(1);
  });
}
