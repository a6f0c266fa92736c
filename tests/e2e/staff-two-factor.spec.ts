/**
 * Two-factor authentication in the browser, end to end: the Account card sets up an authenticator
 * app (QR code, key, first code, backup codes with download and print) and email codes (the code
 * read from the real SMTP peer); sign-in asks for the second step (TOTP computed here, an emailed
 * code, a backup code once, the choice where both are on, a trusted device); turning a method off
 * asks for the password; and REQUIRE_ADMIN_MFA=true, on a second server this file starts, makes an
 * administrator set one up before the staff area.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { wcagViolations } from '../support/axe.ts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { secretOf, totpCode } from '../support/totp.ts';
import { latestMailTo, signInThroughForm, uniqueName, test } from './staff-support.ts';

const HASHING = { timeout: 20_000 };
const PASSWORD = 'Mbili#Hatua2026';

const e2eDataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${Number(process.env.E2E_PORT ?? 4310)}`;

/** A new administrator with their own password (on the e2e server's database), signed in through the API in this page's context. */
async function newAdmin(request: APIRequestContext) {
  const username = uniqueName('twofa');
  const email = `${username}@example.org`;
  execFileSync(process.execPath, ['tests/support/staff-account.ts', username, email, PASSWORD, '--admin'], { env: { ...process.env, DATA_DIR: e2eDataDir } });
  const signedIn = await request.post('/api/auth/sign-in/username', { data: { username, password: PASSWORD } });
  expect(signedIn.status()).toBe(200);
  return { username, email };
}

