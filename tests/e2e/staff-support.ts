/**
 * Helpers for the staff specs: the first administrator the e2e server is started with
 * (playwright.config.ts), accounts made with the real `npm run staff` command on the server's
 * database, and the mail the server sent to the SMTP peer.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { expect, test as base, type Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${port}`;

/**
 * The staff specs' test: each test is a different person at a different address. The servers
 * they use trust one proxy hop (TRUST_PROXY=1, as behind nginx), so the address each test's
 * browser names in X-Forwarded-For is the client the sign-in limits count (Better Auth allows
 * three sign-ins in ten seconds per address). Without it every test shares 127.0.0.1, and two
 * workers signing in at once are refused as one busy client.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
  },
});

export const E2E_ADMIN = { username: 'e2e.admin', password: 'E2e#Admin2026' };

/** The staff area's navigation for an administrator, in order (the inbox link may carry its count of new items). */
export const STAFF_SECTIONS = ['Newsletter', /^Inbox( \d[\d,]* new)?$/, 'Subscribers', 'Donations', 'Tasks', 'Events', 'Account'];
/** The navigation of a member who is not an administrator. */
export const MEMBER_SECTIONS = ['Tasks', 'Events', 'Account'];

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Runs `npm run staff -- …` (the script itself) on the e2e server's database; returns its output. */
export function staffCommand(...args: string[]): string {
  return execFileSync(process.execPath, ['api/src/staff-cli.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
}

/** Invites a member and returns the one-time temporary password the command printed. */
export function invite(username: string, email: string, admin = true): string {
  const output = staffCommand('create', username, email, ...(admin ? ['--admin'] : []));
  const password = /\(shown once\): (\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`no temporary password in: ${output}`);
  return password;
}

/**
 * The n-th mail (1 = the first) the SMTP peer received for an address, once that many have
 * arrived. For flows that send several codes to one address: mails are delivered in the
 * background, so an earlier code can arrive after a later one; counting tells them apart.
 */
export async function nthMailTo(address: string, n: number): Promise<string> {
  const dir = join(dataDir, 'mail');
  let found = '';
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return 0;
        const mails = readdirSync(dir)
          .sort()
          .map((name) => readFileSync(join(dir, name), 'utf8'))
          .filter((raw) => raw.startsWith(`X-Envelope-To: ${address}\r\n`));
        found = mails[n - 1] ?? '';
        return mails.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(n);
  return found;
}

/**
 * The newest mail the SMTP peer received for an address, once it has arrived; with `containing`,
 * the newest that holds that text (a subject line, say), so a confirmation or welcome mail that
 * arrives after the one the test waits for is not taken for it.
 */
export async function latestMailTo(address: string, after: number, containing = ''): Promise<string> {
  const dir = join(dataDir, 'mail');
  let found = '';
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return '';
        const files = readdirSync(dir)
          .filter((name) => Number(name.split('-')[0]) >= after)
          .sort();
        for (const name of files.reverse()) {
          const raw = readFileSync(join(dir, name), 'utf8');
          if (raw.startsWith(`X-Envelope-To: ${address}\r\n`) && raw.includes(containing)) return (found = raw);
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return found;
}

/**
 * Makes the SMTP peer answer 550 (no such mailbox) to every message for `address` from now on
 * (tests/support/smtp-peer.ts); returns how many times the peer has refused it so far, as a function.
 */
export function refuseMailTo(address: string): () => number {
  appendFileSync(join(dataDir, 'smtp-refuse.txt'), `${address.toLowerCase()}\n`);
  return () => {
    const log = join(dataDir, 'smtp-refused.log');
    return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((line) => line === address.toLowerCase()).length : 0;
  };
}

export async function signInThroughForm(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await expect(page.locator('[data-hydrated="true"]')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
