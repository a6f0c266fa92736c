import { expect, test } from '@playwright/test';
import site from '../../content/site.json' with { type: 'json' };

/** Each page and the facts it must show (from the spec and the content). */
const facts: Record<string, string[]> = {
  '/about': ['Who We Are', 'Why we exist', 'Who we are', 'Our vision', 'Four core values', 'Respect', 'Empowerment', 'Inclusion', 'Collaboration', 'Our approach', 'Moments from our community'],
  '/team': ['Our Team', 'Ngozi Adeyemi', 'Founder & Executive Director', 'Daniel Okafor', 'Fatima Diallo', 'Grace Mensah', 'Join the team'],
  '/programs/early-learning': ['Early Learning & Parent Engagement', 'Families with children ages 0-5', 'Free'],
  '/programs/career-pathways': ['Expanding Career Pathways', 'Adults in the Dallas area'],
  '/programs/financial-empowerment': ['Financial Empowerment Pathway', 'Free', 'Featured resource', 'Opening Your First Bank Account', 'Creating and Following a Budget', 'Building and Repairing Credit'],
  '/programs/mental-health': ['Culturally Responsive Mental Health & Health Navigation', 'Sliding scale', 'No one is turned away for inability to pay'],
  '/programs/future-ready-youth': ['Future Ready Youth Program', 'Ages', '12-21', 'At the start of each semester'],
  '/get-involved': ['Get Involved', 'Volunteer opportunities', 'Volunteer application', 'within 5 business days', 'Make a donation', 'Joseph M.'],
  '/corporate': ['Corporate Partnerships', 'Financial Sponsorship', 'Employee Volunteering', 'Matching Gift Program', 'In-Kind Donations', 'Event Sponsorship', 'within 2 business days'],
  '/planned-giving': ['Bequest', 'Retirement plan assets', 'Charitable gift annuity', 'Real estate', 'Stocks and securities', 'Baobab Legacy Society', 'Member benefits', 'Tax-exempt status', `EIN) is ${site.ein}`],
  '/careers': ['Respect', 'Empowerment', 'Inclusion', 'Collaboration', 'We currently do not have any open positions', site.mailboxes.careers, 'Why work at SIPA'],
  '/resources': ['Financial Guides', 'Opening Your First Bank Account', 'Creating and Following a Budget', 'Building and Repairing Credit'],
  '/resources/banking-guide': ['Opening Your First Bank Account', '$250,000', 'FDIC'],
  '/resources/budgeting-guide': ['Creating and Following a Budget', '50/30/20', '3-6 months', 'English', 'Español', 'Français', 'Kiswahili'],
  '/resources/credit-guide': ['Building and Repairing Credit', '$200-$500', '$300-$1,000', '6-24 months', '300-579', '580-669', '670-739', '740-799', '800-850', '35 percent', '30 percent', '15 percent', '10 percent', 'below 30%', '20-30%'],
  '/privacy': ['Privacy Policy', 'Children’s privacy', 'children under 13'],
  '/terms': ['Terms of Use', 'State of Texas'],
  '/accessibility': ['Accessibility Statement', 'WCAG) 2.2 at level AA'],
  '/impact': ['Our Impact', '2,700', 'Impact by program', 'Future Ready Youth Program', 'Communities reached'],
};

for (const [path, expected] of Object.entries(facts)) {
  test(`${path} renders its key facts`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    const main = page.locator('main');
    for (const fact of expected) await expect(main).toContainText(fact);
  });
}

const programPaths = ['/programs/early-learning', '/programs/career-pathways', '/programs/financial-empowerment', '/programs/mental-health', '/programs/future-ready-youth'];
for (const path of programPaths) {
  test(`${path} has every section, the required links and a phone link`, async ({ page }) => {
    await page.goto(path);
    for (const id of ['overview', 'components', 'impact', 'partners', 'get-involved', 'related']) {
      await expect(page.locator(`main section#${id}`)).toHaveCount(1);
    }
    for (const href of ['/get-involved', '/donate', '/corporate', '/contact']) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
    await expect(page.locator(`main a[href="tel:${site.phone}"]`).first()).toBeVisible();
    await expect(page.locator('#related article')).toHaveCount(3);
  });
}

