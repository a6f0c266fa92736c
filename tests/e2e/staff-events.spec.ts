/**
 * The door list on a 375 px phone: staff open the event, see who is coming with their needs and
 * who waits, and check a family of four in one tap per person; the counts follow. Axe finds
 * nothing on the list.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { wcagViolations } from '../support/axe.ts';
import { rows, unique } from './forms-support.ts';
import { write } from './newsletter-support.ts';
import { E2E_ADMIN as ADMIN, test } from './staff-support.ts';

const EVENT = 'youth-leadership-summit';

async function signIn(page: Page) {
  const answer = await page.request.post('/api/auth/sign-in/username', { data: ADMIN });
  expect(answer.status()).toBe(200);
}

test.use({ viewport: { width: 375, height: 740 } });

test('staff check a family of four in on a phone, one tap per person', async ({ page }) => {
  write('delete from event_registrations where event_id = ?', EVENT);
  const email = `${unique('door')}@example.org`;
  const now = new Date().toISOString();
  write(
    "insert into event_registrations (id, event_id, email, name, phone, party, needs, notes, mail_lang, status, queued_at, reminded_at, attending_confirmed_at, checked_in, created_at, updated_at) values (?, ?, ?, 'Amani Mwangi', '+1-817-555-0142', 4, '[\"interpreter\",\"childcare\"]', null, 'sw', 'confirmed', ?, null, null, 0, ?, ?)",
    randomUUID(), EVENT, email, now, now, now,
  );
  write(
    "insert into event_registrations (id, event_id, email, name, phone, party, needs, notes, mail_lang, status, queued_at, reminded_at, attending_confirmed_at, checked_in, created_at, updated_at) values (?, ?, ?, 'Jean Mbala', null, 2, '[]', null, 'fr', 'waiting', ?, null, null, 0, ?, ?)",
    randomUUID(), EVENT, `${unique('door-waiting')}@example.org`, now, now, now,
  );
  await signIn(page);
  await page.goto('/admin#events');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Youth Leadership Summit' }) });
  await expect(card).toContainText('4 coming of 60 places');
  await expect(card).toContainText('2 waiting');
  await card.getByRole('button', { name: 'Open the list for Youth Leadership Summit' }).click();
  await expect(page.getByRole('heading', { name: 'Youth Leadership Summit', level: 2 })).toBeVisible();
  const family = page.getByRole('listitem').filter({ hasText: 'Amani Mwangi' });
  await expect(family.getByRole('list', { name: 'Needs' })).toHaveText(/Interpreter\s*Childcare/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Jean Mbala' })).toContainText('1. Jean Mbala (2 people)');
  expect(await wcagViolations(page)).toEqual([]);

  const tap = family.getByRole('group', { name: 'Check in Amani Mwangi' }).getByRole('button', { name: '+1 here' });
  for (const n of [1, 2, 3, 4]) {
    await tap.click();
    await expect(family).toContainText(`${n} of 4 here`);
  }
  await expect(tap).toBeDisabled();
  // A wrong tap is undone.
  await family.getByRole('button', { name: 'Undo one' }).click();
  await expect(family).toContainText('3 of 4 here');
  await family.getByRole('button', { name: 'All here' }).click();
  await expect(family).toContainText('4 of 4 here');
  await expect(page.locator('.staff-events__tally')).toHaveText('4 of 4 checked in');
  expect(rows<{ checked_in: number }>('select checked_in from event_registrations where email = ?', email)).toEqual([{ checked_in: 4 }]);
  const box = await tap.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
});
