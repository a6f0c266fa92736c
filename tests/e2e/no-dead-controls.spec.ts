import { test, expect, type Browser, type Page } from '@playwright/test';

/**
 * Without JavaScript (or before it runs) every control on screen works or is not shown; with
 * it, the lists keep their address in step with the filters so a view can be shared and reloaded.
 */
async function withoutScript(browser: Browser, baseURL: string | undefined, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

const hydratedIsland = (page: Page, name: string) => page.locator(`astro-island[component-url*="${name}"]:not([ssr])`);

test.describe('without JavaScript', () => {
  test('programs: the category cards open pre-rendered lists; the search and select are hidden', async ({ browser, baseURL }) => {
    await withoutScript(browser, baseURL, async (page) => {
      await page.goto('/programs');
      await expect(page.getByRole('search', { name: 'Filter programs' })).toBeHidden();
      await page.locator('#categories').getByRole('link', { name: /Youth Development/ }).click();
      await expect(page).toHaveURL(/\/programs\/category\/youth-development#all-programs$/);
      await expect(page.locator('.programs-explorer__item h3')).toHaveText(['Future Ready Youth Program']);
    });
  });

  test('blog: the sidebar categories open pre-rendered lists; the search and select are hidden', async ({ browser, baseURL }) => {
    await withoutScript(browser, baseURL, async (page) => {
      await page.goto('/blog');
      await expect(page.getByRole('search', { name: 'Search the blog' })).toBeHidden();
      await page.getByRole('complementary', { name: 'Blog sidebar' }).getByRole('link', { name: /^Financial Empowerment/ }).click();
      await expect(page).toHaveURL(/\/blog\/category\/financial-empowerment$/);
      await expect(page.locator('.post-card__category')).toHaveText(['Financial Empowerment', 'Financial Empowerment']);
    });
  });

  test('blog: the tag links of an article open pre-rendered lists of what the tag finds', async ({ browser, baseURL }) => {
    await withoutScript(browser, baseURL, async (page) => {
      await page.goto('/blog/youth-leadership-program');
      await page.locator('.post-tags').getByRole('link', { name: 'youth', exact: true }).click();
      await expect(page).toHaveURL(/\/blog\/tag\/youth$/);
      await expect(page.locator('.post-card__title')).toHaveText([
        'Applications Open for the Youth Leadership Program',
        'Launching Our Personal Finance Program for Young People',
      ]);
    });
  });

  test('/contact: Show the map is a plain link to the map', async ({ browser, baseURL }) => {
    await withoutScript(browser, baseURL, async (page) => {
      await page.goto('/contact');
      const link = page.getByRole('link', { name: 'Show the map' });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\?q=.*Grapevine.*&output=embed$/);
    });
  });

  test('home: the carousel dots and pause button are not shown', async ({ browser, baseURL }) => {
    await withoutScript(browser, baseURL, async (page) => {
      await page.goto('/');
      await expect(page.locator('[data-carousel-toggle]')).toBeHidden();
      await expect(page.locator('[data-slide-dot]').first()).toBeHidden();
    });
  });
});

test.describe('the address follows the filters', () => {
  test('programs: search, category, and a reload restores them', async ({ page }) => {
    await page.goto('/programs');
    await expect(hydratedIsland(page, 'ProgramsExplorer')).toHaveCount(1);
    await page.getByLabel('Search programs', { exact: true }).fill('financial');
    await page.getByLabel('Category', { exact: true }).selectOption('Financial Security');
    await expect(page).toHaveURL(/\/programs\?q=financial&category=Financial\+Security$/);
    await page.reload();
    await expect(hydratedIsland(page, 'ProgramsExplorer')).toHaveCount(1);
    await expect(page.getByLabel('Search programs', { exact: true })).toHaveValue('financial');
    await expect(page.locator('.programs-explorer__item h3')).toHaveText(['Financial Empowerment Pathway']);
    await page.getByLabel('Category', { exact: true }).selectOption('all');
    await page.getByLabel('Search programs', { exact: true }).fill('');
    await expect(page).toHaveURL(/\/programs$/);
  });

  test('blog: search and category go into the address; Reset Filters brings back the plain list', async ({ page }) => {
    await page.goto('/blog');
    await expect(hydratedIsland(page, 'BlogBrowser')).toHaveCount(1);
    const index = page.waitForResponse((res) => res.url().endsWith('/blog/search-index.json'));
    await page.getByLabel('Search articles').fill('community');
    await index;
    await page.getByLabel('Category').selectOption('Volunteer');
    await expect(page).toHaveURL(/\/blog\?q=community&category=Volunteer$/);
    await page.reload();
    await expect(hydratedIsland(page, 'BlogBrowser')).toHaveCount(1);
    await expect(page.getByLabel('Search articles')).toHaveValue('community');
    await expect(page.getByLabel('Category')).toHaveValue('Volunteer');
    await expect(page.getByText('1 article found')).toBeVisible();
    await page.getByLabel('Search articles').fill('no such words anywhere');
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test('images drawn by the islands fade in and say when they are not available', async ({ page }) => {
  await page.route(/\/art\/(blog|events)\/.*\.svg$/, (route) => route.abort());
  await page.goto('/blog');
  await expect(hydratedIsland(page, 'BlogBrowser')).toHaveCount(1);
  // A search brings the index; its page 2 is drawn by the island (the page does not reload).
  const index = page.waitForResponse((res) => res.url().endsWith('/blog/search-index.json'));
  await page.getByLabel('Search articles').fill('the');
  await index;
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/blog\?q=the&page=2$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  const cards = page.locator('.post-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.getByText('Image not available')).toHaveCount(await cards.count());
  // Styled like SiteImage's: the message covers the frame instead of a broken-image icon.
  await expect(cards.locator('.site-image__fallback').first()).toHaveCSS('position', 'absolute');
  await page.goto('/events');
  await expect(page.locator('.event-spotlight').getByText('Image not available')).toBeVisible();
  await expect(page.locator('.event-spotlight .site-image__fallback')).toHaveCSS('position', 'absolute');
});

test('images drawn by the islands stay transparent until loaded, then fade in', async ({ page }) => {
  const held: Array<() => Promise<void>> = [];
  let open = false;
  await page.route(/\/art\/blog\/.*\.svg$/, async (route) => {
    if (open) await route.continue();
    else held.push(() => route.continue());
  });
  // The first card's image is eager, so the load event waits for it: it is held too.
  await page.goto('/blog', { waitUntil: 'domcontentloaded' });
  await expect(hydratedIsland(page, 'BlogBrowser')).toHaveCount(1);
  const index = page.waitForResponse((res) => res.url().endsWith('/blog/search-index.json'));
  await page.getByLabel('Search articles').fill('the');
  await index;
  await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Page 2' }).click();
  const image = page.locator('.post-card img').first();
  await expect(image).toHaveClass(/is-loading/);
  await expect(image).toHaveCSS('opacity', '0');
  open = true;
  for (const release of held.splice(0)) await release();
  await image.scrollIntoViewIfNeeded();
  await expect(image).not.toHaveClass(/is-loading/);
  await expect(image).toHaveCSS('opacity', '1');
});

test('the filter bars of programs, events and blog look and behave alike', async ({ page }) => {
  const looks: Record<string, string>[] = [];
  for (const [path, island, name] of [
    ['/programs', 'ProgramsExplorer', 'Filter programs'],
    ['/events', 'EventsBrowser', 'Filter events'],
    ['/blog', 'BlogBrowser', 'Search the blog'],
  ] as const) {
    await page.goto(path);
    await expect(hydratedIsland(page, island)).toHaveCount(1);
    const bar = page.getByRole('search', { name });
    // The same two controls: a search box, then a Category select.
    await expect(bar.getByRole('searchbox')).toHaveCount(1);
    await expect(bar.getByRole('combobox', { name: 'Category', exact: true })).toHaveCount(1);
    looks.push(
      await bar.evaluate((form) => {
        const pick = (el: Element, props: string[]) => {
          const style = getComputedStyle(el);
          return Object.fromEntries(props.map((prop) => [`${el.tagName}.${prop}`, style.getPropertyValue(prop)]));
        };
        return {
          ...pick(form, ['background-color', 'border-radius', 'box-shadow', 'padding', 'display']),
          ...pick(form.querySelector('input')!, ['height', 'border', 'border-radius', 'font-size']),
          ...pick(form.querySelector('select')!, ['width', 'height', 'border', 'border-radius', 'font-size', 'background-image', 'appearance']),
          ...pick(form.querySelector('label')!, ['font-weight', 'font-size']),
        };
      }),
    );
  }
  expect(looks[1]).toEqual(looks[0]);
  expect(looks[2]).toEqual(looks[0]);
});
