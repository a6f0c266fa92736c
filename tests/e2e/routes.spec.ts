import { expect, test } from '@playwright/test';
import { builtRoutes } from '../support/routes.ts';
import { routeAliases } from '../../src/lib/routes.ts';

const routes = builtRoutes();

test('the build has every route of the route table', () => {
  const required = [
    '/', '/about', '/team', '/programs', '/programs/early-learning', '/programs/career-pathways',
    '/programs/financial-empowerment', '/programs/mental-health', '/programs/future-ready-youth',
    '/donate', '/thank-you', '/contact', '/events', '/get-involved', '/corporate', '/planned-giving',
    '/blog', '/resources/banking-guide', '/resources/budgeting-guide', '/resources/credit-guide',
    '/faq', '/careers', '/privacy', '/terms', '/accessibility', '/error', '/admin/login', '/admin',
    '/impact', '/resources', '/newsletter',
  ];
  for (const route of required) expect(routes, route).toContain(route);
});

test('every built route answers 200 with its own title and one h1', async ({ request, page }) => {
  for (const route of routes) {
    const response = await request.get(route, { maxRedirects: 0 });
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    expect(html, route).toMatch(/<title>[^<]+\| [^<]+<\/title>/);
    expect(html.match(/<h1\b/g)?.length ?? 0, `${route} has one h1`).toBe(1);
  }
  await page.goto('/about');
  await expect(page).toHaveTitle('Who We Are | SIPA');
});

test('every alias answers 301 to its canonical path, with or without a trailing slash', async ({ request }) => {
  // Under /fr and /sw as in English.
  expect(routeAliases['/fr/About']).toBe('/fr/about');
  expect(routeAliases['/sw/Donate']).toBe('/sw/donate');
  for (const [from, to] of Object.entries(routeAliases)) {
    for (const path of [from, `${from}/`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()['location'], path).toBe(to);
    }
  }
  const slash = await request.get('/about/', { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  expect(slash.headers()['location']).toBe('/about');
});

test('an alias followed in the browser lands on the canonical page', async ({ page }) => {
  await page.goto('/GetInvolved');
  await expect(page).toHaveURL(/\/get-involved$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown path answers 404 and names the path', async ({ page }) => {
  const response = await page.goto('/no-such-page/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
  await expect(page.getByText('Error message: Page not found: /no-such-page/here')).toBeVisible();
  await page.getByRole('link', { name: 'Home', exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
});

test('/error shows the default message, or the one handed over', async ({ page }) => {
  await page.goto('/error');
  await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
  await expect(page.getByText('Error message: An unexpected error occurred. Please try again later.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

  await page.evaluate(() => sessionStorage.setItem('sipa:error-message', 'We could not load that list.'));
  await page.goto('/error');
  await expect(page.getByText('Error message: We could not load that list.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Error message: An unexpected error occurred. Please try again later.')).toBeVisible();
});

test('the server sends security and caching headers', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toBeTruthy();
  expect(headers['content-encoding']).toMatch(/br|gzip/);
  const html = await response.text();
  const asset = html.match(/\/_astro\/[^"']+\.(?:css|js)/)?.[0];
  expect(asset, 'a hashed asset is referenced').toBeTruthy();
  const assetResponse = await request.get(asset!);
  expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
