import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { rows, unique } from './forms-support.ts';
import { islandScriptsOfPages } from '../support/island-scripts.ts';
import { E2E_ADMIN, test } from './staff-support.ts';

/**
 * On a slow phone every form is on screen seconds before its island's script runs. Here the
 * scripts (the island components, the React renderer, and what they import) are held behind a
 * gate the test opens: the visitor fills every field of every island in every placement first,
 * then the gate opens, the values must still be there, and what is sent must be what was typed.
 */
interface Gate {
  open(): Promise<void>;
  heldUrls(): string[];
}

async function holdIslandScripts(page: Page): Promise<Gate> {
  const held: Route[] = [];
  let opened = false;
  // The islands' own scripts, as each page's HTML names them. Only those are held: the page's
  // other module scripts (the shell's) must run, or DOMContentLoaded never comes, and an island
  // whose markup was parsed before Astro's island runtime arrived waits for that event to start.
  const islandScripts = await islandScriptsOfPages(page);
  await page.route('**/_astro/**/*.js', async (route) => {
    if (opened || !islandScripts.has(new URL(route.request().url()).pathname)) await route.continue();
    else held.push(route);
  });
  return {
    heldUrls: () => held.map((route) => new URL(route.request().url()).pathname),
    async open() {
      opened = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Goes to a page without waiting for its (held) module scripts. */
async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
}

/** The island around `inside` has hydrated: Astro drops `ssr` once the component is rendered. */
async function hydrated(page: Page, inside: Locator) {
  await inside.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island', { has: inside }).last()).not.toHaveAttribute('ssr');
}

/** Proves the gate held this island's own script before it was opened. */
async function expectHeld(page: Page, gate: Gate, inside: Locator) {
  const island = page.locator('astro-island', { has: inside }).last();
  await expect(island).toHaveAttribute('ssr');
  const componentUrl = await island.getAttribute('component-url');
  await expect.poll(() => gate.heldUrls()).toContain(componentUrl);
}

async function openAndHydrate(page: Page, gate: Gate, inside: Locator) {
  await inside.scrollIntoViewIfNeeded();
  await expectHeld(page, gate, inside);
  await gate.open();
  await hydrated(page, inside);
}

test.describe('input made before hydration survives it', () => {
  test('contact form: every field, and typing while the island hydrates', async ({ page }) => {
    const gate = await holdIslandScripts(page);
    await visit(page, '/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    const subject = unique('Before hydration');
    await form.getByLabel('Name').fill('Amara Okafor');
    await form.getByLabel('Email').fill('amara@example.org');
    await form.getByLabel('Phone').fill('214-555-0101');
    await form.getByLabel('Subject').fill(subject);
    const message = form.getByLabel('Message');
    await message.fill('Typed before the script arrived. ');

    await expectHeld(page, gate, form);
    // Keep typing while the gate opens and React hydrates: no keystroke may be lost.
    await message.focus();
    const typing = message.pressSequentially('And this while it hydrated.', { delay: 15 });
    await gate.open();
    await typing;
    await hydrated(page, form);

    await expect(form.getByLabel('Name')).toHaveValue('Amara Okafor');
    await expect(form.getByLabel('Email')).toHaveValue('amara@example.org');
    await expect(form.getByLabel('Phone')).toHaveValue('214-555-0101');
    await expect(form.getByLabel('Subject')).toHaveValue(subject);
    await expect(message).toHaveValue('Typed before the script arrived. And this while it hydrated.');

    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Thank you for your message')).toBeVisible();
    expect(rows('select name, email, phone, message from contact_messages where subject = ?', subject)).toEqual([
      {
        name: 'Amara Okafor',
        email: 'amara@example.org',
        phone: '214-555-0101',
        message: 'Typed before the script arrived. And this while it hydrated.',
      },
    ]);
  });

  test('staff sign-in: the username and password typed first sign in', async ({ page }) => {
    const gate = await holdIslandScripts(page);
    await visit(page, '/admin/login');
    const form = page.locator('form.staff-form');
    await form.getByLabel('Username').fill(E2E_ADMIN.username);
    await form.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await openAndHydrate(page, gate, form);
    await expect(page.locator('[data-hydrated="true"]')).toBeVisible();
    await expect(form.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue(E2E_ADMIN.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  });

  test('volunteer form: text fields and ticked boxes', async ({ page }) => {
    const gate = await holdIslandScripts(page);
    await visit(page, '/get-involved');
    const form = page.getByRole('form', { name: 'Volunteer application' });
    const email = `${unique('volunteer')}@example.org`;
    await form.getByLabel('First name').fill('Kofi');
    await form.getByLabel('Last name').fill('Mensah');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('817-555-0199');
    await form.getByLabel('Mentor').check();
    await form.getByLabel('Fundraising').check();
    await form.getByLabel('Weekend mornings').check();
    await form.getByLabel('Skills and experience').fill('Twi and English');
    await form.locator('textarea[name="message"]').fill('Happy to help on Saturdays.');

    await openAndHydrate(page, gate, form);

    await expect(form.getByLabel('First name')).toHaveValue('Kofi');
    await expect(form.getByLabel('Mentor')).toBeChecked();
    await expect(form.getByLabel('Fundraising')).toBeChecked();
    await expect(form.getByLabel('Weekend mornings')).toBeChecked();
    await expect(form.getByLabel('Skills and experience')).toHaveValue('Twi and English');
    // A render after hydration (ticking one more box) must not un-tick the early ones.
    await form.getByLabel('Weekday evenings').check();
    await expect(form.getByLabel('Mentor')).toBeChecked();

    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Thank you for applying to volunteer')).toBeVisible();
    const [stored] = rows<{ first_name: string; last_name: string; phone: string; interests: string; availability: string; skills: string; message: string }>(
      'select first_name, last_name, phone, interests, availability, skills, message from volunteer_applications where email = ?',
      email,
    );
    expect(stored).toMatchObject({ first_name: 'Kofi', last_name: 'Mensah', phone: '817-555-0199', skills: 'Twi and English', message: 'Happy to help on Saturdays.' });
    expect(JSON.parse(stored!.interests)).toEqual(['mentor', 'fundraising']);
    expect(JSON.parse(stored!.availability)).toEqual(['weekendMornings', 'weekdayEvenings']);
  });

  test('partnership form: text fields and ticked boxes', async ({ page }) => {
    const gate = await holdIslandScripts(page);
    await visit(page, '/corporate');
    const form = page.getByRole('form', { name: 'Partnership inquiry' });
    const email = `${unique('partner')}@example.org`;
    await form.getByLabel('Company name').fill('Trinity Builders');
    await form.getByLabel('Contact name').fill('Grace Adeyemi');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('972-555-0142');
    await form.getByLabel('Matching Gift Program').check();
    await form.getByLabel('Message').fill('We match employee gifts.');

    await openAndHydrate(page, gate, form);

    await expect(form.getByLabel('Company name')).toHaveValue('Trinity Builders');
    await expect(form.getByLabel('Matching Gift Program')).toBeChecked();
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(page.getByText('Thank you for your interest')).toBeVisible();
    const [stored] = rows<{ company_name: string; contact_name: string; phone: string; partnership_interest: string; message: string }>(
      'select company_name, contact_name, phone, partnership_interest, message from partnership_inquiries where email = ?',
      email,
    );
    expect(stored).toMatchObject({ company_name: 'Trinity Builders', contact_name: 'Grace Adeyemi', phone: '972-555-0142', message: 'We match employee gifts.' });
    expect(JSON.parse(stored!.partnership_interest)).toEqual(['Matching Gift Program']);
  });

  for (const path of ['/', '/newsletter', '/blog', '/blog/volunteer-spotlight', '/thank-you']) {
    test(`newsletter on ${path}: the typed address`, async ({ page }) => {
      const gate = await holdIslandScripts(page);
      await visit(page, path);
      const form = page.locator('form.newsletter-form');
      await expect(form).toHaveCount(1);
      const email = `${unique('early')}@example.org`;
      await form.getByLabel('Email address').fill(email);

      await openAndHydrate(page, gate, form);

      await expect(form.getByLabel('Email address')).toHaveValue(email);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(form.getByRole('button', { name: 'Thank You!' })).toBeVisible();
      expect(rows('select email from subscribers where email = ?', email)).toEqual([{ email }]);
    });
  }
});

/** PayPal is never contacted: its request is answered here and the posted fields kept. */
async function interceptPaypal(page: Page): Promise<() => Promise<Request>> {
  let resolve!: (request: Request) => void;
  const posted = new Promise<Request>((r) => (resolve = r));
  await page.route(/^https:\/\/www\.(sandbox\.)?paypal\.com\//, async (route) => {
    resolve(route.request());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>PayPal</title>' });
  });
  return () => posted;
}

const fieldsOf = (request: Request) => Object.fromEntries(new URLSearchParams(request.postData() ?? ''));

test.describe('the donation form keeps an early choice', () => {
  for (const path of ['/donate', '/about', '/get-involved']) {
    test(`on ${path}: monthly, a preset, then an own amount`, async ({ page, baseURL }) => {
      const gate = await holdIslandScripts(page);
      const posted = await interceptPaypal(page);
      await visit(page, path);
      const form = page.locator('form.donation');
      await form.locator('label').filter({ hasText: 'Monthly' }).click();
      await form.locator('label').filter({ hasText: '$100' }).click();
      await form.getByLabel('Other amount').fill('42.50');

      await openAndHydrate(page, gate, form);
      await expect(form).toHaveAttribute('data-ready', 'true');

      await expect(form.getByRole('radio', { name: 'Monthly' })).toBeChecked();
      await expect(form.getByLabel('Other amount')).toHaveValue('42.50');
      const submit = form.getByRole('button', { name: 'Donate $42.50 monthly' });
      await submit.click();
      expect(fieldsOf(await posted())).toMatchObject({
        cmd: '_xclick-subscriptions',
        a3: '42.50',
        p3: '1',
        t3: 'M',
        item_name: 'Monthly donation to SIPA',
        return: `${baseURL}/thank-you?amount=42.50&recurring=true`,
        cancel_return: `${baseURL}${path}`,
      });
    });
  }

  test('on /donate: a preset tapped early stays chosen and is what PayPal gets', async ({ page, baseURL }) => {
    const gate = await holdIslandScripts(page);
    const posted = await interceptPaypal(page);
    await visit(page, '/donate');
    const form = page.locator('form.donation');
    await form.locator('label').filter({ hasText: '$250' }).click();

    await openAndHydrate(page, gate, form);
    await expect(form).toHaveAttribute('data-ready', 'true');

    await expect(form.getByRole('radio', { name: '$250', exact: true })).toBeChecked();
    await form.getByRole('button', { name: 'Donate $250' }).click();
    expect(fieldsOf(await posted())).toMatchObject({ cmd: '_donations', amount: '250', return: `${baseURL}/thank-you?amount=250` });
  });
});

test.describe('the lists keep early searches and filters', () => {
  test.use({ timezoneId: 'America/Chicago' });
  test('programs: search and category', async ({ page }) => {
    const gate = await holdIslandScripts(page);
    await visit(page, '/programs');
    const bar = page.getByRole('search', { name: 'Filter programs' });
    await bar.getByLabel('Search programs').fill('youth');
    await bar.getByLabel('Category').selectOption('Youth Development');

    await openAndHydrate(page, gate, bar);

    await expect(bar.getByLabel('Search programs')).toHaveValue('youth');
    await expect(bar.getByLabel('Category')).toHaveValue('Youth Development');
    await expect(page.getByText('Showing 1 of 5 programs')).toBeVisible();
    await expect(page.locator('.programs-explorer__item h3')).toHaveText(['Future Ready Youth Program']);
    await expect(page).toHaveURL(/\/programs\?q=youth&category=Youth\+Development/);
  });

  test('events: search and category on the past list', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-21T12:00:00-06:00'));
    const gate = await holdIslandScripts(page);
    await visit(page, '/events/past');
    const bar = page.getByRole('search', { name: 'Filter events' });
    await bar.getByLabel('Search events').fill('financial');
    await bar.getByLabel('Category').selectOption('workshop');

    await openAndHydrate(page, gate, bar);

    await expect(bar.getByLabel('Search events')).toHaveValue('financial');
    await expect(bar.getByLabel('Category')).toHaveValue('workshop');
    await expect(page.locator('.event-card__title')).toHaveText(['Fall Financial Literacy Workshop']);
    await expect(page).toHaveURL(/\/events\/past\?q=financial&category=workshop/);
  });

  test('blog: search and category', async ({ page }) => {
    const gate = await holdIslandScripts(page);
    await visit(page, '/blog');
    const bar = page.getByRole('search', { name: 'Search the blog' });
    await bar.getByLabel('Search articles').fill('youth');
    await bar.getByLabel('Category').selectOption('Financial Empowerment');

    await openAndHydrate(page, gate, bar);

    await expect(bar.getByLabel('Search articles')).toHaveValue('youth');
    await expect(bar.getByLabel('Category')).toHaveValue('Financial Empowerment');
    await expect(page.getByText('1 article found')).toBeVisible();
    await expect(page.locator('.post-card__title')).toHaveText(['Launching Our Personal Finance Program for Young People']);
    await expect(page).toHaveURL(/\/blog\?q=youth&category=Financial\+Empowerment/);
  });
});
