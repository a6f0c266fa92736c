/**
 * An event's own registration questions on a 375 px phone, in French: the summit asks the young
 * person's age (required, one of three), a meal (optional choice) and the school (written). Left
 * unanswered, the required one says so under itself; answered, the family is registered and staff
 * read the answers in English in the door list. Without JavaScript the same questions post with
 * the plain form.
 */
import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { rows, unique } from './forms-support.ts';
import { write } from './newsletter-support.ts';
import { E2E_ADMIN as ADMIN, test } from './staff-support.ts';
import { clockHeaders, fixClock } from '../support/server-clock.ts';

/** The instant the tests run at, on the browser's and the server's clock (tests/support/server-clock.ts). */
const NOW = '2026-11-21T12:00:00-06:00';

const EVENT = 'youth-leadership-summit';

test.use({ viewport: { width: 375, height: 740 } });

async function fillWho(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Inscription à l’événement' });
  await form.getByLabel('Nom', { exact: true }).fill('Zola Mbeki');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  return form;
}

test('in French, a family answers the summit’s own questions and staff read the answers in the door list', async ({ page, browser }) => {
  write('delete from event_registrations where event_id = ?', EVENT);
  await fixClock(page, NOW);
  await page.goto(`/fr/events/${EVENT}#register`);
  const email = `${unique('questions')}@example.org`;
  const form = await fillWho(page, email);
  const age = form.getByRole('group', { name: 'Quel âge a le jeune qui vient\u00a0?' });
  await expect(age.getByRole('radio')).toHaveCount(3);
  await expect(form.getByRole('group', { name: 'Le déjeuner est offert. Faut-il un repas particulier\u00a0? (facultatif)' })).toBeVisible();
  await form.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(age).toContainText('Ce champ est obligatoire');
  await expect(age.getByRole('radio', { name: '16 à 18 ans' })).toBeFocused();
  expect(rows('select id from event_registrations where email = ?', email)).toEqual([]);

  await age.getByRole('radio', { name: '22 à 24 ans' }).check();
  await expect(age).not.toContainText('Ce champ est obligatoire');
  await form.getByRole('group', { name: /Le déjeuner/ }).getByRole('radio', { name: 'Halal' }).check();
  await form.getByLabel('Dans quelle école ou université étudiez-vous\u00a0? (facultatif)').fill('Lycée de Grapevine');
  await form.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(page.locator('.form-alert')).toContainText('Vous êtes inscrit');
  const [row] = rows<{ answers: string }>('select answers from event_registrations where email = ?', email);
  expect(JSON.parse(row!.answers)).toEqual([
    { id: 'age-group', question: 'How old is the young person coming?', answer: '22 to 24' },
    { id: 'meal', question: 'Lunch is free. Do you need a special meal?', answer: 'Halal' },
    { id: 'school', question: 'Which school or college do you go to?', answer: 'Lycée de Grapevine' },
  ]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  // Staff sign in on the real clock: their session's cookie must outlive the browser's real time.
  const staff = await (await browser.newContext({ viewport: { width: 375, height: 740 }, extraHTTPHeaders: { 'x-forwarded-for': `10.52.${randomInt(256)}.${randomInt(1, 255)}` } })).newPage();
  expect((await staff.request.post('/api/auth/sign-in/username', { data: ADMIN })).status()).toBe(200);
  await staff.goto('/admin#events');
  await staff.getByRole('button', { name: 'Open the list for Youth Leadership Summit' }).click();
  const family = staff.getByRole('listitem').filter({ hasText: 'Zola Mbeki' });
  await expect(family.locator('.staff-attendee__answers')).toHaveText(
    /How old is the young person coming\?\s*22 to 24\s*Lunch is free\. Do you need a special meal\?\s*Halal\s*Which school or college do you go to\?\s*Lycée de Grapevine/,
  );
});

test('without JavaScript, the questions are part of the plain form, the required one checked by the browser', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, extraHTTPHeaders: clockHeaders(NOW) });
  const page = await context.newPage();
  await page.goto(`/sw/events/${EVENT}#register`);
  const email = `${unique('questions-plain')}@example.org`;
  await page.getByLabel('Jina', { exact: true }).fill('Amani Mwangi');
  await page.getByLabel('Barua pepe', { exact: true }).fill(email);
  const age = page.getByRole('group', { name: 'Kijana anayekuja ana umri gani?' });
  await expect(age.getByRole('radio', { name: 'Miaka 16 hadi 18' })).toHaveAttribute('required', '');
  await age.getByRole('radio', { name: 'Miaka 19 hadi 21' }).check();
  await page.getByRole('button', { name: 'Jiandikishe' }).click();
  await expect(page).toHaveURL(/\/sw\/events\/registered/);
  const [row] = rows<{ answers: string; mail_lang: string }>('select answers, mail_lang from event_registrations where email = ?', email);
  expect(JSON.parse(row!.answers)).toEqual([{ id: 'age-group', question: 'How old is the young person coming?', answer: '19 to 21' }]);
  await context.close();
});
