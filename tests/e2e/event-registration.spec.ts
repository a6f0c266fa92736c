import { expect, test } from '@playwright/test';
import { rows, unique } from './forms-support.ts';

// The visitor's date decides past / upcoming: fix the clock and the time zone.
test.use({ timezoneId: 'America/Chicago' });
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-21T12:00:00-06:00'));
});

test('"Register now" opens the contact form with the event in the subject, and the phone number beside it', async ({ page }) => {
  await page.goto('/events/spring-hope-gala');
  const register = page.getByRole('link', { name: 'Register now' });
  await expect(register).toBeVisible();
  const call = page.locator('.event-hero__register').getByRole('link', { name: '(817) 555-0100' });
  await expect(call).toHaveAttribute('href', 'tel:+1-817-555-0100');

  await register.click();
  await expect(page).toHaveURL(/\/contact\?subject=Registration%3A\+Spring\+Hope\+Gala#contact-form$/);
  const form = page.locator('form.contact-form');
  await expect(form).toHaveAttribute('novalidate', '');
  await expect(form.getByLabel('Subject')).toHaveValue('Registration: Spring Hope Gala');
  await expect(page.locator('#contact-form').getByRole('link', { name: '(817) 555-0100' })).toBeVisible();

  const email = `${unique('gala')}@example.org`;
  await form.getByLabel('Name').fill('Amara Okafor');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Two seats, please.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('main').getByRole('status')).toContainText('Thank you for your message! We will get back to you soon.');
  expect(rows<{ subject: string }>('select subject from contact_messages where email = ?', email)).toEqual([
    { subject: 'Registration: Spring Hope Gala' },
  ]);
});

test('"Event Completed" reads as a status, not as a button', async ({ page }) => {
  await page.goto('/events/fall-financial-literacy-workshop');
  const tag = page.locator('.event-closed').getByText('Event Completed');
  await expect(tag).toBeVisible();
  await expect(page.getByRole('button', { name: 'Event Completed' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Event Completed' })).toHaveCount(0);
  const look = await tag.evaluate((el) => {
    const style = getComputedStyle(el);
    return { border: style.borderTopWidth, background: style.backgroundColor, radius: style.borderTopLeftRadius, cursor: style.cursor };
  });
  expect(look).toEqual({ border: '0px', background: 'rgba(0, 0, 0, 0)', radius: '0px', cursor: 'auto' });
  await expect(page.locator('.event-closed').getByText('Registration closed')).toBeVisible();
});
