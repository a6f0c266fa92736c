/**
 * A permanent refusal, as staff live it: the SMTP peer answers 550 for one address during a
 * campaign; the address is then shown bounced in the campaign's counts and in the subscriber list,
 * and the next campaign does not mail it (the peer is never asked for it again).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Page } from '@playwright/test';
import { rows, unique } from './forms-support.ts';
import { E2E_ADMIN, latestMailTo, refuseMailTo, test } from './staff-support.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${port}`;

/** Confirmed subscribers written straight to the e2e server's database (as if they had confirmed). */
function addConfirmed(emails: string[]) {
  const db = new DatabaseSync(join(dataDir, 'sipa.sqlite'), { timeout: 5000 });
  const now = new Date().toISOString();
  try {
    const insert = db.prepare("insert into subscribers (id, email, status, source, created_at, updated_at, confirmed_at, unsubscribed_at) values (?, ?, 'confirmed', null, ?, ?, ?, null)");
    for (const email of emails) insert.run(randomUUID(), email, now, now, now);
  } finally {
    db.close();
  }
}

/** Writes a campaign, sends it past the confirmation step and waits until its progress says every copy is done; returns its id. */
async function sendCampaign(page: Page, subject: string): Promise<string> {
  await page.getByLabel('Subject Line').fill(subject);
  await page.getByLabel('HTML Content').fill('Dear friends,\n\nOur workshops open on Saturday.');
  await page.getByLabel('Plain Text Content').fill('Dear friends,\n\nOur workshops open on Saturday.');
  await page.getByRole('button', { name: 'Send Newsletter' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, send it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText('Success! Newsletter sent to');
  await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
  await expect(page.locator('.nl-progress [data-count="remaining"]')).toHaveText('0');
  return rows<{ id: string }>('select id from newsletter_campaigns where subject = ?', subject)[0]!.id;
}

test('the SMTP peer answers 550 for one address: staff see it bounced, and the next campaign does not mail it', async ({ page }) => {
  const refused = `${unique('gone')}@example.org`.toLowerCase();
  const reader = `${unique('reader')}@example.org`.toLowerCase();
  const refusals = refuseMailTo(refused);
  addConfirmed([refused, reader]);
  const signIn = await page.request.post('/api/auth/sign-in/username', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password }, headers: { origin: `http://127.0.0.1:${port}` } });
  expect(signIn.status()).toBe(200);
  await page.goto('/admin#newsletter');
  await expect(page.getByTestId('audience')).toContainText('confirmed subscribers');

  const first = unique('Spring workshops');
  const since = Date.now();
  const firstId = await sendCampaign(page, first);
  expect(await latestMailTo(reader, since, `Subject: ${first}`)).toContain(`Subject: ${first}`);
  // The peer was asked once for the address and refused it; no copy of the campaign reached it.
  await expect.poll(refusals).toBe(1);
  // The address bounced in one campaign (this one, unless a campaign of another test reached it
  // first): the campaign's counts say so, and it is never tried again.
  const bouncedIn = rows<{ campaign_id: string }>("select campaign_id from newsletter_recipients where email = ? and feedback = 'bounced'", refused);
  expect(bouncedIn).toHaveLength(1);
  const bouncedHere = bouncedIn[0]!.campaign_id === firstId ? 1 : 0;
  await expect(page.locator('.nl-progress [data-count="bounced"]')).toHaveText(String(bouncedHere));
  expect(rows<{ status: string; stopped_reason: string }>('select status, stopped_reason from subscribers where email = ?', refused)).toEqual([
    { status: 'bounced', stopped_reason: expect.stringContaining('550') },
  ]);

  // Staff find the address in the subscriber list, marked Bounced, with the server's reason.
  await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Subscribers' }).click();
  const search = page.getByRole('search', { name: 'Search subscribers' });
  await search.getByLabel('Search by email').fill(refused);
  await search.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem').filter({ hasText: refused });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.inbox-status')).toHaveText('Bounced');
  await expect(row).toContainText('550');

  // The next campaign: the reader receives it, the bounced address is not among its recipients
  // and the peer is not asked for it again.
  await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Newsletter' }).click();
  const second = unique('Autumn gathering');
  const secondSince = Date.now();
  const secondId = await sendCampaign(page, second);
  expect(await latestMailTo(reader, secondSince, `Subject: ${second}`)).toContain(`Subject: ${second}`);
  expect(rows('select seq from newsletter_recipients where campaign_id = ? and email = ?', secondId, refused)).toEqual([]);
  expect(refusals()).toBe(1);
});