/** The authenticator app set up over the API (the browser flow has its own test); returns the secret and backup codes. */
async function totpOverApi(request: APIRequestContext) {
  const enabled = await request.post('/api/auth/two-factor/enable', { data: { password: PASSWORD } });
  expect(enabled.status()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  expect((await request.post('/api/auth/two-factor/verify-totp', { data: { code: totpCode(secret) } })).status()).toBe(200);
  return { secret, backupCodes };
}

function codeIn(mail: string): string {
  const code = /Your code: (\d{6})/.exec(mail)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

async function emailOverApi(request: APIRequestContext, email: string) {
  const after = Date.now() - 1000;
  expect((await request.post('/api/auth/two-factor/send-otp', { data: {} })).status()).toBe(200);
  const code = codeIn(await latestMailTo(email, after));
  expect((await request.post('/api/auth/two-factor/verify-otp', { data: { code } })).status()).toBe(200);
}

async function signOut(page: Page) {
  // Leave the staff area first: once the session ends it sends its page to the sign-in screen by
  // itself, and that navigation would race the test's own.
  const { origin } = new URL(page.url());
  await page.goto('about:blank');
  // With the Origin a browser sends with every POST (the server refuses a cookie-bearing POST without one).
  await page.request.post(`${origin}/api/auth/sign-out`, { data: {}, headers: { origin } });
}

async function openAccount(page: Page) {
  await page.goto('/admin#account');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible(HASHING);
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('staff two-factor', () => {
  test.describe.configure({ timeout: 120_000 });

  test('authenticator app: QR code 228 × 228, key with Copy, a first code, 10 backup codes once; then sign-in asks for the code and can trust the device', async ({ page, context }) => {
    const { username } = await newAdmin(page.request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await openAccount(page);
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect(card.getByText('Off', { exact: true })).toHaveCount(2);
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    await card.getByRole('button', { name: 'Continue' }).click();
    await expect(card.getByText('This field is required')).toBeVisible();
    await card.getByLabel('Password').fill('Not#MyPassword1');
    await card.getByRole('button', { name: 'Continue' }).click();
    await expect(card.getByText('The password is not correct.')).toBeVisible(HASHING);
    await card.getByLabel('Password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Continue' }).click();

    await expect(card.getByRole('heading', { name: 'Scan this code with your authenticator app' })).toBeVisible(HASHING);
    const qr = card.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(await qr.evaluate((svg) => [svg.getBoundingClientRect().width, svg.getBoundingClientRect().height, svg.tagName])).toEqual([228, 228, 'svg']);
    const key = (await card.locator('#totp-secret').innerText()).replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    await card.getByRole('button', { name: 'Copy' }).click();
    await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const firstCode = card.getByLabel('Then type the 6-digit code the app shows');
    await expect(firstCode).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(firstCode).toHaveAttribute('placeholder', 'Enter your code');
    await firstCode.fill(totpCode(key));
    await card.getByRole('button', { name: 'Verify' }).click();
    await expect(card.getByText('Your authenticator app is set up. Sign-in will ask for its code.')).toBeVisible(HASHING);
    const codes = await card.getByRole('list', { name: 'Your backup codes' }).getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download (.txt)' }).click()]);
    expect(download.suggestedFilename()).toBe('sipa-staff-backup-codes.txt');
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    for (const code of codes) expect(text).toContain(code);
    await card.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByText('10 of 10 backup codes left')).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: 'Authenticator app' }).getByText('On', { exact: true })).toBeVisible();
    // Shown once: the codes are not on the page any more, and a reload does not bring them back.
    await page.reload();
    await expect(page.getByText('10 of 10 backup codes left')).toBeVisible(HASHING);
    await expect(page.getByText(codes[0])).toHaveCount(0);

    // Sign-in now asks for the code after the password.
    await signOut(page);
    await signInThroughForm(page, username, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Enter the code from your authenticator app' })).toBeVisible(HASHING);
    await expect(page).toHaveURL(/\/admin\/login\?step=two-factor$/);
    const field = page.getByPlaceholder('Enter your code');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(field).toHaveAttribute('name', 'confirmation_code');
    await field.fill(String((Number(totpCode(key)) + 500_000) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not correct. Please try again.', HASHING);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/two-factor/verify-totp', async (route) => {
      await gate;
      await route.continue();
    });
    await field.fill(totpCode(key));
    await page.getByLabel('Trust this device for 30 days').check();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const busy = page.getByRole('button', { name: 'Confirming' });
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin$/, HASHING);
    await expect(page.getByText(`Signed in as ${username}`)).toBeVisible(HASHING);

    // A trusted device: the password alone is enough for the next 30 days.
    await signOut(page);
    await signInThroughForm(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/admin$/, HASHING);
  });

  test('a backup code signs in once, and only once', async ({ page }) => {
    const { username } = await newAdmin(page.request);
    const { backupCodes } = await totpOverApi(page.request);
    await signOut(page);
    for (const expected of ['signed in', 'refused'] as const) {
      await signInThroughForm(page, username, PASSWORD);
      await expect(page.getByRole('heading', { name: 'Enter the code from your authenticator app' })).toBeVisible(HASHING);
      await page.getByRole('button', { name: 'Use a backup code' }).click();
      await expect(page.getByRole('heading', { name: 'Enter a backup code' })).toBeVisible();
      await page.getByLabel('Backup code').fill(backupCodes[0]);
      await page.getByRole('button', { name: 'Confirm' }).click();
      if (expected === 'signed in') {
        await expect(page).toHaveURL(/\/admin$/, HASHING);
        await openAccount(page);
        await expect(page.getByText('9 of 10 backup codes left')).toBeVisible(HASHING);
        await signOut(page);
      } else {
        await expect(page.getByRole('alert')).toHaveText('That code is not correct. Please try again.', HASHING);
        await expect(page).toHaveURL(/step=two-factor/);
      }
    }
  });

  test('email codes: set up from Account with a mailed code, then sign in with an emailed code; turning off asks for the password', async ({ page }) => {
    const { username, email } = await newAdmin(page.request);
    await openAccount(page);
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Set up email codes' }).click();
    await expect(card.getByText(`We will email a 6-digit code to ${email}.`)).toBeVisible();
    const sentAfter = Date.now() - 1000;
    await card.getByRole('button', { name: 'Send code' }).click();
    const setupCode = codeIn(await latestMailTo(email, sentAfter));
    await card.getByPlaceholder('Enter your code').fill(setupCode);
    await card.getByRole('button', { name: 'Verify' }).click();
    await expect(card.getByRole('status')).toHaveText('Email codes are on. Sign-in can send a code to your email.', HASHING);
    await expect(card.getByRole('listitem').filter({ hasText: 'Email code' }).getByText('On', { exact: true })).toBeVisible();

    await signOut(page);
    // No slack here: the set-up code's mail may be less than a second old, and must not be taken
    // for the sign-in code's (the SMTP peer names each mail by the time it arrived).
    const signInAfter = Date.now();
    await signInThroughForm(page, username, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Enter the code we emailed you' })).toBeVisible(HASHING);
    const mail = await latestMailTo(email, signInAfter);
    expect(mail).toContain('Subject: Your SIPA staff sign-in code');
    await page.getByPlaceholder('Enter your code').fill(codeIn(mail));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/admin$/, HASHING);

    await openAccount(page);
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByLabel('Password').fill('Not#MyPassword1');
    await card.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByText('The password is not correct.')).toBeVisible(HASHING);
    await card.getByLabel('Password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByRole('status')).toHaveText('Email code turned off.', HASHING);
    await expect(card.getByText('Off', { exact: true })).toHaveCount(2);
    await signOut(page);
    await signInThroughForm(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/admin$/, HASHING);
  });

  test('where both are on, sign-in asks which to use (selectMfaType)', async ({ page }) => {
    const { username, email } = await newAdmin(page.request);
    const { secret } = await totpOverApi(page.request);
    await emailOverApi(page.request, email);
    await signOut(page);
    await signInThroughForm(page, username, PASSWORD);
    await expect(page.getByRole('heading', { name: 'How do you want to confirm it’s you?' })).toBeVisible(HASHING);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('Email code').check();
    const sentAfter = Date.now() - 1000;
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code we emailed you' })).toBeVisible();
    await latestMailTo(email, sentAfter);
    // Changed their mind: the app instead.
    await page.getByRole('button', { name: 'Choose another way' }).click();
    await page.getByLabel('Authenticator app').check();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code from your authenticator app' })).toBeVisible();
    await page.getByPlaceholder('Enter your code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/admin$/, HASHING);
  });

  for (const width of [320, 375, 1280]) {
    test(`the two-factor screens fit and pass axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const { username, email } = await newAdmin(page.request);
      await openAccount(page);
      const card = page.getByRole('region', { name: 'Two-factor authentication' });
      await card.getByRole('button', { name: 'Set up authenticator app' }).click();
      await card.getByLabel('Password').fill(PASSWORD);
      await card.getByRole('button', { name: 'Continue' }).click();
      await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible(HASHING);
      await card.scrollIntoViewIfNeeded();
      expect(await noOverflow(page)).toBe(true);
      await page.screenshot({ path: `test-results/two-factor-setup-${width}.png`, fullPage: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await wcagViolations(page)).toEqual([]);
      const key = (await card.locator('#totp-secret').innerText()).replace(/\s+/g, '');
      await card.getByPlaceholder('Enter your code').fill(totpCode(key));
      await card.getByRole('button', { name: 'Verify' }).click();
      await expect(card.getByRole('list', { name: 'Your backup codes' })).toBeVisible(HASHING);
      expect(await noOverflow(page)).toBe(true);
      await page.screenshot({ path: `test-results/two-factor-codes-${width}.png`, fullPage: true });
      await card.getByRole('button', { name: 'I have saved them' }).click();
      await emailOverApi(page.request, email);

      await signOut(page);
      await signInThroughForm(page, username, PASSWORD);
      await expect(page.getByRole('heading', { name: 'How do you want to confirm it’s you?' })).toBeVisible(HASHING);
      expect(await noOverflow(page)).toBe(true);
      expect(await wcagViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/two-factor-select-${width}.png`, fullPage: true });
      await page.getByLabel('Authenticator app').check();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('heading', { name: 'Enter the code from your authenticator app' })).toBeVisible();
      expect(await noOverflow(page)).toBe(true);
      expect(await wcagViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/two-factor-code-${width}.png`, fullPage: true });
    });
  }
});

test.describe('REQUIRE_ADMIN_MFA=true', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  const mainPort = Number(process.env.E2E_PORT ?? 4310);
  // A second server with the setting on, on its own port and database, mailing through the same SMTP peer.
  const port = Number(process.env.E2E_MFA_PORT ?? mainPort + 29);
  const smtpPort = Number(process.env.E2E_SMTP_PORT ?? mainPort + 1);
  const dataDir = `.e2e-data/${port}`;
  const origin = `http://127.0.0.1:${port}`;
  const admin = { username: 'mfa.admin', password: 'Lazima#Mbili2026', email: 'mfa.admin@example.org' };
  let server: ChildProcess;

  test.beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['api/src/server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        RATE_LIMIT_MAX: '1000',
        TRUST_PROXY: '1',
        REQUIRE_ADMIN_MFA: 'true',
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        ADMIN_EMAIL: admin.email,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [250] })
      .toBe(200);
  });
  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill();
    await exited;
  });

  test('an administrator without a second factor sets one up before reaching the staff area', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`${origin}/admin/login`);
    await expect(page.locator('[data-hydrated="true"]')).toBeVisible(HASHING);
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible(HASHING);
    await expect(page).toHaveURL(/step=setup-two-factor$/);
    // The staff area stays closed until then, even typed in by hand.
    await page.goto(`${origin}/admin`);
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible(HASHING);
    expect((await page.request.get(`${origin}/api/staff/me`)).status()).toBe(403);
    expect(await noOverflow(page)).toBe(true);
    await page.screenshot({ path: 'test-results/two-factor-required-320.png', fullPage: true });

    await page.getByRole('button', { name: 'Set up email codes' }).click();
    const sentAfter = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = codeIn(await latestMailTo(admin.email, sentAfter));
    await page.getByPlaceholder('Enter your code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Continue to the staff area' }).click();
    await expect(page).toHaveURL(`${origin}/admin`, HASHING);
    await expect(page.getByText(`Signed in as ${admin.username}`)).toBeVisible(HASHING);
    expect((await page.request.get(`${origin}/api/staff/me`)).status()).toBe(200);
  });
});
