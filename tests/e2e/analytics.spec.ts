import { expect, test } from '@playwright/test';

test('no analytics request is made when no measurement id is configured', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(requests.filter((url) => url.includes('googletagmanager'))).toEqual([]);
  expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');
});

test('with a measurement id, a page view is sent without blocking rendering', async ({ page }) => {
  // Stand in for a build with PUBLIC_GA_MEASUREMENT_ID set: add the meta tag the layout writes.
  await page.route('**/about', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</head>', '<meta name="sipa:analytics" content="G-TEST12345"></head>')
      .replace("script-src 'self'", "script-src 'self' https://www.googletagmanager.com");
    await route.fulfill({ response, body: html, headers: { ...response.headers(), 'content-encoding': '' } });
  });
  let libraryRequested = '';
  await page.route('https://www.googletagmanager.com/**', (route) => {
    libraryRequested = route.request().url();
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.goto('/about');
  await expect.poll(() => libraryRequested).toContain('id=G-TEST12345');
  const layer = await page.evaluate(() => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)));
  expect(layer).toContainEqual(['config', 'G-TEST12345']);
  const asyncScript = await page.locator('script[src*="googletagmanager"]').getAttribute('async');
  expect(asyncScript).not.toBeNull();
});
