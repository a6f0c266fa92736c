import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Page } from '@playwright/test';
import { answer500, networkDown, rows, unique } from './forms-support.ts';
import { quotedPrintable } from './newsletter-support.ts';
import { E2E_ADMIN, latestMailTo, test } from './staff-support.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${port}`;
const ADMIN = { ...E2E_ADMIN, email: 'e2e.admin@example.org' };

/** Confirmed subscribers written straight to the e2e server's database (as if they had confirmed). */
function addConfirmed(n: number): string[] {
  const db = new DatabaseSync(join(dataDir, 'sipa.sqlite'), { timeout: 5000 });
  const now = new Date().toISOString();
  const prefix = unique('reader');
  const emails = Array.from({ length: n }, (_, i) => `${prefix}-${i}@example.org`.toLowerCase());
  try {
    const insert = db.prepare(
      "insert into subscribers (id, email, status, source, created_at, updated_at, confirmed_at, unsubscribed_at) values (?, ?, 'confirmed', null, ?, ?, ?, null)",
    );
    for (const email of emails) insert.run(randomUUID(), email, now, now, now);
  } finally {
    db.close();
  }
  return emails;
}

async function signIn(page: Page) {
  const response = await page.request.post('/api/auth/sign-in/username', {
    data: { username: ADMIN.username, password: ADMIN.password },
    headers: { origin: `http://127.0.0.1:${port}` },
  });
  expect(response.status()).toBe(200);
}

