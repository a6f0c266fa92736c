import { expect, test, type Page } from '@playwright/test';
import { VOLUNTEER_RESPONSE_PROMISE } from '../../src/lib/constants.ts';
import { MESSAGES } from '../../src/lib/messages.ts';
import { answer500, expectFailure, holdRequests, networkDown, rows, unique } from './forms-support.ts';

const API = '/api/volunteer-application';
const PAGE = '/get-involved';

async function open(page: Page) {
  await page.goto(PAGE);
  const form = page.locator('form.volunteer-form');
  // A missing form fails here; it never skips the tests.
  await expect(form, `the form is placed on ${PAGE}`).toHaveCount(1);
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('novalidate', '');
  return form;
}

async function fill(page: Page, email: string) {
  const form = page.locator('form.volunteer-form');
  await form.getByLabel('First name').fill('Kofi');
  await form.getByLabel('Last name').fill('Mensah');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Language partner').check();
  await form.getByLabel('Mentor').check();
  await form.getByLabel('Weekend mornings').check();
  await form.getByLabel('Skills and experience').fill('Accounting, Twi and French');
  return form;
}

test.describe('volunteer form on /get-involved', () => {
  test('editing, Submitting..., thank-you with Submit Another Application returning to an empty form; the row is stored', async ({ page }) => {
    const form = await open(page);
    const email = `${unique('kofi')}@example.org`;
    await fill(page, email);
    const release = await holdRequests(page, API);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.getByRole('button')).toHaveText('Submitting...');
    await expect(form.getByRole('button')).toBeDisabled();
    release();
    const done = page.locator('.form-done');
    await expect(done.getByRole('status')).toContainText(MESSAGES.volunteerSuccess);
    await expect(done.getByRole('status')).toContainText(VOLUNTEER_RESPONSE_PROMISE);
    await expect(page.locator('form.volunteer-form')).toHaveCount(0);
    const stored = rows<{ first_name: string; interests: string; availability: string; skills: string }>(
      'select first_name, interests, availability, skills from volunteer_applications where email = ?',
      email,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].first_name).toBe('Kofi');
    expect(JSON.parse(stored[0].interests)).toEqual(['languagePartner', 'mentor']);
    expect(JSON.parse(stored[0].availability)).toEqual(['weekendMornings']);
    await done.getByRole('button', { name: 'Submit Another Application' }).click();
    const again = page.locator('form.volunteer-form');
    await expect(again.getByLabel('First name')).toHaveValue('');
    await expect(again.getByLabel('Email')).toHaveValue('');
    await expect(again.getByLabel('Mentor')).not.toBeChecked();
    await expect(again.getByLabel('First name')).toBeFocused();
  });

  test("failures: the server's message, else 'Failed to submit application'; a network error 'An unexpected error occurred...'", async ({ page }) => {
    const form = await open(page);
    const email = `${unique('fail')}@example.org`;
    await fill(page, email);
    await answer500(page, API, 'Applications are paused this week.');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expectFailure(page.getByRole('alert'), 'Applications are paused this week.');
    await page.unroute(`**${API}`);
    await answer500(page, API);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expectFailure(page.getByRole('alert'), MESSAGES.volunteerFailure);
    await page.unroute(`**${API}`);
    await networkDown(page, API);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expectFailure(page.getByRole('alert'), MESSAGES.unexpected);
    await expect(form.getByLabel('Mentor')).toBeChecked();
    await expect(form.getByLabel('Email')).toHaveValue(email);
    expect(rows('select id from volunteer_applications where email = ?', email)).toHaveLength(0);
  });

  test('required names and email are checked before sending', async ({ page }) => {
    const form = await open(page);
    let sent = 0;
    await page.route(`**${API}`, (route) => {
      sent += 1;
      return route.continue();
    });
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.locator('.sipa-field-error')).toHaveCount(3);
    await expect(form.getByLabel('First name')).toBeFocused();
    expect(sent).toBe(0);
  });
});

test.describe('volunteer form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('posts the checkbox groups and lands on the received page', async ({ page }) => {
    await page.goto(PAGE);
    await expect(page.locator('form.volunteer-form'), `the form is placed on ${PAGE}`).toHaveCount(1);
    const email = `${unique('nojs-volunteer')}@example.org`;
    await fill(page, email);
    await page.locator('form.volunteer-form').getByRole('button', { name: 'Submit Application' }).click();
    await expect(page).toHaveURL(/\/get-involved\/thanks$/);
    await expect(page.getByText(VOLUNTEER_RESPONSE_PROMISE)).toBeVisible();
    const stored = rows<{ interests: string }>('select interests from volunteer_applications where email = ?', email);
    expect(stored.map((row) => JSON.parse(row.interests))).toEqual([['languagePartner', 'mentor']]);
  });
});
