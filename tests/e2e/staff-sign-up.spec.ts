/**
 * The self-service sign-in routes in the browser: sign-up → confirmation (the code read from the
 * real SMTP peer), no sign-in before it, verification after sign-in with Skip, and social sign-in
 * for each provider against a loopback OAuth provider. The default test server keeps sign-up off,
 * so this file starts its own server with ALLOW_SIGN_UP=true and the four providers configured
 * (port E2E_PORT + 20, the provider on the next one), sending mail to the same SMTP peer.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { wcagViolations } from '../support/axe.ts';
import { expect, type Page } from '@playwright/test';
import { OAUTH_CLIENTS, startOAuthProvider, type OAuthProvider } from '../support/oauth-provider.ts';
import { MEMBER_SECTIONS, latestMailTo, nthMailTo, uniqueName, test } from './staff-support.ts';

const e2ePort = Number(process.env.E2E_PORT ?? 4310);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? e2ePort + 1);
const port = Number(process.env.E2E_SIGN_UP_PORT ?? e2ePort + 20);
const oauthPort = port + 1;
const origin = `http://127.0.0.1:${port}`;
const dataDir = `.e2e-data/${port}`;
const HASHING = { timeout: 20_000 };
const PASSWORD = 'Karibu#2026';

let server: ChildProcess;
let provider: OAuthProvider;

function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: origin,
    RATE_LIMIT_MAX: '1000',
    TRUST_PROXY: '1',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ALLOW_SIGN_UP: 'true',
    AUTH_OAUTH_BASE_URL: `http://127.0.0.1:${oauthPort}`,
  };
  for (const [id, client] of Object.entries(OAUTH_CLIENTS)) {
    env[`AUTH_${id.toUpperCase()}_ID`] = client.id;
    env[`AUTH_${id.toUpperCase()}_SECRET`] = client.secret;
  }
  return env;
}

/** `npm run staff -- …` on this file's server database. */
function staff(...args: string[]): string {
  return execFileSync(process.execPath, ['api/src/staff-cli.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
}

/** A member with their own password (the invitation's temporary one replaced through the API). */
async function member(page: Page, options: { verifyEmail?: boolean; admin?: boolean } = {}) {
  const username = uniqueName('m');
  const email = `${username}@example.org`;
  const output = staff('create', username, email, ...(options.admin === false ? [] : ['--admin']), ...(options.verifyEmail ? ['--verify-email'] : []));
  const temporary = /\(shown once\): (\S+)/.exec(output)![1];
  const signIn = await page.request.post(`${origin}/api/auth/sign-in/username`, { data: { username, password: temporary } });
  expect(signIn.status()).toBe(200);
  // With the Origin a browser sends with every POST (the server refuses a cookie-bearing POST without one).
  const change = await page.request.post(`${origin}/api/auth/change-password`, { data: { currentPassword: temporary, newPassword: PASSWORD }, headers: { origin } });
  expect(change.status()).toBe(200);
  await page.request.post(`${origin}/api/auth/sign-out`, { data: {}, headers: { origin } });
  await page.context().clearCookies();
  return { username, email };
}

/** WCAG A/AA violations on the page, as the other staff specs check them. */
async function axe(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return wcagViolations(page);
}

async function openLogin(page: Page, query = '') {
  await page.goto(`${origin}/admin/login${query}`);
  await expect(page.locator('[data-hydrated="true"]')).toBeVisible(HASHING);
}

async function signIn(page: Page, username: string, password = PASSWORD) {
  await openLogin(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe('staff self-service routes', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    provider = await startOAuthProvider(oauthPort);
    server = spawn(process.execPath, ['api/src/server.ts'], { env: serverEnv(), stdio: ['ignore', 'ignore', 'inherit'] });
    await expect.poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);
  });

  test.afterAll(async () => {
    server?.kill();
    await provider?.close();
  });

  test('sign-up: the spec fields, messages in order, disabled submit, then the emailed code signs the new member in', async ({ page }) => {
    await openLogin(page);
    const tabs = page.getByRole('tablist', { name: 'Staff account' });
    await expect(tabs.getByRole('tab')).toHaveText(['Sign In', 'Create Account']);
    await tabs.getByRole('tab', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create a staff account' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Create Account', exact: true });
    await expect(submit).toBeDisabled();

    const username = uniqueName('new');
    const email = `${username}@example.org`;
    await page.getByLabel('Username', { exact: true }).fill(`  ${username} `);
    await page.getByLabel('Email').fill('');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await page.getByLabel('Email').fill(` ${email.toUpperCase()} `);
    await expect(page.getByText('Please enter a valid email')).toHaveCount(0);

    // The dial code starts at +1; the number keeps its digits only.
    await expect(page.getByLabel('Country code')).toHaveValue('+1');
    await page.getByLabel('Phone Number').fill('(817) 555-0199');
    await expect(page.getByLabel('Phone Number')).toHaveValue('8175550199');

    // The password messages, in the spec's order, as the rules are met one by one.
    const password = page.getByLabel('Password', { exact: true });
    const rules = page.locator('#signup-password-rules li');
    await password.fill('a');
    await expect(rules).toHaveText(['Password must have at least 8 characters', 'Password must have upper case letters', 'Password must have numbers', 'Password must have special characters']);
    await password.fill('ABC');
    await expect(rules).toHaveText(['Password must have at least 8 characters', 'Password must have lower case letters', 'Password must have numbers', 'Password must have special characters']);
    await password.fill('Abcdefgh1');
    await expect(rules).toHaveText(['Password must have special characters']);
    await password.fill(PASSWORD);
    await expect(rules).toHaveCount(0);
    await page.getByLabel('Confirm Password').fill('Karibu#2027');
    await expect(page.getByText('Your passwords must match')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByText('More about you (optional)').click();
    await page.getByLabel('Given name').fill('  Amina ');
    await expect(submit).toBeEnabled();

    // Creating Account while the server works (held until seen).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sign-up', async (route) => {
      await gate;
      await route.continue();
    });
    const sentAfter = Date.now() - 1000;
    await submit.click();
    const busy = page.getByRole('button', { name: 'Creating Account' });
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your account' })).toBeVisible(HASHING);
    const code = /Your code: (\d{6})/.exec(await latestMailTo(email, sentAfter))![1];
    const codeField = page.getByPlaceholder('Enter your code');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    // Signed in, as a member who is not an administrator: the staff area shows only their own sections.
    await expect(page).toHaveURL(/\/admin(#tasks)?$/, HASHING);
    await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link')).toHaveText(MEMBER_SECTIONS, HASHING);
    const me = await page.request.get(`${origin}/api/staff/me`);
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ user: { role: 'user' } });
    expect((await page.request.get(`${origin}/api/inbox/counts`)).status()).toBe(403);

    // Confirming again: 'User is already confirmed.' ends the flow on the sign-in screen.
    await openLogin(page, '?step=confirm-sign-up');
    await page.getByPlaceholder('Enter your email').fill(email);
    await page.getByPlaceholder('Enter your code').fill(code);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the staff area' })).toBeVisible(HASHING);
    await expect(page.getByRole('status')).toHaveText('User is already confirmed.');
  });

  test('no sign-in before the code: the confirmation screen opens, Resend Code mails a new one', async ({ page, request }) => {
    const username = uniqueName('early');
    const email = `${username}@example.org`;
    const created = await request.post(`${origin}/api/auth/sign-up`, { data: { username, email, password: PASSWORD, confirm_password: PASSWORD } });
    expect(created.status()).toBe(201);
    await signIn(page, username);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your account' })).toBeVisible(HASHING);
    await expect(page.getByRole('alert')).toHaveText('User is not confirmed.');
    expect((await page.request.get(`${origin}/api/staff/me`)).status()).toBe(401);
    // Two codes so far (the sign-up's and the refused sign-in's); the resent one is the third,
    // and only the newest code works.
    await nthMailTo(email, 2);
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await expect(page.getByRole('status')).toHaveText('A new code is on its way. It is valid for 10 minutes.', HASHING);
    const code = /Your code: (\d{6})/.exec(await nthMailTo(email, 3))![1];
    await page.getByPlaceholder('Enter your code').fill(code);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page).toHaveURL(/\/admin(#tasks)?$/, HASHING);
    await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link')).toHaveText(MEMBER_SECTIONS, HASHING);
  });

  test('verifyUser and confirmVerifyUser, each with Skip, then a verified address', async ({ page }) => {
    const { username, email } = await member(page, { verifyEmail: true });
    await signIn(page, username);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email address' })).toBeVisible(HASHING);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/admin$/, HASHING);
    await expect(page.getByText(`Signed in as ${username}`)).toBeVisible(HASHING);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/, HASHING);

    // Asked again at the next sign-in; Verify sends the code; Skip still goes on.
    await signIn(page, username);
    const sentAfter = Date.now() - 500;
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible(HASHING);
    await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
    const code = /Your code: (\d{6})/.exec(await latestMailTo(email, sentAfter))![1];
    await page.getByPlaceholder('Enter your code').fill(code);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/admin$/, HASHING);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/, HASHING);
    // Verified: straight to the staff area.
    await signIn(page, username);
    await expect(page).toHaveURL(/\/admin$/, HASHING);
  });

  for (const [id, name] of [['amazon', 'Amazon'], ['apple', 'Apple'], ['facebook', 'Facebook'], ['google', 'Google']] as const) {
    test(`Sign In with ${name} against the loopback provider links to the member with that verified address`, async ({ page }) => {
      const { username, email } = await member(page);
      if (id === 'amazon' || id === 'facebook') {
        // These providers never say an address was verified: the member links them under Account first.
        expect((await page.request.post(`${origin}/api/auth/sign-in/username`, { data: { username, password: PASSWORD } })).status()).toBe(200);
        await page.goto(`${origin}/admin#account`);
        await page.getByRole('button', { name: `Link ${name}` }).click();
        await expect(page.getByRole('heading', { name: `Sign in to Loopback ${id}` })).toBeVisible(HASHING);
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Allow' }).click();
        await expect(page).toHaveURL(/\/admin$/, HASHING);
        // The staff area has loaded who is signed in; leave it before signing out, so that it does
        // not send the page to the sign-in screen in the middle of the next navigation.
        await expect(page.getByText(`Signed in as ${username}`)).toBeVisible(HASHING);
        await page.goto('about:blank');
        await page.request.post(`${origin}/api/auth/sign-out`, { data: {}, headers: { origin } });
        await page.context().clearCookies();
      }
      await openLogin(page);
      await expect(page.getByRole('button', { name: /^Sign In with / })).toHaveText(['Sign In with Amazon', 'Sign In with Apple', 'Sign In with Facebook', 'Sign In with Google']);
      await page.getByRole('button', { name: `Sign In with ${name}` }).click();
      await expect(page.getByRole('heading', { name: `Sign in to Loopback ${id}` })).toBeVisible(HASHING);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Allow' }).click();
      await expect(page).toHaveURL(/\/admin$/, HASHING);
      await expect(page.getByText(`Signed in as ${username}`)).toBeVisible(HASHING);
      const used = provider.tokenRequests.filter((r) => r.provider === id && r.ok);
      expect(used.length).toBeGreaterThan(0);
      expect(used.at(-1)!.pkce).toBe(id === 'apple' ? 'none' : 'S256');
    });
  }

  test('social sign-in: cancelling, and an address no member has, say so with the spec texts', async ({ page }) => {
    await openLogin(page);
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?error=access_denied$/, HASHING);
    await expect(page.getByRole('alert')).toHaveText('User cancelled OAuth flow.');

    await page.getByRole('button', { name: 'Sign In with Facebook' }).click();
    await page.getByLabel('Email').fill(`${uniqueName('stranger')}@example.org`);
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?error=/, HASHING);
    await expect(page.getByRole('alert')).toHaveText('No staff account with this verified email address exists, or the provider did not confirm the address. Sign in with your password and link the provider in Account, or ask an administrator to invite you with this address.');
    expect((await page.request.get(`${origin}/api/staff/me`)).status()).toBe(401);

    // A state that is not ours: the spec's state message.
    await page.goto(`${origin}/api/auth/callback/google?code=x&state=forged`);
    await expect(page).toHaveURL(/\/admin\/login\?error=/, HASHING);
    await expect(page.getByRole('alert')).toHaveText('An error occurred while validating the state.');
  });

  test('an unknown widget route logs a warning and renders nothing', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${origin}/admin/login?step=transmogrify`);
    await expect.poll(() => warnings).toContain('Unhandled sign-in route: transmogrify');
    await expect(page.locator('.staff-card')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  });

  for (const width of [320, 375, 1280]) {
    test(`the sign-up and confirmation screens fit ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openLogin(page, '?step=sign-up');
      await page.getByText('More about you (optional)').click();
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await expect(page.locator('#signup-password-rules li')).toHaveCount(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `test-results/staff-sign-up-${width}.png`, fullPage: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await axe(page)).toEqual([]);
      await openLogin(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `test-results/staff-sign-in-social-${width}.png`, fullPage: true });
      expect(await axe(page)).toEqual([]);
      await openLogin(page, '?step=confirm-sign-up');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axe(page)).toEqual([]);
    });
  }
});

test('the default server (sign-up off, no provider configured) shows neither tabs nor social buttons', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.locator('[data-hydrated="true"]')).toBeVisible(HASHING);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await (await page.request.get('/api/auth/options')).json()).toEqual({ signUp: false, social: [] });
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Sign In with / })).toHaveCount(0);
  expect((await page.request.post('/api/auth/sign-up', { data: {} })).status()).toBe(404);
});
