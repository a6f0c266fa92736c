import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MESSAGES } from '../../src/lib/messages.ts';
import { rows, unique } from './forms-support.ts';

/** Signs an address up through the API and returns the links of its confirmation mail. */
async function signUp(request: APIRequestContext) {
  const email = `${unique('optin')}@example.org`;
  const response = await request.post('/api/newsletter-signup', { data: { email } });
  expect(response.status()).toBe(200);
  const [mail] = rows<{ text_body: string; headers: string }>(
    "select text_body, headers from outbox where to_address = ? and kind = 'newsletter.confirm'",
    email,
  );
  const confirmLink = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail.text_body)![0]);
  const unsubscribeLink = new URL(JSON.parse(mail.headers)['List-Unsubscribe'].slice(1, -1));
  return {
    email,
    /** The link in the email, on this server. */
    confirmPath: `${confirmLink.pathname}${confirmLink.search}${confirmLink.hash}`,
    confirm: confirmLink.searchParams.get('token')!,
    unsubscribe: unsubscribeLink.searchParams.get('token')!,
  };
}

const statusOf = (email: string) => rows<{ status: string }>('select status from subscribers where email = ?', email)[0]?.status;

async function press(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
}

test.describe('newsletter confirmation and unsubscribe pages', () => {
  test('the link in the email opens a page whose button confirms the address', async ({ page, request }) => {
    const { email, confirmPath } = await signUp(request);
    await page.goto(confirmPath);
    await expect(page.getByRole('heading', { name: 'Confirm your subscription', level: 2 })).toBeVisible();
    // Opening the link changed nothing.
    expect(statusOf(email)).toBe('pending');
    await press(page, 'Confirm my subscription');
    await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
    await expect(page.getByText(MESSAGES.confirmDone)).toBeVisible();
    await expect(page).toHaveURL(/\/newsletter\/confirm\?status=done$/);
    expect(statusOf(email)).toBe('confirmed');
  });

  test('an older link on the API opens the same page and changes nothing until the button', async ({ page, request }) => {
    const { email, confirm } = await signUp(request);
    await page.goto(`/api/newsletter/confirm?token=${confirm}`);
    await expect(page.getByRole('button', { name: 'Confirm my subscription' })).toBeVisible();
    expect(statusOf(email)).toBe('pending');
  });

  test('a forged token is refused and changes nothing', async ({ page, request }) => {
    const { email, confirm } = await signUp(request);
    const forged = `${confirm.slice(0, -2)}${confirm.endsWith('AA') ? 'BB' : 'AA'}`;
    await page.goto(`/newsletter/confirm?token=${forged}`);
    await press(page, 'Confirm my subscription');
    await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
    await expect(page.getByText(MESSAGES.confirmInvalid)).toBeVisible();
    expect(statusOf(email)).toBe('pending');
  });

  test('a network failure while confirming says so', async ({ page, request }) => {
    const { confirm } = await signUp(request);
    await page.route('**/api/newsletter/confirm', (route) => route.abort('failed'));
    await page.goto(`/newsletter/confirm?token=${confirm}`);
    await press(page, 'Confirm my subscription');
    await expect(page.getByRole('heading', { name: 'We could not confirm it just now' })).toBeVisible();
  });

  test('the unsubscribe link opens a page whose button takes the address off the list', async ({ page, request }) => {
    const { email, confirm, unsubscribe } = await signUp(request);
    await request.post('/api/newsletter/confirm', { data: { token: confirm } });
    expect(statusOf(email)).toBe('confirmed');
    await page.goto(`/api/newsletter/unsubscribe?token=${unsubscribe}`);
    await expect(page.getByRole('heading', { name: 'Stop receiving the newsletter?' })).toBeVisible();
    expect(statusOf(email)).toBe('confirmed');
    await press(page, 'Unsubscribe me');
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

  test('the email links open the button, and the button works through a plain form post', async ({ page, request }) => {
    const { email, confirmPath, unsubscribe } = await signUp(request);
    await page.goto(confirmPath);
    await expect(page.getByRole('heading', { name: 'Check your email for the link' })).toBeHidden();
    expect(statusOf(email)).toBe('pending');
    await press(page, 'Confirm my subscription');
    await expect(page).toHaveURL(/\/newsletter\/confirm\?status=done#done$/);
    await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
    expect(statusOf(email)).toBe('confirmed');
    await page.goto(`/api/newsletter/unsubscribe?token=${unsubscribe}`);
    expect(statusOf(email)).toBe('confirmed');
    await press(page, 'Unsubscribe me');
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    expect(statusOf(email)).toBe('unsubscribed');
    await page.goto('/api/newsletter/confirm?token=made-up');
    await press(page, 'Confirm my subscription');
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
