/**
 * The list islands in French and Swahili: their filters, category names, counts, empty states
 * and dates come from the page's language, before and after hydration.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { publishedPosts } from './blog-content.ts';

test.use({ timezoneId: 'America/Chicago' });

async function openHydrated(page: Page, path: string, island: string) {
  await page.goto(path);
  await expect(page.locator(`astro-island[component-url*="${island}"]:not([ssr])`)).toHaveCount(1);
}

test('/fr/events: a category filter shows the French category name, a French count and French dates', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-21T12:00:00-06:00'));
  await openHydrated(page, '/fr/events', 'EventsBrowser');
  const count = page.locator('.events-status__count');
  await expect(count).toHaveText('5 événements affichés');
  await expect(page.getByRole('navigation', { name: 'Listes des événements' }).getByRole('link', { name: 'À venir', exact: true })).toBeVisible();

  await page.getByLabel('Catégorie', { exact: true }).selectOption({ label: 'Santé' });
  await expect(count).toHaveText('1 événement affiché');
  const card = page.locator('.event-card');
  await expect(card.locator('h3')).toHaveText(['Soirée bien-être et santé mentale pour les familles']);
  await expect(card.locator('.event-badge')).toHaveText('Santé');
  await expect(card.locator('time')).toHaveText('jeudi 3 décembre 2026');
  await expect(card.getByRole('link', { name: /^Voir les détails/ })).toBeVisible();

  await page.getByLabel('Chercher un événement').fill('zzzz');
  await expect(count).toHaveText('0 événements affichés');
  await expect(page.locator('.events-empty__title')).toHaveText('Aucun événement trouvé');
  await page.locator('.events-empty').getByRole('button', { name: 'Effacer les filtres' }).click();
  await expect(count).toHaveText('5 événements affichés');
});

test('/sw/blog: a search with no match shows the Swahili empty state, and Swahili category names', async ({ page }) => {
  await openHydrated(page, '/sw/blog', 'BlogBrowser');
  // The newest post's category (content/blog), in Swahili: 'Youth Programs' is 'Mipango ya Vijana'.
  const newest = publishedPosts()[0]!;
  const swahili = JSON.parse(readFileSync('content/messages/sw.json', 'utf8')) as Record<string, string>;
  await expect(page.locator('.post-card__category').first()).toHaveText(swahili[`blogCategory${newest.category.replaceAll(' ', '')}`]!);
  await expect(page.locator('.post-card__more').first()).toContainText('Soma zaidi');
  await expect(page.getByLabel('Aina', { exact: true }).locator('option').first()).toHaveText('Aina Zote');

  await page.getByLabel('Tafuta makala').fill('zzzz');
  await expect(page.locator('.blog-results__count')).toHaveText('Makala 0 zimepatikana');
  await expect(page.locator('.blog-empty__title')).toHaveText('Hakuna makala');
  await expect(page.locator('.blog-empty__hint')).toHaveText('Jaribu kubadilisha maneno ya kutafuta au kichujio');
  await page.getByRole('button', { name: 'Ondoa vichujio' }).click();
  await expect(page.locator('.post-card').first()).toBeVisible();
});

test('/fr/programs: the category filter reads in French, with a French count and French dates', async ({ page }) => {
  await openHydrated(page, '/fr/programs', 'ProgramsExplorer');
  const count = page.locator('.programs-explorer__count');
  await expect(count).toHaveText('5 programmes affichés sur 5');
  const category = page.getByLabel('Catégorie', { exact: true });
  await expect(category.locator('option')).toHaveText([
    'Toutes les catégories',
    'Petite enfance',
    'Sécurité financière',
    'Développer ses compétences',
    'Santé mentale',
    'Développement des jeunes',
  ]);
  await category.selectOption({ label: 'Développement des jeunes' });
  await expect(count).toHaveText('1 programme affiché sur 5');
  const item = page.locator('.programs-explorer__item');
  await expect(item.locator('h3')).toHaveText(['Programme Jeunes prêts pour l’avenir']);
  await expect(item.locator('.programs-explorer__category')).toHaveText('Développement des jeunes');
  await expect(item.locator('.programs-explorer__served')).toContainText('personnes aidées · Depuis le');

  await page.getByLabel('Chercher un programme').fill('zzzz');
  await expect(count).toHaveText('Aucun programme ne correspond à « zzzz »');
  await expect(page.getByRole('button', { name: 'Effacer la recherche' })).toBeVisible();
});

test('/fr/events: the tabs, the cards and the address stay on the French pages', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-21T12:00:00-06:00'));
  await openHydrated(page, '/fr/events', 'EventsBrowser');
  await expect(page.locator('.event-card h3 a').first()).toHaveAttribute('href', /^\/fr\/events\/[a-z-]+$/);
  await page.getByLabel('Catégorie', { exact: true }).selectOption({ label: 'Santé' });
  await expect(page).toHaveURL(/\/fr\/events\?category=health$/);
  await page.getByRole('navigation', { name: 'Listes des événements' }).getByRole('link', { name: 'Passés', exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/events\/past\?category=health$/);
});

test('/fr/programs: the program links and the kept address stay on the French pages', async ({ page }) => {
  await openHydrated(page, '/fr/programs', 'ProgramsExplorer');
  await expect(page.locator('.programs-explorer__item h3 a').first()).toHaveAttribute('href', '/fr/programs/early-learning');
  await page.getByLabel('Chercher un programme').fill('zzzz');
  await expect(page).toHaveURL(/\/fr\/programs\?q=zzzz(#all-programs)?$/);
});
