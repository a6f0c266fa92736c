/**
 * The staff screens on a 375 × 740 phone: a slim staff header instead of the public header and
 * footer, the inbox's filters folded behind one Filter control so the newest item shows in the
 * first screen, each item naming its sender's language, the newsletter's campaign list readable
 * without sideways scrolling; axe finds nothing on these screens at 375 and 1280 px.
 */
import { expect, type Page } from '@playwright/test';
import { wcagViolations } from '../support/axe.ts';
import { E2E_ADMIN as ADMIN, test } from './staff-support.ts';

async function signIn(page: Page) {
  const answer = await page.request.post('/api/auth/sign-in/username', { data: ADMIN });
  expect(answer.status()).toBe(200);
}

test.use({ viewport: { width: 375, height: 740 } });

test('the staff area has a slim staff header and no public header links or footer', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin');
  await expect(page.getByTestId('audience')).toContainText('confirmed subscriber');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'SIPA staff' })).toHaveAttribute('href', '/admin');
  await expect(header.getByRole('link', { name: 'View the public site' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link')).toHaveCount(2);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Donate' })).toHaveCount(0);
  // The send form starts in the first screen.
  expect((await page.getByLabel('Subject Line').boundingBox())!.y).toBeLessThan(740);
  await page.goto('/admin/login');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('the inbox: filters behind one Filter control, the newest item in the first screen, its language named', async ({ page }) => {
  const word = `kilimanjaro${Date.now()}`;
  const sent = await page.request.post('/api/contact', {
    data: { name: 'Amani Mwangi', email: `amani.${word}@example.org`, subject: 'Msaada wa shule', message: `Habari ${word}`, lang: 'sw' },
  });
  expect(sent.status()).toBe(201);
  await signIn(page);
  await page.goto('/admin');
  await page.goto('/admin#inbox');
  const search = page.getByRole('search', { name: 'Search contact messages' });
  const filter = search.getByRole('button', { name: 'Filter' });
  await expect(filter).toHaveAttribute('aria-expanded', 'false');
  await expect(search.getByLabel('Status')).toBeHidden();
  const list = page.getByRole('list', { name: 'Contact messages' });
  const first = list.getByRole('listitem').first();
  await expect(first).toBeVisible();
  // The newest item starts in the first screen: its sender's name is read without scrolling (its
  // height depends on whatever message is newest, which other tests may write at the same time).
  const name = (await first.locator('.inbox-row__name').boundingBox())!;
  expect(name.y + name.height).toBeLessThanOrEqual(740);
  await filter.click();
  await expect(filter).toHaveAttribute('aria-expanded', 'true');
  await expect(search.getByLabel('Status')).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Written in Swahili');
  await list.getByRole('button', { name: /Amani Mwangi/ }).click();
  await expect(page.locator('.inbox-detail__meta')).toContainText('Written in Swahili');
});

test('the newsletter screen: the campaign list is readable at 375 px, its actions reached by keyboard; axe finds nothing at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/admin');
  await expect(page.getByTestId('audience')).toContainText('confirmed subscriber');
  // A campaign held by the confirmation step and a preview open: every part of the screen is there.
  await page.getByLabel('Subject Line').fill('Phone check');
  await page.getByLabel('HTML Content').fill('One paragraph.\n\nAnother.');
  await page.getByLabel('Plain Text Content').fill('One paragraph.\n\nAnother.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.locator('iframe[title="Newsletter preview"]')).toBeVisible();
  await page.getByRole('button', { name: 'Send Newsletter' }).click();
  await expect(page.getByRole('alertdialog')).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await wcagViolations(page), `newsletter ${width}`).toEqual([]);
  }
});
