import { expect, test, type Page } from '@playwright/test';
import { PARTNERSHIP_INTERESTS, PARTNERSHIP_RESPONSE_PROMISE } from '../../src/lib/constants.ts';
import { MESSAGES } from '../../src/lib/messages.ts';
import { answer500, expectFailure, holdRequests, networkDown, rows, unique } from './forms-support.ts';

const API = '/api/partnership-inquiry';
const PAGE = '/corporate';

async function open(page: Page) {
  await page.goto(PAGE);
  const form = page.locator('form.partnership-form');
  // A missing form fails here; it never skips the tests.
  await expect(form, `the form is placed on ${PAGE}`).toHaveCount(1);
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('novalidate', '');
  return form;
}

async function fill(page: Page, company: string) {
  const form = page.locator('form.partnership-form');
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Contact name').fill('Dana Ruiz');
  await form.getByLabel('Email').fill('Dana@LoneStar.example');
  await form.getByLabel('Financial Sponsorship').check();
  await form.getByLabel('In-Kind Donations').check();
  await form.getByLabel('Message').fill('We would like to sponsor the spring workshop.');
  return form;
}

test.describe('partnership form on /corporate', () => {
  test('offers the six partnership interests', async ({ page }) => {
    const form = await open(page);
    for (const interest of PARTNERSHIP_INTERESTS) await expect(form.getByLabel(interest, { exact: true })).toBeVisible();
    await expect(form.locator('input[type="checkbox"][name="partnershipInterest"]')).toHaveCount(PARTNERSHIP_INTERESTS.length);
  });

  test('editing, Submitting..., a thank-you with no reset button; the row is stored', async ({ page }) => {
    const form = await open(page);
    const company = unique('Lone Star Credit Union');
    await fill(page, company);
    const release = await holdRequests(page, API);
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(form.getByRole('button')).toHaveText('Submitting...');
    await expect(form.getByRole('button')).toBeDisabled();
    release();
    const done = page.locator('.form-done');
    await expect(done.getByRole('status')).toContainText(MESSAGES.partnershipSuccess);
    await expect(done.getByRole('status')).toContainText(PARTNERSHIP_RESPONSE_PROMISE);
    await expect(done.getByRole('button')).toHaveCount(0);
    await expect(page.locator('form.partnership-form')).toHaveCount(0);
    const stored = rows<{ email: string; partnership_interest: string }>(
      'select email, partnership_interest from partnership_inquiries where company_name = ?',
      company,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].email).toBe('dana@lonestar.example');
    expect(JSON.parse(stored[0].partnership_interest)).toEqual(['Financial Sponsorship', 'In-Kind Donations']);
  });

  test("failures: the server's message, else 'Failed to submit partnership inquiry'; a network error 'An unexpected error occurred...'", async ({ page }) => {
    const form = await open(page);
    const company = unique('Failing Co');
    await fill(page, company);
    await answer500(page, API, 'Our partnerships desk is closed today.');
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expectFailure(page.getByRole('alert'), 'Our partnerships desk is closed today.');
    await page.unroute(`**${API}`);
    await answer500(page, API);
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expectFailure(page.getByRole('alert'), MESSAGES.partnershipFailure);
    await page.unroute(`**${API}`);
    await networkDown(page, API);
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expectFailure(page.getByRole('alert'), MESSAGES.unexpected);
    await expect(form.getByLabel('Company name')).toHaveValue(company);
    expect(rows('select id from partnership_inquiries where company_name = ?', company)).toHaveLength(0);
  });

  test('required fields are checked before sending', async ({ page }) => {
    const form = await open(page);
    let sent = 0;
    await page.route(`**${API}`, (route) => {
      sent += 1;
      return route.continue();
    });
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(form.locator('.sipa-field-error')).toHaveCount(3);
    await expect(form.getByLabel('Company name')).toBeFocused();
    expect(sent).toBe(0);
  });
});

test.describe('partnership form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('posts and lands on the received page', async ({ page }) => {
    await page.goto(PAGE);
    await expect(page.locator('form.partnership-form'), `the form is placed on ${PAGE}`).toHaveCount(1);
    const company = unique('No Script Inc');
    await fill(page, company);
    await page.locator('form.partnership-form').getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(page).toHaveURL(/\/corporate\/thanks$/);
    await expect(page.getByText(PARTNERSHIP_RESPONSE_PROMISE)).toBeVisible();
    expect(rows('select id from partnership_inquiries where company_name = ?', company)).toHaveLength(1);
  });
});
