/**
 * The staff inbox in the browser: find a message by a word in it, open it, mark it handled,
 * export the filtered list and read the CSV, import subscribers and see the weekly chart drawn,
 * and the detail view at 375 px without sideways scrolling.
 */
import { readFileSync } from 'node:fs';
import { wcagViolations } from '../support/axe.ts';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN as ADMIN, test } from './staff-support.ts';

async function signIn(page: Page) {
  const answer = await page.request.post('/api/auth/sign-in/username', { data: ADMIN });
  expect(answer.status()).toBe(200);
}

async function sendMessage(page: Page, word: string) {
  const answer = await page.request.post('/api/contact', {
    data: { name: 'Nia Kamau', email: `nia.${word}@example.org`, subject: 'After-school help', message: `My son needs help with ${word} homework.\n<b>Thank you</b>` },
  });
  expect(answer.status()).toBe(201);
}

async function findByWord(page: Page, word: string) {
  // A fresh page (going from /admin#… to /admin#inbox would only change the section), then the inbox.
  await page.goto('/admin');
  await page.goto('/admin#inbox');
  // Below 768 px the search and filters wait behind the Filter control.
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Search', { exact: true }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const list = page.getByRole('list', { name: 'Contact messages' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  return list;
}

test('finds a message by a word in it, marks it handled and exports the filtered list as CSV', async ({ page }) => {
  const word = `zanzibar${Date.now()}`;
  await sendMessage(page, word);
  await signIn(page);
  const list = await findByWord(page, word);
  await expect(page.getByTestId('inbox-new-count').first()).toBeVisible();
  await list.getByRole('button', { name: /Nia Kamau/ }).click();

  await expect(page.getByRole('heading', { name: 'After-school help' })).toBeFocused();
  // Visitor text is shown as text: the tags appear as typed, nothing is made bold.
  await expect(page.getByText(`My son needs help with ${word} homework.`)).toContainText('<b>Thank you</b>');
  await expect(page.locator('.inbox-fields b')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', `mailto:nia.${word}@example.org?subject=Re%3A%20After-school%20help`);

  await page.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.locator('.inbox-detail__meta')).toContainText('Handled by e2e.admin');
  await page.getByLabel('Staff note').fill('Sent the homework club schedule.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note saved.')).toBeVisible();

  await page.getByRole('button', { name: /Back to the list/ }).click();
  await expect(list.getByRole('listitem')).toContainText('Handled');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sipa-contact-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('Received,Status,Name,Email,Phone,Subject,Message,Staff note,Handled by,Handled at');
  // One row (the line break inside the message is kept inside its quoted cell), then the end.
  expect(lines[1]).toContain(`,Handled,Nia Kamau,nia.${word}@example.org,,After-school help,"My son needs help with ${word} homework.\n<b>Thank you</b>",Sent the homework club schedule.,e2e.admin,`);
  expect(lines.slice(2)).toEqual(['']);
});

test('imports subscribers from CSV and draws the weekly chart with them', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Subscribers' }).click();
  await expect(page.getByTestId('subscriber-chart')).toBeVisible();
  const stamp = Date.now();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,confirmed\nada.${stamp}@example.org,${today}\nben.${stamp}@example.org,${today}\nnot-an-address,\nada.${stamp}@example.org,\n`),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const report = page.locator('.subscriber-import__report');
  await expect(report).toContainText('2 added as confirmed, 0 sent a confirmation mail, 0 already on the list, 1 duplicate lines merged, 1 rejected.');
  await expect(report).toContainText('Line 4: not-an-address');
  // The current week's bar is drawn, and the table repeats its figure.
  await expect(page.locator('.subscriber-chart__bar--confirmed').last()).toBeVisible();
  const lastRow = page.locator('.subscriber-chart__table tbody tr').last();
  expect(Number(await lastRow.locator('td').first().textContent())).toBeGreaterThanOrEqual(2);

  await page.getByLabel('Search by email').fill(`ada.${stamp}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Confirmed');
  await row.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(row).toContainText('Unsubscribed');
});

test('the detail view reads at 375 px without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const word = `kilimanjaro${Date.now()}`;
  await sendMessage(page, word);
  await signIn(page);
  const list = await findByWord(page, word);
  await list.getByRole('button', { name: /Nia Kamau/ }).click();
  await expect(page.getByRole('heading', { name: 'After-school help' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('the subscribers list and the import form fit a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signIn(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Subscribers' }).click();
  await expect(page.getByTestId('subscriber-chart')).toBeVisible();
  await expect(page.getByLabel('CSV file')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
});

test('the inbox, an item and the subscribers have no WCAG A/AA violations at 375 and 1280 px', async ({ page }) => {
  // Six axe runs on a shared machine: more than the default 30 s.
  test.setTimeout(120_000);
  const axe = async (where: string) => {
    expect(await wcagViolations(page), where).toEqual([]);
  };
  const word = `serengeti${Date.now()}`;
  await sendMessage(page, word);
  await signIn(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const list = await findByWord(page, word);
    await axe(`inbox ${width}`);
    await list.getByRole('button', { name: /Nia Kamau/ }).click();
    await expect(page.getByRole('heading', { name: 'After-school help' })).toBeVisible();
    await page.getByRole('button', { name: /Delete this person/ }).click();
    await axe(`item ${width}`);
    await page.getByRole('link', { name: 'Subscribers' }).click();
    await expect(page.getByTestId('subscriber-chart')).toBeVisible();
    // The list (or its empty state, on a fresh database) has loaded.
    await expect(page.locator('.subscribers').getByText(/^(No subscribers match\.|Signed up .*)$/).first()).toBeVisible();
    await axe(`subscribers ${width}`);
  }
});

test('the navigation badge and the inbox tabs show one count, asked for once and again once after a status change', async ({ page }) => {
  const word = `kilimanjaro${Date.now()}`;
  await sendMessage(page, word);
  await signIn(page);
  const countRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/inbox/counts') countRequests.push(request.url());
  });
  const list = await findByWord(page, word);
  const navBadge = page.getByRole('navigation', { name: 'Staff area' }).getByTestId('inbox-new-count');
  const contactBadge = page.getByRole('group', { name: 'Lists' }).getByRole('button', { name: /^Contact messages/ }).getByTestId('inbox-new-count');
  // Both show a figure, and there is one answer behind the two.
  await expect(navBadge).toBeVisible();
  await expect(contactBadge).toBeVisible();
  expect(countRequests).toHaveLength(1);

  await list.getByRole('button', { name: /Nia Kamau/ }).click();
  await page.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.locator('.inbox-detail__meta')).toContainText('Handled by e2e.admin');
  // The change is told once; the badge follows from the one new answer.
  await expect.poll(() => countRequests.length).toBe(2);
  await page.getByRole('button', { name: /Back to the list/ }).click();
  await expect(list.getByRole('listitem')).toContainText('Handled');
  expect(countRequests).toHaveLength(2);
});
