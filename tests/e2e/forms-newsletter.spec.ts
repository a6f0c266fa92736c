import { expect, test } from '@playwright/test';
import { MESSAGES } from '../../src/lib/messages.ts';
import { answer500, expectFailure, holdRequests, networkDown, rows, unique } from './forms-support.ts';

const API = '/api/newsletter-signup';

test.describe('newsletter form on /newsletter', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/newsletter');
    // Wait for hydration: the island turns native validation off once it runs.
    await expect(page.locator('form.newsletter-form')).toHaveAttribute('novalidate', '');
  });

  test('idle, submitting (disabled, spinner), success (Thank You!, cleared, icon), reset after 5 s; one pending row stored', async ({ page }) => {
    const email = `${unique('Reader')}@Example.org`;
    const form = page.locator('form.newsletter-form');
    const button = form.getByRole('button');
    await expect(button).toHaveText('Subscribe');
    const release = await holdRequests(page, API);
    await form.getByLabel('Email address').fill(email);
    await button.click();
    await expect(button).toBeDisabled();
    await expect(form.locator('.form-spinner')).toBeVisible();
    release();
    await expect(button).toHaveText(MESSAGES.newsletterThankYou);
    await expect(button).toBeEnabled();
    await expect(form.getByLabel('Email address')).toHaveValue('');
    await expect(form.locator('.newsletter-form__icon')).toBeVisible();
    await expect(form.getByText(MESSAGES.newsletterCheckInbox)).toBeVisible();
    const stored = rows<{ status: string }>('select status from subscribers where email = ?', email.toLowerCase());
    expect(stored).toEqual([{ status: 'pending' }]);
    // The status resets after 5 s.
    await expect(button).toHaveText('Subscribe', { timeout: 7_000 });
    await expect(form.locator('.newsletter-form__icon')).toHaveCount(0);
    await expect(form.getByText(MESSAGES.newsletterCheckInbox)).toHaveCount(0);
  });

  test('a server failure shows the spec message and logs it, whatever the server said', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await answer500(page, API, 'Database exploded');
    const form = page.locator('form.newsletter-form');
    await form.getByLabel('Email address').fill('fails@example.org');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expectFailure(form.getByRole('alert'), MESSAGES.newsletterFailure);
    expect(logged.some((line) => line.includes('Newsletter signup failed'))).toBe(true);
    await expect(form.getByLabel('Email address')).toHaveValue('fails@example.org');
    expect(rows('select id from subscribers where email = ?', 'fails@example.org')).toHaveLength(0);
  });

  test('a 500 without a message and a network error show the same message', async ({ page }) => {
    const form = page.locator('form.newsletter-form');
    await answer500(page, API);
    await form.getByLabel('Email address').fill('plain500@example.org');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expectFailure(form.getByRole('alert'), MESSAGES.newsletterFailure);
    await page.unroute(`**${API}`);
    await networkDown(page, API);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expectFailure(form.getByRole('alert'), MESSAGES.newsletterFailure);
    expect(rows('select id from subscribers where email = ?', 'plain500@example.org')).toHaveLength(0);
  });

  test('the shared schema checks the address before anything is sent', async ({ page }) => {
    let sent = 0;
    await page.route(`**${API}`, (route) => {
      sent += 1;
      return route.continue();
    });
    const form = page.locator('form.newsletter-form');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(MESSAGES.fieldRequired)).toBeVisible();
    await form.getByLabel('Email address').fill('not-an-address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(MESSAGES.fieldEmail)).toBeVisible();
    await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Email address')).toBeFocused();
    expect(sent).toBe(0);
  });
});

test.describe('newsletter form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form posts, lands on the thank-you page and stores the address', async ({ page }) => {
    const email = `${unique('nojs')}@example.org`;
    await page.goto('/newsletter');
    await page.locator('form.newsletter-form').getByLabel('Email address').fill(email);
    await page.locator('form.newsletter-form').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter\/thanks$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You!');
    expect(rows('select id from subscribers where email = ?', email)).toHaveLength(1);
  });
});
