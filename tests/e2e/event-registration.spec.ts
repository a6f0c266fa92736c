import { expect, test } from '@playwright/test';
import { rows, unique } from './forms-support.ts';
import { write } from './newsletter-support.ts';
import { clockHeaders, fixClock } from '../support/server-clock.ts';

// The date decides past / upcoming, on the page and in the API: fix both clocks and the time zone.
const TODAY = '2026-11-21T12:00:00-06:00';
test.use({ timezoneId: 'America/Chicago' });
test.beforeEach(async ({ page }) => {
  await fixClock(page, TODAY);
});

test('"Register now" leads to the event’s own form, which registers the family, shows the places left and works without JavaScript too', async ({ page, browser }) => {
  write('delete from event_registrations where event_id = ?', 'spring-hope-gala');
  await page.goto('/events/spring-hope-gala');
  const register = page.getByRole('link', { name: 'Register now' });
  await expect(register).toHaveAttribute('href', '#register');
  const call = page.locator('.event-hero__register').getByRole('link', { name: '(817) 555-0100' });
  await expect(call).toHaveAttribute('href', 'tel:+1-817-555-0100');
  await register.click();
  const form = page.getByRole('form', { name: 'Event registration' });
  await expect(form).toBeInViewport();
  await expect(page.locator('.event-places')).toHaveText('250 places left');

  const email = `${unique('gala')}@example.org`;
  await form.getByLabel('Name', { exact: true }).fill('Amara Okafor');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('How many people are coming?').selectOption('2');
  await form.getByLabel('Wheelchair access').check();
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.locator('.form-alert')).toContainText('You are registered! We have emailed you a confirmation with the details, a calendar file and a link to cancel if you cannot come.');
  expect(rows<{ party: number; status: string; needs: string; mail_lang: string }>('select party, status, needs, mail_lang from event_registrations where email = ?', email)).toEqual([
    { party: 2, status: 'confirmed', needs: '["wheelchair"]', mail_lang: 'en' },
  ]);

  // Without JavaScript the same form posts to the API and lands on the result page.
  const plain = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: clockHeaders(TODAY) });
  const noJs = await plain.newPage();
  await noJs.goto('/events/spring-hope-gala#register');
  const other = `${unique('gala-plain')}@example.org`;
  await noJs.getByLabel('Name', { exact: true }).fill('Jean Mbala');
  await noJs.getByLabel('Email', { exact: true }).fill(other);
  await noJs.getByLabel('How many people are coming?').selectOption('3');
  await noJs.getByRole('button', { name: 'Register' }).click();
  await expect(noJs).toHaveURL(/\/events\/registered$/);
  await expect(noJs.getByRole('heading', { level: 1 })).toHaveText('You Are Registered');
  await plain.close();
  expect(rows<{ party: number }>('select party from event_registrations where email = ?', other)).toEqual([{ party: 3 }]);
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
