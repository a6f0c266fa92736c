import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../src/lib/messages.ts';
import { site } from '../../src/lib/site.ts';
import { answer500, expectFailure, holdRequests, networkDown, rows, unique } from './forms-support.ts';
import { neverIdle } from '../support/idle.ts';

const API = '/api/contact';

async function fill(page: Page, subject: string) {
  const form = page.locator('form.contact-form');
  await form.getByLabel('Name').fill('Amara Okafor');
  await form.getByLabel('Email').fill('  Amara@Example.org ');
  await form.getByLabel('Phone').fill('(817) 555-0199');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('When does the next early learning session start?');
  return form;
}

test.describe('contact form on /contact', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
    await expect(page.locator('form.contact-form')).toHaveAttribute('novalidate', '');
  });

  test('shows contact details, office hours and social links; the map loads only on request', async ({ page }) => {
    const googleRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('google.com')) googleRequests.push(request.url());
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page.locator('main').getByText('Monday-Friday 9:00 AM-5:00 PM, closed weekends')).toBeVisible();
    await expect(page.locator('main .contact-info').getByRole('link', { name: site.phoneDisplay })).toBeVisible();
    await expect(page.locator('#contact-form').getByRole('link', { name: site.phoneDisplay })).toHaveAttribute('href', `tel:${site.phone}`);
    await expect(page.locator('main').getByRole('link', { name: site.mailboxes.info })).toBeVisible();
    await expect(page.locator('main .social a')).toHaveCount(site.social.length);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(googleRequests).toEqual([]);
    await page.getByRole('link', { name: 'Show the map' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const frame = page.locator('iframe.contact-map__frame');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=.*Grapevine/);
    await expect(frame).toHaveAttribute('title', /^Map of /);
  });

  test('editing, submitting (inputs disabled, Sending...), success (form replaced by the thank-you); the row is stored', async ({ page }) => {
    const subject = unique('Early learning');
    const form = await fill(page, subject);
    // An address of its own: acknowledgements go once an hour per address.
    const email = `${unique('amara').toLowerCase()}@example.org`;
    await form.getByLabel('Email').fill(email);
    const release = await holdRequests(page, API);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button')).toHaveText('Sending...');
    await expect(form.getByRole('button')).toBeDisabled();
    await expect(form.getByLabel('Name')).toBeDisabled();
    await expect(form.getByLabel('Message')).toBeDisabled();
    release();
    const status = page.locator('main').getByRole('status');
    await expect(status.locator('.form-done__title')).toHaveText(MESSAGES.contactSuccess);
    // When and how the answer comes.
    await expect(status).toContainText('We will reply by email within 2 business days. Our office hours are Monday-Friday 9:00 AM-5:00 PM.');
    await expect(page.locator('form.contact-form')).toHaveCount(0);
    const stored = rows<{ name: string; email: string; phone: string }>('select name, email, phone from contact_messages where subject = ?', subject);
    expect(stored).toEqual([{ name: 'Amara Okafor', email, phone: '(817) 555-0199' }]);
    // The staff notice names the subject; the acknowledgement repeats none of the sender's text.
    const mails = rows<{ kind: string }>('select kind from outbox where subject = ? or to_address = ? order by kind', `Contact form: ${subject}`, email);
    expect(mails.map((m) => m.kind)).toEqual(['contact.ack', 'contact.staff']);
  });

  test("a failure shows the server's message above the form, which stays filled in", async ({ page }) => {
    const form = await fill(page, 'Server message');
    await answer500(page, API, 'Our inbox is full right now.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const alert = page.getByRole('alert');
    await expectFailure(alert, 'Our inbox is full right now.');
    const alertIsAbove = await alert.evaluate(
      (el) => !!(el.compareDocumentPosition(document.querySelector('form.contact-form')!) & Node.DOCUMENT_POSITION_FOLLOWING),
    );
    expect(alertIsAbove).toBe(true);
    await expect(form.getByLabel('Subject')).toHaveValue('Server message');
    await expect(form.getByRole('button')).toHaveText('Send Message');
    await expect(form.getByRole('button')).toBeEnabled();
  });

  test("a failure without a message says 'Failed to submit form'; a network failure says 'Something went wrong...'", async ({ page }) => {
    const subject = unique('Fallbacks');
    const form = await fill(page, subject);
    await answer500(page, API);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectFailure(page.getByRole('alert'), MESSAGES.contactFailure);
    await page.unroute(`**${API}`);
    await networkDown(page, API);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectFailure(page.getByRole('alert'), MESSAGES.contactNetwork);
    expect(rows('select id from contact_messages where subject = ?', subject)).toHaveLength(0);
  });

  test('required fields are checked with the shared schema before sending', async ({ page }) => {
    let sent = 0;
    await page.route(`**${API}`, (route) => {
      sent += 1;
      return route.continue();
    });
    const form = page.locator('form.contact-form');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.locator('.sipa-field-error')).toHaveCount(4);
    await expect(form.getByLabel('Name')).toBeFocused();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Name').fill('Amara');
    await expect(form.locator('.sipa-field-error')).toHaveCount(3);
    await form.getByLabel('Email').fill('amara@');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText(MESSAGES.fieldEmail)).toBeVisible();
    expect(sent).toBe(0);
  });
});

test.describe('contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form posts and lands on the sent page; the row is stored', async ({ page }) => {
    const subject = unique('No script');
    await page.goto('/contact');
    await fill(page, subject);
    await page.locator('form.contact-form').getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\/thanks$/);
    await expect(page.getByText(MESSAGES.contactSuccess)).toBeVisible();
    expect(rows('select id from contact_messages where subject = ?', subject)).toHaveLength(1);
  });
});

test.describe('when the contact form wakes', () => {
  // A screen so short that the form starts below it: a form that woke only once seen would stay
  // asleep here. The form is the page's purpose, so it wakes when the browser is first idle
  // (`client:idle`), and on a phone that is never idle at its two-second deadline, unscrolled.
  test.use({ viewport: { width: 375, height: 320 } });

  test('on a phone that is never idle it wakes two seconds at the latest, unseen', async ({ page }) => {
    await neverIdle(page);
    await page.goto('/contact');
    const form = page.locator('form.contact-form');
    await expect(form).not.toBeInViewport();
    await expect(page.locator('astro-island', { has: form })).toHaveAttribute('client', 'idle');
    await expect(page.locator('astro-island', { has: form })).toHaveAttribute('opts', /"value":\{"timeout":2000\}/);
    await expect(form).toHaveAttribute('novalidate', '');
    await expect(form).not.toBeInViewport();
  });
});
