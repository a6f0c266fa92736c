import { expect, test, type Page } from '@playwright/test';

/**
 * The site search (Pagefind, indexed by scripts/site-search.ts; the island src/islands/SiteSearch.tsx):
 * a word in each language finds its page in that language and no other, nothing of the search is
 * fetched before the visitor searches, the first search costs under 150 KB, the header's link and
 * the 404 page's box lead to it, and without JavaScript a search still lands somewhere useful.
 */
const FIRST_SEARCH_BUDGET_BYTES = 150 * 1024;

/** Every response under /pagefind/, with the bytes it took on the wire (headers and body). */
function searchTraffic(page: Page): { urls: string[]; bytes: () => Promise<number> } {
  const responses: Promise<number>[] = [];
  const urls: string[] = [];
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/pagefind/')) return;
    urls.push(request.url());
    responses.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize));
  });
  return { urls, bytes: async () => (await Promise.all(responses)).reduce((sum, n) => sum + n, 0) };
}

const cases = [
  { lang: 'en', search: '/search', word: 'interpreter', found: '/programs/mental-health', status: /pages? found for “interpreter”/, label: 'Search the site' },
  { lang: 'fr', search: '/fr/search', word: 'crédit', found: '/fr/resources/credit-guide', status: /pages? trouvées? pour « crédit »/, label: 'Rechercher sur le site' },
  { lang: 'sw', search: '/sw/search', word: 'mikopo', found: '/sw/resources/credit-guide', status: /(Kurasa \d+ zimepatikana|Ukurasa 1 umepatikana) kwa “mikopo”/, label: 'Tafuta kwenye tovuti' },
];

for (const { lang, search, word, found, status, label } of cases) {
  test(`in ${lang}: "${word}" finds ${found}, only pages in ${lang}, within the first search's budget`, async ({ page }) => {
    const traffic = searchTraffic(page);
    await page.goto(search);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0); // awake
    expect(traffic.urls, 'nothing of the search before the visitor searches').toEqual([]);

    const box = page.getByRole('main').getByLabel(label);
    await box.fill(word);
    await box.press('Enter');
    await expect(page.getByRole('status')).toHaveText(status);
    await expect(page).toHaveURL(`${search}?q=${encodeURIComponent(word)}`);
    const results = page.locator('.site-search__results a');
    await expect(results.first()).toBeVisible();
    const hrefs = await results.evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(hrefs).toContain(found);
    for (const href of hrefs) {
      if (lang === 'en') expect(href, href).not.toMatch(/^\/(fr|sw)(\/|$)/);
      else expect(href, href).toMatch(new RegExp(`^/${lang}(/|$)`));
      expect(href, 'the site’s own addresses, without a trailing slash').not.toMatch(/.\/$/);
    }
    await expect(page.locator('.site-search__excerpt mark').first()).toBeVisible();
    const bytes = await traffic.bytes();
    expect(bytes, `first search: ${bytes} bytes`).toBeLessThan(FIRST_SEARCH_BUDGET_BYTES);

    await page.locator(`.site-search__results a[href="${found}"]`).click();
    await expect(page).toHaveURL(found);
  });
}

test('the header’s search link (in the phone menu, in the bar on wide screens) and the 404 page’s box lead to the search', async ({ page }) => {
  const traffic = searchTraffic(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/fr');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL('/fr/search');
  const box = page.getByRole('main').getByRole('search');
  await box.getByLabel('Rechercher sur le site').fill('crédit');
  expect(traffic.urls, 'pages and the search page ask for nothing of the search before a search').toEqual([]);
  await box.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL('/fr/search?q=cr%C3%A9dit');
  await expect(page.locator('.site-search__results a[href="/fr/resources/credit-guide"]')).toBeVisible();

  // Pagefind's WebAssembly is allowed on the search pages alone.
  const policy = () => page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  expect(await policy()).toContain("'wasm-unsafe-eval'");
  await page.goto('/fr');
  expect(await policy()).not.toContain("'wasm-unsafe-eval'");

  const afterFirstSearch = traffic.urls.length;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sw/about');
  await page.getByRole('banner').getByRole('link', { name: 'Tafuta', exact: true }).click();
  await expect(page).toHaveURL('/sw/search');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Jaribu neno kama mkalimani, mkopo au shule.');
  expect(traffic.urls.length, 'the search page without a query asks for nothing of the search').toBe(afterFirstSearch);

  await page.goto('/sw/page-that-is-not-here');
  const notFound = page.getByRole('main').getByRole('search');
  await notFound.getByLabel('Tafuta kwenye tovuti').fill('mikopo');
  await notFound.getByRole('button', { name: 'Tafuta' }).click();
  await expect(page).toHaveURL('/sw/search?q=mikopo');
  await expect(page.locator('.site-search__results a[href="/sw/resources/credit-guide"]')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a search lands on the search page, which says what it needs and offers the sections', async ({ page }) => {
    await page.goto('/sw/search');
    const form = page.getByRole('main').getByRole('search');
    await form.getByLabel('Tafuta kwenye tovuti').fill('mikopo');
    await form.getByRole('button', { name: 'Tafuta' }).click();
    await expect(page).toHaveURL('/sw/search?q=mikopo');
    await expect(page.getByText('Utafutaji hufanya kazi JavaScript ikiwa imewashwa kwenye kivinjari chako.')).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Sehemu kuu' });
    await expect(sections.getByRole('link', { name: 'Tunachofanya' })).toHaveAttribute('href', '/sw/programs');
  });
});
