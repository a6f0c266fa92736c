import { expect, test, type Page } from '@playwright/test';
import { neverIdle } from '../support/idle.ts';

const titles = [
  'Early Learning & Parent Engagement',
  'Financial Empowerment Pathway',
  'Expanding Career Pathways',
  'Culturally Responsive Mental Health & Health Navigation',
  'Future Ready Youth Program',
];

async function openPrograms(page: Page, query = '') {
  await page.goto(`/programs${query}`);
  // The island is hydrated once Astro removes the ssr attribute.
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr', '');
}

const list = (page: Page) => page.locator('.programs-explorer__item h3');
const status = (page: Page) => page.locator('.programs-explorer__count');
const search = (page: Page) => page.getByLabel('Search programs', { exact: true });
const category = (page: Page) => page.getByLabel('Category', { exact: true });

test('the full list is in the HTML at build time, with no loading state', async ({ request }) => {
  const html = await (await request.get('/programs')).text();
  const explorer = html.slice(html.indexOf('programs-explorer'));
  for (const title of titles) expect(explorer).toContain(title.replace(/&/g, '&amp;'));
  expect(html).not.toContain('Loading programs...');
});

test('shows featured programs (first 3) and five category cards', async ({ page }) => {
  await page.goto('/programs');
  await expect(page.locator('#featured h3')).toHaveText(titles.slice(0, 3));
  await expect(page.locator('[data-program-category]')).toHaveCount(5);
  await expect(list(page)).toHaveText(titles);
});

test('search is a case-insensitive substring of the title and description', async ({ page }) => {
  await openPrograms(page);
  await search(page).fill('CAREER path');
  await expect(list(page)).toHaveText(['Expanding Career Pathways']);
  await expect(status(page)).toHaveText('Showing 1 of 5 programs');
  await search(page).fill('sliding scale');
  await expect(list(page)).toHaveText(['Culturally Responsive Mental Health & Health Navigation']);
});

test('search and category combine with AND', async ({ page }) => {
  await openPrograms(page);
  await search(page).fill('career');
  await expect(list(page)).toHaveText(['Expanding Career Pathways', 'Future Ready Youth Program']);
  await category(page).selectOption('Youth Development');
  await expect(list(page)).toHaveText(['Future Ready Youth Program']);
  await category(page).selectOption('Early Learning');
  await expect(list(page)).toHaveCount(0);
  await expect(status(page)).toHaveText('No programs found matching "career"');
});

test('a search with no match names the term and offers Clear search', async ({ page }) => {
  await openPrograms(page);
  await search(page).fill('zebra');
  await expect(status(page)).toHaveText('No programs found matching "zebra"');
  await expect(list(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search(page)).toHaveValue('');
  await expect(search(page)).toBeFocused();
  await expect(list(page)).toHaveText(titles);
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
});

test('an empty search with no results says "No programs to display."', async ({ page }) => {
  await openPrograms(page, '?category=Housing');
  await expect(category(page)).toHaveValue('Housing');
  await expect(status(page)).toHaveText('No programs to display.');
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
  await category(page).selectOption('all');
  await expect(list(page)).toHaveCount(5);
});

test('a category card sets the filter and scrolls to all programs', async ({ page }) => {
  await openPrograms(page);
  await page.locator('[data-program-category="Mental Health"]').click();
  await expect(category(page)).toHaveValue('Mental Health');
  await expect(list(page)).toHaveText(['Culturally Responsive Mental Health & Health Navigation']);
  await expect(page.locator('#all-programs h2')).toBeInViewport();
  await page.locator('[data-program-category="Financial Security"]').click();
  await expect(list(page)).toHaveText(['Financial Empowerment Pathway']);
});

test('status follows the visitor date: upcoming in the start month, active from the next month', async ({ page }) => {
  await page.clock.setFixedTime(new Date(2025, 2, 31, 12));
  await openPrograms(page);
  const badgeFor = (title: string) =>
    page.locator('.programs-explorer__item').filter({ hasText: title }).locator('.programs-explorer__status');
  await expect(badgeFor('Future Ready Youth Program')).toHaveText('Upcoming');
  await expect(badgeFor('Financial Empowerment Pathway')).toHaveText('Active');
  await expect(page.locator('#featured .status-badge').first()).toHaveText('Active');

  await page.clock.setFixedTime(new Date(2025, 3, 1, 9));
  await page.goto('/programs/future-ready-youth');
  await expect(page.locator('.program-hero__status .status-badge')).toHaveText('Active');
  await page.clock.setFixedTime(new Date(2025, 2, 15, 9));
  await page.goto('/programs/future-ready-youth');
  await expect(page.locator('.program-hero__status .status-badge')).toHaveText('Upcoming');
});

test('on a phone that is never idle the explorer still wakes, two seconds at the latest', async ({ page }) => {
  await neverIdle(page);
  await openPrograms(page);
  await expect(page.locator('astro-island')).toHaveAttribute('opts', /"value":\{"timeout":2000\}/);
  await search(page).fill('youth');
  await expect(list(page)).toHaveText(['Future Ready Youth Program']);
});
