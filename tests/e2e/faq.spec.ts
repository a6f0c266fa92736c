import { expect, test, type Page } from '@playwright/test';

const items = (page: Page) => page.locator('details.faq-item');
const visibleItems = (page: Page) => page.locator('details.faq-item:visible');

async function openFaq(page: Page) {
  await page.goto('/faq');
  await expect(page.locator('[data-faq-controls]')).toBeVisible();
}

test.describe('FAQ', () => {
  test('search box, category buttons and real questions in every category', async ({ page }) => {
    await openFaq(page);
    await expect(page.getByPlaceholder('Search questions...')).toBeVisible();
    const group = page.getByRole('group', { name: 'Filter by category' });
    await expect(group.getByRole('button')).toHaveText(['All', 'General', 'Donations', 'Programs', 'Volunteering']);
    await expect(group.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    const total = await items(page).count();
    expect(total).toBeGreaterThanOrEqual(12);
    for (const category of ['General', 'Donations', 'Programs', 'Volunteering']) {
      await group.getByRole('button', { name: category }).click();
      await expect(group.getByRole('button', { name: category })).toHaveAttribute('aria-pressed', 'true');
      const shown = visibleItems(page);
      expect(await shown.count()).toBeGreaterThanOrEqual(3);
      for (const label of await shown.locator('.faq-item__category').allTextContents()) expect(label).toBe(category);
    }
    await group.getByRole('button', { name: 'All' }).click();
    await expect(visibleItems(page)).toHaveCount(total);
  });

  test('answers link to contact, donate, get involved, programs and corporate', async ({ page }) => {
    await openFaq(page);
    const hrefs = await page.locator('.faq-item__answer a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const path of ['/contact', '/donate', '/get-involved', '/corporate', '/programs/early-learning', '/programs/financial-empowerment']) {
      expect(hrefs).toContain(path);
    }
  });

  test('search filters by question and answer, case-insensitively, and combines with the category', async ({ page }) => {
    await openFaq(page);
    const input = page.getByPlaceholder('Search questions...');
    await input.fill('TAX-DEDUCTIBLE');
    await expect(visibleItems(page).locator('summary')).toContainText(['Is my donation tax-deductible?']);
    await expect(page.getByRole('status')).toHaveText(/^1 question$/);
    await input.fill('sliding scale'); // only in an answer
    await expect(visibleItems(page)).toHaveCount(1);
    await expect(visibleItems(page).locator('summary')).toContainText('Do your programs cost anything?');
    await page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Volunteering' }).click();
    await expect(visibleItems(page)).toHaveCount(0);
    await expect(
      page.getByText('No FAQs match your search. Please try different keywords or select a different category.'),
    ).toBeVisible();
    await input.fill('');
    await expect(page.getByText('No FAQs match your search.')).toBeHidden();
    // The category label shown beside a question is not part of what the search reads.
    await page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'All' }).click();
    await input.fill('volunteering');
    await expect(visibleItems(page)).toHaveCount(0);
  });

  test('the accordion keeps at most one item open; a click toggles it', async ({ page }) => {
    await openFaq(page);
    const first = items(page).nth(0);
    const second = items(page).nth(1);
    await expect(first).not.toHaveAttribute('open');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.locator('.faq-item__answer')).toBeVisible();
    await second.locator('summary').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');
    await expect(page.locator('details.faq-item[open]')).toHaveCount(1);
    await second.locator('summary').click();
    await expect(page.locator('details.faq-item[open]')).toHaveCount(0);
  });

  test('the accordion works from the keyboard', async ({ page }) => {
    await openFaq(page);
    const third = items(page).nth(2);
    await third.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(third).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(third).not.toHaveAttribute('open');
  });

  test('publishes FAQPage structured data', async ({ page }) => {
    await page.goto('/faq');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faq = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'FAQPage');
    expect(faq.mainEntity.length).toBe(await items(page).count());
    expect(faq.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } });
  });
});
