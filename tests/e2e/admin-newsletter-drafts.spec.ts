/**
 * Newsletter drafts and an ended session, on a 375 px phone: what is typed is saved on the server
 * as a draft, a reload finds it in the list and reopens it; when the session ends (its row is
 * deleted on the server, as the idle timeout does), Send Newsletter asks for the password in a
 * dialog (with the second factor's code where the account has one), and the send goes on with
 * the text as it was typed. Cancel keeps the text; a save the network lost is tried again.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Page } from '@playwright/test';
import { rows, unique } from './forms-support.ts';
import { E2E_ADMIN, test, uniqueName } from './staff-support.ts';
import { AXE_TIMEOUT_MS, wcagViolations } from '../support/axe.ts';
import { secretOf, totpCode } from '../support/totp.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${port}`;

test.use({ viewport: { width: 375, height: 740 } });
/** A password check (scrypt) or a save on a loaded machine can take longer than the default 5 s. */
const SLOW = { timeout: 20_000 };

const PARAGRAPHS = 'Dear friends,\n\nOur spring workshops open on Saturday.\n\nBring a friend: https://sipa.example.org/events';
const PLAIN = 'Dear friends,\n\nOur spring workshops open on Saturday.\n\nBring a friend: https://sipa.example.org/events';

async function signIn(page: Page) {
  const response = await page.request.post('/api/auth/sign-in/username', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: { origin: `http://127.0.0.1:${port}` },
  });
  expect(response.status()).toBe(200);
}

/** Ends this browser's session on the server (as the 30-minute idle limit does); other tests' sessions are left alone. */
async function endSession(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('session_token'));
  expect(cookie, 'the session cookie').toBeDefined();
  const token = decodeURIComponent(cookie!.value).split('.')[0]!;
  const db = new DatabaseSync(join(dataDir, 'sipa.sqlite'), { timeout: 5000 });
  try {
    expect(db.prepare('delete from staff_session where token = ?').run(token).changes).toBe(1);
  } finally {
    db.close();
  }
}

async function openNewsletter(page: Page) {
  await page.goto('/admin');
  await expect(page.getByTestId('audience')).toContainText('confirmed subscriber');
}

