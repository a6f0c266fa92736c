import { expect, test, type APIRequestContext } from '@playwright/test';
import { MESSAGES } from '../../src/lib/messages.ts';
import { rows, unique } from './forms-support.ts';

/** Signs an address up through the API and returns the two tokens from its confirmation mail. */
async function signUp(request: APIRequestContext) {
  const email = `${unique('optin')}@example.org`;
  const response = await request.post('/api/newsletter-signup', { data: { email } });
  expect(response.status()).toBe(200);
  const [mail] = rows<{ text_body: string; headers: string }>(
    "select text_body, headers from outbox where to_address = ? and kind = 'newsletter.confirm'",
    email,
  );
  const confirm = /\/api\/newsletter\/confirm\?token=([\w.-]+)/.exec(mail.text_body)![1];
  const unsubscribe = /\/api\/newsletter\/unsubscribe\?token=([\w.-]+)/.exec(JSON.parse(mail.headers)['List-Unsubscribe'])![1];
  return { email, confirm, unsubscribe };
}

const statusOf = (email: string) => rows<{ status: string }>('select status from subscribers where email = ?', email)[0]?.status;

test.describe('newsletter confirmation and unsubscribe pages', () => {
  test('the link in the email confirms the address and shows the confirmation', async ({ page, request }) => {
    const { email, confirm } = await signUp(request);
    expect(statusOf(email)).toBe('pending');
    await page.goto(`/api/newsletter/confirm?token=${confirm}`);
    await expect(page).toHaveURL(/\/newsletter\/confirm\?status=done#done$/);
    await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
    await expect(page.getByText(MESSAGES.confirmDone)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email for the link' })).toBeHidden();
    expect(statusOf(email)).toBe('confirmed');
  });

  test('the page confirms a token from its own query through the API', async ({ page, request }) => {
    const { email, confirm } = await signUp(request);
    await page.goto(`/newsletter/confirm?token=${confirm}`);
    await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
    await expect(page).toHaveURL(/\/newsletter\/confirm\?status=done$/);
    expect(statusOf(email)).toBe('confirmed');
  });

  test('a forged token is refused and changes nothing', async ({ page, request }) => {
    const { email, confirm } = await signUp(request);
    const forged = `${confirm.slice(0, -2)}${confirm.endsWith('AA') ? 'BB' : 'AA'}`;
    await page.goto(`/newsletter/confirm?token=${forged}`);
    await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
    await expect(page.getByText(MESSAGES.confirmInvalid)).toBeVisible();
    expect(statusOf(email)).toBe('pending');
  });

  test('a network failure while confirming says so', async ({ page, request }) => {
    const { confirm } = await signUp(request);
    await page.route('**/api/newsletter/confirm', (route) => route.abort('failed'));
    await page.goto(`/newsletter/confirm?token=${confirm}`);
    await expect(page.getByRole('heading', { name: 'We could not confirm it just now' })).toBeVisible();
  });

  test('the unsubscribe link takes the address off the list', async ({ page, request }) => {
    const { email, confirm, unsubscribe } = await signUp(request);
    await request.get(`/api/newsletter/confirm?token=${confirm}`, { maxRedirects: 0 });
    expect(statusOf(email)).toBe('confirmed');
    await page.goto(`/newsletter/unsubscribe?token=${unsubscribe}`);
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByText(MESSAGES.unsubscribeDone)).toBeVisible();
    expect(statusOf(email)).toBe('unsubscribed');
  });

  test('without a token the pages explain where the links are', async ({ page }) => {
    await page.goto('/newsletter/confirm');
    await expect(page.getByRole('heading', { name: 'Check your email for the link' })).toBeVisible();
    await page.goto('/newsletter/unsubscribe');
    await expect(page.getByRole('heading', { name: 'Use the link from any newsletter' })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the email links work and the result shows through the URL fragment', async ({ page, request }) => {
    const { email, confirm, unsubscribe } = await signUp(request);
    await page.goto(`/api/newsletter/confirm?token=${confirm}`);
    await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email for the link' })).toBeHidden();
    expect(statusOf(email)).toBe('confirmed');
    await page.goto(`/api/newsletter/unsubscribe?token=${unsubscribe}`);
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    expect(statusOf(email)).toBe('unsubscribed');
    await page.goto('/api/newsletter/confirm?token=made-up');
    await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  });

  test('a refused form post explains why on the error page', async ({ page }) => {
    await page.goto('/newsletter');
    // Bypass the browser's own check to reach the server's.
    await page.locator('form.newsletter-form').evaluate((form) => form.setAttribute('novalidate', ''));
    await page.locator('form.newsletter-form').getByLabel('Email address').fill('not-an-address');
    await page.locator('form.newsletter-form').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/form-error\?form=newsletter#invalid$/);
    await expect(page.getByRole('heading', { name: 'Some fields need attention' })).toBeVisible();
  });
});
