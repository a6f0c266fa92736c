import { expect } from '@playwright/test';
import { wcagViolations } from '../support/axe.ts';
import { E2E_ADMIN, STAFF_SECTIONS, invite, latestMailTo, signInThroughForm, uniqueName, test } from './staff-support.ts';

// Each sign-in and password change hashes a password on purpose (scrypt): on a busy machine the
// steps that wait for one get longer than the default five seconds.
const HASHING = { timeout: 20_000 };

test.describe('staff sign-in', () => {
  test.describe.configure({ timeout: 90_000 });
  test('texts and states: required fields, Logging in..., the mismatch message, then /admin', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.locator('[data-hydrated="true"]')).toBeVisible(HASHING);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the staff area' })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(2);

    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill('Not#ThePassword1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password', HASHING);
    await expect(page).toHaveURL(/\/admin\/login$/, HASHING);

    // Hold the sign-in until the busy state has been seen.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sign-in/username', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const busy = page.getByRole('button', { name: 'Logging in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin$/, HASHING);
    await expect(page.getByText(`Signed in as ${E2E_ADMIN.username}`)).toBeVisible(HASHING);
    // The spec's admin screen, the newsletter, comes first; only the sections that exist are listed.
    await expect(page.getByRole('heading', { name: 'Newsletter', level: 2 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Staff area' });
    await expect(nav.getByRole('link')).toHaveText(STAFF_SECTIONS);
    await nav.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/admin#account$/);
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  });

  test('the gate shows Loading..., then sends a visitor without a session to /admin/login', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/staff/me', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByText('Loading...')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/admin\/login$/, HASHING);
  });

  test('without JavaScript, the sign-in page and the staff area say plainly that they need it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const path of ['/admin/login', '/admin']) {
        await page.goto(path);
        // Playwright's text locators skip <noscript>: the notice is found by its class, its words checked in full.
        const notice = page.locator('.staff-page__noscript');
        await expect(notice, path).toBeVisible();
        await expect(notice, path).toHaveText('The staff area needs JavaScript. Please turn JavaScript on in your browser (or use one that runs it), then reload this page.');
        await expect(page.getByText('Loading...'), path).toBeHidden();
      }
    } finally {
      await context.close();
    }
  });

  test('a forged isAdminAuthenticated flag opens nothing', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('isAdminAuthenticated', 'true'));
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/, HASHING);
    await expect(page.getByRole('heading', { name: 'Account' })).toHaveCount(0);
    expect((await page.request.get('/api/staff/me')).status()).toBe(401);
  });

  test('Logout ends the session on the server and goes to /admin/login', async ({ page }) => {
    await signInThroughForm(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/, HASHING);
    const cookies = await page.context().cookies();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/, HASHING);
    expect(await page.evaluate(() => sessionStorage.getItem('isAdminAuthenticated'))).toBeNull();
    // The old cookie, put back by hand, is worth nothing any more.
    await page.context().addCookies(cookies);
    expect((await page.request.get('/api/staff/me')).status()).toBe(401);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/, HASHING);
  });

  test('the login form works as a plain form post before any JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?error=invalid$/, HASHING);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/, HASHING);
    expect((await context.request.get('/api/staff/me')).status()).toBe(200);
    await context.close();
  });

  test('an invited member must choose a new password, with the live policy messages', async ({ page }) => {
    const username = uniqueName('invitee');
    const temporary = invite(username, `${username}@example.org`);
    await signInThroughForm(page, username, temporary);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible(HASHING);
    await expect(page).toHaveURL(/step=new-password/, HASHING);
    const field = page.getByLabel('New password');
    await field.fill('short');
    for (const message of ['Password must have at least 8 characters', 'Password must have upper case letters', 'Password must have numbers', 'Password must have special characters']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByText('Password must have lower case letters')).toHaveCount(0);
    await field.fill('Karibu#2026');
    await expect(page.locator('.staff-rules')).toHaveCount(0);
    await page.getByLabel('Confirm password').fill('Karibu#2027');
    await expect(page.getByText('Your passwords must match')).toBeVisible();
    await page.getByLabel('Confirm password').fill('Karibu#2026');
    await expect(page.getByText('Your passwords must match')).toHaveCount(0);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/admin$/, HASHING);
    await expect(page.getByText(`Signed in as ${username}`)).toBeVisible(HASHING);
  });

  test('forgot password: a 6-digit code by real SMTP, a new password, then sign-in with it', async ({ page }) => {
    const username = uniqueName('forgetful');
    const email = `${username}@example.org`;
    invite(username, email);
    await page.goto('/admin/login');
    await expect(page.locator('[data-hydrated="true"]')).toBeVisible(HASHING);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const sentAfter = Date.now() - 1000;
    await page.getByPlaceholder('Enter your email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status')).toContainText('we have sent it a 6-digit code', HASHING);
    const mail = await latestMailTo(email, sentAfter);
    const code = /Your code: (\d{6})/.exec(mail)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const codeField = page.getByPlaceholder('Enter your code');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await codeField.fill(code!);
    await page.getByLabel('New password').fill('Safari#Njema9');
    await page.getByLabel('Confirm password').fill('Safari#Njema9');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password has been changed. Sign in with the new one.', HASHING);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('Safari#Njema9');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/, HASHING);
  });

  test('Sign out everywhere ends the sessions on every device', async ({ browser }) => {
    const username = uniqueName('traveller');
    const temporary = invite(username, `${username}@example.org`);
    const laptop = await browser.newPage();
    await signInThroughForm(laptop, username, temporary);
    await laptop.getByLabel('New password').fill('Mvua#Nyingi7');
    await laptop.getByLabel('Confirm password').fill('Mvua#Nyingi7');
    await laptop.getByRole('button', { name: 'Change Password' }).click();
    await expect(laptop).toHaveURL(/\/admin$/, HASHING);
    const phone = await browser.newPage();
    await signInThroughForm(phone, username, 'Mvua#Nyingi7');
    await expect(phone).toHaveURL(/\/admin$/, HASHING);
    await phone.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Account' }).click();
    await phone.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(phone).toHaveURL(/\/admin\/login$/, HASHING);
    await laptop.reload();
    await expect(laptop).toHaveURL(/\/admin\/login$/, HASHING);
  });

  for (const width of [320, 1280]) {
    test(`the signed-in staff area and the policy messages have no WCAG A/AA violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signInThroughForm(page, E2E_ADMIN.username, E2E_ADMIN.password);
      await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Account' }).click();
      await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible(HASHING);
      await page.getByLabel('New password').fill('abc');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('Password must have numbers')).toBeVisible();
      // From the top, as the route sweep does: scrolled, the site's sticky header covers whatever passes under it.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await wcagViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  test('the staff pages are noindex, outside the sitemap and load no analytics', async ({ request }) => {
    for (const path of ['/admin/login', '/admin']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(html, path).not.toContain('sipa:analytics');
      expect(html, path).not.toContain('googletagmanager');
    }
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemaps = [...index.matchAll(/<loc>[^<]*?(\/sitemap-\d+\.xml)<\/loc>/g)].map((m) => m[1]);
    expect(sitemaps.length).toBeGreaterThan(0);
    for (const sitemap of sitemaps) expect(await (await request.get(sitemap)).text()).not.toContain('/admin');
  });
});