test('a campaign written as paragraphs survives the end of the session: the dialog asks the password, and the send goes on with the text intact', async ({ page }) => {
  test.setTimeout(AXE_TIMEOUT_MS);
  await signIn(page);
  await openNewsletter(page);
  const subject = unique('Spring workshops');
  await page.getByLabel('Subject Line').fill(subject);
  await page.getByLabel('HTML Content').fill(PARAGRAPHS);
  await page.getByLabel('Plain Text Content').fill(PLAIN);
  await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved \d\d:\d\d$/, SLOW);
  const draftId = rows<{ id: string }>('select id from newsletter_drafts where subject = ?', subject)[0]?.id;
  expect(draftId).toBeDefined();

  // A mark on this page: it is still there at the end, so the page was never left or reloaded.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await endSession(page);
  await page.getByRole('button', { name: 'Send Newsletter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible(SLOW);
  await expect(dialog).toContainText('Your session has ended. Enter your password to carry on: what you wrote stays on this page.');
  await expect(dialog.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  // Fits the phone, and the page behind it is inert (showModal): axe finds nothing.
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await wcagViolations(page), 'the dialog at 375 px').toEqual([]);

  await dialog.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden(SLOW);

  // The send goes on from where it stopped: the confirmation, then the send, with the text as typed.
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeFocused();
  await expect(confirm).toContainText(/^Send to [\d,]+ subscribers?(: .+)?\?/);
  await expect(page.getByLabel('Subject Line')).toHaveValue(subject);
  await expect(page.getByLabel('HTML Content')).toHaveValue(PARAGRAPHS);
  await expect(page.getByLabel('Plain Text Content')).toHaveValue(PLAIN);
  await confirm.getByRole('button', { name: 'Yes, send it' }).click();
  await expect(page.locator('.nl-result')).toHaveText(/^Success! Newsletter sent to \d+ subscribers?$/, SLOW);

  const [campaign] = rows<{ body_html: string; body_text: string }>('select body_html, body_text from newsletter_campaigns where subject = ?', subject);
  expect(campaign!.body_text).toBe(PLAIN);
  expect(campaign!.body_html).toBe('<p>Dear friends,</p>\n<p>Our spring workshops open on Saturday.</p>\n<p>Bring a friend: <a href="https://sipa.example.org/events" rel="noopener">https://sipa.example.org/events</a></p>');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // The draft became the campaign: it is gone from the server and from the list.
  expect(rows('select id from newsletter_drafts where id = ?', draftId!)).toEqual([]);
  await expect(page.locator('.nl-drafts__item', { hasText: subject })).toHaveCount(0);
});

test('Cancel keeps the text (and this tab keeps a copy); signing in again later saves the draft', async ({ page }) => {
  await signIn(page);
  await openNewsletter(page);
  const subject = unique('Harvest festival');
  await page.getByLabel('Subject Line').fill(subject);
  await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved/, SLOW);

  await endSession(page);
  await page.getByLabel('HTML Content').fill(PARAGRAPHS);
  // The save after the pause answers 401: the dialog asks.
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible(SLOW);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(page.getByTestId('draft-status')).toHaveText('Not saved — your session has ended. The text is kept in this tab. Sign in again');
  await expect(page.getByLabel('Subject Line')).toHaveValue(subject);
  await expect(page.getByLabel('HTML Content')).toHaveValue(PARAGRAPHS);
  const kept = await page.evaluate(() => sessionStorage.getItem('sipa.newsletter.unsaved-draft'));
  expect(JSON.parse(kept!)).toMatchObject({ fields: { subject, body_html: PARAGRAPHS, body_text: '' } });

  await page.getByRole('button', { name: 'Sign in again' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved \d\d:\d\d$/, SLOW);
  expect(rows('select body_html from newsletter_drafts where subject = ?', subject)).toEqual([{ body_html: PARAGRAPHS }]);
  expect(await page.evaluate(() => sessionStorage.getItem('sipa.newsletter.unsaved-draft'))).toBeNull();
});

test('a draft typed, then the page reloaded, is in the list and reopens with its text; Delete removes it', async ({ page }) => {
  await signIn(page);
  await openNewsletter(page);
  const subject = unique('Volunteer evening');
  await page.getByLabel('Subject Line').fill(subject);
  await page.getByLabel('HTML Content').fill(PARAGRAPHS);
  await page.getByLabel('Plain Text Content').fill(PLAIN);
  await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved \d\d:\d\d$/, SLOW);

  await page.reload();
  await expect(page.getByTestId('audience')).toContainText('confirmed subscriber');
  await expect(page.getByLabel('Subject Line')).toHaveValue('');
  const item = page.locator('.nl-drafts__item', { hasText: subject });
  await expect(item).toContainText(`Last edited`);
  await expect(item).toContainText(`by ${E2E_ADMIN.username}`);
  await item.getByRole('button', { name: `Open “${subject}”` }).click();
  await expect(page.getByLabel('Subject Line')).toHaveValue(subject);
  await expect(page.getByLabel('Subject Line')).toBeFocused();
  await expect(page.getByLabel('HTML Content')).toHaveValue(PARAGRAPHS);
  await expect(page.getByLabel('Plain Text Content')).toHaveValue(PLAIN);
  await expect(item).toContainText('(open above)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Changes go on into the same draft.
  await page.getByLabel('Plain Text Content').fill(`${PLAIN}\n\nSee you there.`);
  await expect.poll(() => rows<{ body_text: string }>('select body_text from newsletter_drafts where subject = ?', subject)).toEqual([{ body_text: `${PLAIN}\n\nSee you there.` }]);

  await item.getByRole('button', { name: `Delete “${subject}”` }).click();
  await expect(item.getByRole('button', { name: 'Yes, delete it' })).toBeFocused();
  await item.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.locator('.nl-drafts__item', { hasText: subject })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Drafts' })).toBeFocused();
  await expect(page.getByLabel('Subject Line')).toHaveValue('');
  expect(rows('select id from newsletter_drafts where subject = ?', subject)).toEqual([]);
});

test('with a second factor on the account, the dialog asks for its code too, and the send goes on', async ({ page }) => {
  test.setTimeout(90_000);
  // An administrator of their own with an authenticator app (set up over the API, as the two-factor tests do).
  const username = uniqueName('drafts2fa');
  const password = 'Mbili#Hatua2026';
  execFileSync(process.execPath, ['tests/support/staff-account.ts', username, `${username}@example.org`, password, '--admin'], { env: { ...process.env, DATA_DIR: dataDir } });
  const origin = { origin: `http://127.0.0.1:${port}` };
  expect((await page.request.post('/api/auth/sign-in/username', { data: { username, password }, headers: origin })).status()).toBe(200);
  const enabled = await page.request.post('/api/auth/two-factor/enable', { data: { password }, headers: origin });
  expect(enabled.status()).toBe(200);
  const secret = secretOf(((await enabled.json()) as { totpURI: string }).totpURI);
  expect((await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: totpCode(secret) }, headers: origin })).status()).toBe(200);

  await openNewsletter(page);
  const subject = unique('Two steps');
  await page.getByLabel('Subject Line').fill(subject);
  await page.getByLabel('HTML Content').fill(PARAGRAPHS);
  await page.getByLabel('Plain Text Content').fill(PLAIN);
  await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved/, SLOW);
  await endSession(page);

  await page.getByRole('button', { name: 'Send Newsletter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog.getByLabel('Username')).toHaveValue(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('heading', { name: 'Enter the code from your authenticator app' })).toBeFocused(SLOW);
  await dialog.getByLabel('Code', { exact: true }).fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(page.getByRole('alertdialog')).toBeFocused();
  await expect(page.getByLabel('HTML Content')).toHaveValue(PARAGRAPHS);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, send it' }).click();
  await expect(page.locator('.nl-result')).toHaveText(/^Success! Newsletter sent to \d+ subscribers?$/, SLOW);
  expect(rows('select created_by, body_text from newsletter_campaigns where subject = ?', subject)).toEqual([{ created_by: username, body_text: PLAIN }]);
});

test('a save the network loses says "Not saved — will retry" and is saved by itself once the server answers', async ({ page }) => {
  await signIn(page);
  await openNewsletter(page);
  await page.route('**/api/newsletter-drafts', (route) => route.abort('failed'));
  const subject = unique('Offline for a moment');
  await page.getByLabel('Subject Line').fill(subject);
  await expect(page.getByTestId('draft-status')).toHaveText('Not saved — will retry');
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('sipa.newsletter.unsaved-draft')))!)).toMatchObject({ fields: { subject } });
  await page.unroute('**/api/newsletter-drafts');
  await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved \d\d:\d\d$/, { timeout: 15_000 });
  expect(rows('select subject from newsletter_drafts where subject = ?', subject)).toEqual([{ subject }]);
  await expect(page.locator('.nl-drafts__item', { hasText: subject })).toContainText('(open above)');
});