/** Send Newsletter, then the confirmation step's "Yes, send it". */
async function sendAndConfirm(page: Page) {
  await page.getByRole('button', { name: 'Send Newsletter' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeFocused();
  await expect(confirm).toContainText(/^Send to [\d,]+ subscribers?(: .+)?\?/);
  await confirm.getByRole('button', { name: 'Yes, send it' }).click();
}

const confirmedCount = () => rows<{ n: number }>("select count(*) as n from subscribers where status = 'confirmed'")[0]!.n;

test.describe('staff newsletter: the send form', () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(() => {
    addConfirmed(5);
  });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await page.goto('/admin');
    await expect(page.getByTestId('audience')).toContainText('confirmed subscribers');
  });

  const fill = async (page: Page, subject = 'Spring workshops') => {
    await page.getByLabel('Subject Line').fill(subject);
    await page.getByLabel('HTML Content').fill('<h1>Spring</h1><p>Join us on <strong>Saturday</strong>.</p><script>alert(1)</script>');
    await page.getByLabel('Plain Text Content').fill('Spring\n\nJoin us on Saturday.');
  };

  test('the fields and the button are the spec\'s; the audience is counted before sending', async ({ page }) => {
    await expect(page.getByLabel('HTML Content')).toHaveAttribute('rows', '15');
    await expect(page.getByLabel('Plain Text Content')).toHaveAttribute('rows', '10');
    for (const label of ['Subject Line', 'HTML Content', 'Plain Text Content']) await expect(page.getByLabel(label)).toHaveAttribute('required', '');
    await expect(page.getByRole('button', { name: 'Send Newsletter' })).toBeVisible();
    await expect(page.getByTestId('audience')).toContainText(`This newsletter will go to ${confirmedCount()} confirmed subscribers.`);
  });

  test('success: Sending... while busy, the count, fields cleared, progress reaches 100 % and the history lists it', async ({ page }) => {
    const before = confirmedCount();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/send-newsletter', async (route) => {
      await gate;
      await route.continue();
    });
    const subject = unique('Spring workshops');
    const stored = () => rows<{ total: number; status: string }>('select total, status from newsletter_campaigns where subject = ?', subject);
    // The campaign's first progress read waits until every copy is sent: a campaign that finishes
    // before its progress is shown must still leave the history saying Finished.
    // (The audience, which the confirmation step reads, is not a campaign.)
    await page.route(/\/api\/newsletter-campaigns\/(?!audience)[^/?]+$/, async (route) => {
      if (route.request().method() === 'GET') await expect.poll(() => stored()[0]?.status, { timeout: 15_000 }).toBe('finished');
      await route.continue();
    });
    await fill(page, subject);
    await sendAndConfirm(page);
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByRole('status')).toContainText('Success!');
    // Sign-up tests on another worker may confirm an address meanwhile: the audience is the one the
    // server stored for this campaign, counted between the two reads.
    const expected = stored()[0]!.total;
    expect(expected).toBeGreaterThanOrEqual(before);
    expect(expected).toBeLessThanOrEqual(confirmedCount());
    await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toHaveText(`Success! Newsletter sent to ${expected} subscribers`);
    await expect(page.locator('.nl-result')).toHaveClass(/nl-result--success/);
    await expect(page.locator('.nl-result')).toBeFocused();
    for (const label of ['Subject Line', 'HTML Content', 'Plain Text Content']) await expect(page.getByLabel(label)).toHaveValue('');
    const bar = page.getByRole('progressbar', { name: 'Delivery progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 15_000 });
    await expect(page.locator('.nl-progress [data-count="remaining"]')).toHaveText('0');
    const row = page.locator('.nl-history tr', { hasText: subject });
    await expect(row).toContainText('Finished');
    await expect(row).toContainText(`${expected} of ${expected}`);
    await expect(row).toContainText(ADMIN.username);
    expect(stored()).toEqual([{ total: expected, status: 'finished' }]);
  });

  test('server error with a message: Error: and the message, fields kept', async ({ page }) => {
    await answer500(page, '/api/send-newsletter', 'The mail server is down');
    await fill(page);
    await sendAndConfirm(page);
    await expect(page.getByRole('alert')).toHaveText('Error: The mail server is down');
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.locator('.nl-result')).toHaveClass(/nl-result--error/);
    await expect(page.getByLabel('Subject Line')).toHaveValue('Spring workshops');
  });

  test('server error without a message: Error: Failed to send newsletter', async ({ page }) => {
    await answer500(page, '/api/send-newsletter');
    await fill(page);
    await sendAndConfirm(page);
    await expect(page.getByRole('alert')).toHaveText('Error: Failed to send newsletter');
    await expect(page.getByLabel('Plain Text Content')).toHaveValue('Spring\n\nJoin us on Saturday.');
  });

  test('network error: Error: Failed to send newsletter. Please try again.', async ({ page }) => {
    await networkDown(page, '/api/send-newsletter');
    await fill(page);
    await sendAndConfirm(page);
    await expect(page.getByRole('alert')).toHaveText('Error: Failed to send newsletter. Please try again.');
    await expect(page.getByLabel('HTML Content')).not.toHaveValue('');
  });

  test('Send Newsletter asks first, naming the audience per language; Go back sends nothing', async ({ page }) => {
    await page.route('**/api/newsletter-campaigns/audience', (route) => route.fulfill({ json: { confirmed: 1234, languages: { en: 900, fr: 200, sw: 134 } } }));
    let sent = 0;
    await page.route('**/api/send-newsletter', (route) => {
      sent += 1;
      return route.abort();
    });
    await fill(page, 'Autumn gathering');
    await page.getByRole('button', { name: 'Send Newsletter' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send to 1,234 subscribers: 900 English, 200 French, 134 Swahili?' });
    await expect(confirm).toBeFocused();
    await expect(confirm).toContainText('“Autumn gathering” goes out now, to every confirmed subscriber. It cannot be unsent.');
    await expect(page.getByRole('button', { name: 'Send Newsletter' })).toBeHidden();
    await confirm.getByRole('button', { name: 'Go back' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send Newsletter' })).toBeVisible();
    await expect(page.getByLabel('Subject Line')).toHaveValue('Autumn gathering');
    expect(sent).toBe(0);
    expect(rows<{ n: number }>('select count(*) as n from newsletter_campaigns where subject = ?', 'Autumn gathering')[0]!.n).toBe(0);
  });

  test('preview shows the cleaned HTML in a sandboxed frame; plain text can be filled from it; a test goes to the admin', async ({ page }) => {
    await fill(page);
    await page.getByLabel('Plain Text Content').fill('');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('figure', { name: 'Newsletter preview' })).toBeFocused();
    const frame = page.locator('iframe[title="Newsletter preview"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    // The cleaned campaign, whole, inside the template, at an address of its own: nothing of the script is left.
    await expect(frame).toHaveAttribute('src', /^\/api\/newsletter-preview\/[\w-]{22}$/);
    const document = await (await page.request.get((await frame.getAttribute('src'))!)).text();
    expect(document).toMatch(/^<!doctype html>\n<html lang="en">[^]*color:#1e1a16">\n<h1>Spring<\/h1><p>Join us on <strong>Saturday<\/strong>\.<\/p>\n<\/td><\/tr>[^]*<\/body><\/html>\n$/);
    expect(document).not.toContain('alert(1)');
    await expect(page.frameLocator('iframe[title="Newsletter preview"]').getByRole('heading', { name: 'Spring' })).toBeVisible();
    await page.getByRole('button', { name: 'Fill plain text from HTML' }).click();
    await expect(page.getByLabel('Plain Text Content')).toHaveValue('Spring\n\nJoin us on Saturday.');
    await expect(page.getByLabel('Plain Text Content')).toBeFocused();
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Test sent' })).toHaveText(`Test sent to ${ADMIN.email}`);
    await expect(page.getByRole('status').filter({ hasText: 'Test sent' })).toBeFocused();
  });
});

test.describe('staff newsletter on a 375 px phone: the template', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await page.goto('/admin');
    await expect(page.getByTestId('audience')).toContainText('confirmed subscribers');
  });

  test('paragraphs typed without tags: previewed in the template at phone and desktop widths, and a test arrives in it, to me only', async ({ page }) => {
    const subject = unique('Spring paragraphs');
    await page.getByLabel('Subject Line').fill(subject);
    await page.getByLabel('HTML Content').fill('Dear friends,\n\nOur workshops open on Saturday.\n\nDetails: https://sipa.example.org/events');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('figure', { name: 'Newsletter preview' })).toBeFocused();
    const preview = page.frameLocator('iframe[title="Newsletter preview"]');
    await expect(preview.locator('p')).toHaveText(['Dear friends,', 'Our workshops open on Saturday.', 'Details: https://sipa.example.org/events', /You receive this newsletter/, 'Unsubscribe', 'SIPA · 100 Example Street, Suite 200, Grapevine, TX 76051']);
    await expect(preview.getByRole('link', { name: 'https://sipa.example.org/events' })).toHaveAttribute('href', 'https://sipa.example.org/events');
    await expect(preview.getByRole('link', { name: 'SIPA', exact: true })).toBeVisible();
    const frame = page.locator('iframe[title="Newsletter preview"]');
    expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Desktop' }).click();
    await expect(page.getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'true');
    expect((await frame.boundingBox())!.width).toBeGreaterThanOrEqual(640);
    // The wide preview scrolls sideways inside its box, which stays phone-wide.
    const box = page.getByRole('region', { name: 'Preview at this width' });
    expect((await box.boundingBox())!.width).toBeLessThanOrEqual(375);
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.getByRole('button', { name: 'Fill plain text from HTML' }).click();
    await expect(page.getByLabel('Plain Text Content')).toHaveValue('Dear friends,\n\nOur workshops open on Saturday.\n\nDetails: https://sipa.example.org/events');
    const since = Date.now();
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Test sent' })).toHaveText(`Test sent to ${ADMIN.email}`);
    const mail = await latestMailTo(ADMIN.email, since, `Subject: [Test] ${subject}`);
    const html = quotedPrintable(mail.slice(mail.indexOf('Content-Type: text/html')));
    expect(html).toContain('<p>Dear friends,</p>\r\n<p>Our workshops open on Saturday.</p>\r\n<p>Details: <a href="https://sipa.example.org/events" rel="noopener">https://sipa.example.org/events</a></p>');
    expect(html).toContain('@media (prefers-color-scheme: dark)');
  });
});

test('signed out, /admin goes to the sign-in screen and never shows the send form', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: 'Send Newsletter' })).toHaveCount(0);
  // The send endpoint itself refuses a visitor without a session.
  const refused = await page.request.post('/api/send-newsletter', { data: { subject: 's', body_html: '<p>h</p>', body_text: 't' }, headers: { origin: `http://127.0.0.1:${port}` } });
  expect(refused.status()).toBe(401);
});