test('the financial empowerment page links to the three guides, and each guide links back and ends with a call to action to /contact', async ({ page }) => {
  await page.goto('/programs/financial-empowerment');
  for (const guide of ['banking-guide', 'budgeting-guide', 'credit-guide']) {
    await expect(page.locator(`#featured-resource a[href="/resources/${guide}"]`)).toHaveCount(1);
  }
  for (const guide of ['banking-guide', 'budgeting-guide', 'credit-guide']) {
    await page.goto(`/resources/${guide}`);
    await expect(page.locator('main a[href="/programs/financial-empowerment"]').first()).toBeVisible();
    const cta = page.locator('main > section').last();
    await expect(cta.locator('a[href="/contact"]')).toBeVisible();
  }
});

test('the budget templates in four languages are real files', async ({ page, request }) => {
  await page.goto('/resources/budgeting-guide');
  const links = page.locator('.guide-downloads a[download]');
  await expect(links).toHaveCount(4);
  const expectations: Record<string, string> = { en: 'Monthly budget', es: 'Presupuesto mensual', fr: 'Budget mensuel', sw: 'Bajeti ya mwezi' };
  for (const [lang, heading] of Object.entries(expectations)) {
    const href = await page.locator(`.guide-downloads a[hreflang="${lang}"]`).getAttribute('href');
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(heading);
  }
});

test('planned giving offers three real downloads, a call to action to /contact and a phone link', async ({ page, request }) => {
  await page.goto('/planned-giving');
  await expect(page.locator('main a[href="/contact"]')).toBeVisible();
  await expect(page.locator(`main a[href="tel:${site.phone}"]`)).toBeVisible();
  const downloads = page.locator('#resources a[download]');
  await expect(downloads).toHaveCount(3);
  for (const href of await downloads.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain(site.ein);
    expect(body).toContain(site.name);
  }
});

test('get involved: support cards link to /donate, /contact and /corporate; forms are mounted', async ({ page }) => {
  await page.goto('/get-involved');
  for (const href of ['/donate', '/contact', '/corporate']) await expect(page.locator(`#ways a[href="${href}"]`)).toHaveCount(1);
  await expect(page.locator('#volunteer-form form')).toHaveCount(1);
  await expect(page.locator('#donate form.donation')).toHaveCount(1);
  await expect(page.locator('#voices blockquote')).toHaveCount(1);
});

test('about mounts the donation form, shows the gallery with alt text and links to the team', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('#donate form.donation')).toHaveCount(1);
  const images = page.locator('#gallery img');
  await expect(images).toHaveCount(6);
  for (const alt of await images.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''))) expect(alt.length).toBeGreaterThan(10);
  await expect(page.locator('main a[href="/team"]').first()).toBeVisible();
});

test('careers links to /get-involved and the careers mailbox', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.locator(`main a[href^="mailto:${site.mailboxes.careers}"]`).first()).toBeVisible();
  await expect(page.locator('main a[href="/get-involved"]')).toBeVisible();
});

test('staff without a photo show their initials', async ({ page }) => {
  await page.goto('/team');
  const cards = page.locator('#staff article');
  await expect(cards).toHaveCount(4);
  await expect(page.locator('[data-initials]')).toHaveText(['NA', 'DO', 'FD', 'GM']);
  await expect(cards.locator('img')).toHaveCount(0);
});

test('legal pages show the date their content last changed, not today', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2031-06-15T12:00:00Z'));
  for (const [path, date] of [
    ['/privacy', 'November 22, 2026'],
    ['/terms', 'November 1, 2026'],
    ['/accessibility', 'November 1, 2026'],
  ]) {
    await page.goto(path);
    await expect(page.locator('.legal-updated time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.locator('.legal-updated')).toContainText(`Last updated: ${date}`);
  }
});
