import { expect, test, type Page } from '@playwright/test';
import { ALL_CATEGORIES, filterPosts, relatedPosts } from '../../src/lib/blog.ts';
import { FIXED_INDEX, listPages, publishedPosts, serveFixedIndex } from './blog-content.ts';

// What the pre-rendered pages show comes from content/blog (blog-content.ts), so publishing or
// removing a post keeps these tests green; what the list shows once it searches or filters comes
// from a fixed index of seven posts, served in place of /blog/search-index.json.

async function openBlog(page: Page, path = '/blog') {
  await page.goto(path);
  await expect(page.locator('astro-island[component-url*="BlogBrowser"]:not([ssr])')).toHaveCount(1);
}

const cards = (page: Page) => page.locator('.post-card');
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Blog pages' });
const search = (page: Page) => page.getByLabel('Search articles');
const category = (page: Page) => page.getByLabel('Category');

test.describe('blog list', () => {
  test.beforeEach(async ({ page }) => serveFixedIndex(page));

  test('shows 4 posts a page with Previous/Next and numbers', async ({ page }) => {
    const pages = listPages();
    await openBlog(page);
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).first().locator('h3 a')).toHaveAttribute('href', `/blog/${pages[0]![0]!.slug}`);
    const nav = pagination(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Next' }).click();
    await expect(cards(page)).toHaveCount(pages[1]!.length);
    await expect(cards(page).first().locator('h3 a')).toHaveAttribute('href', `/blog/${pages[1]![0]!.slug}`);
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Next' })).toHaveCount(pages.length > 2 ? 1 : 0);
    await nav.getByRole('link', { name: 'Previous' }).click();
    await expect(cards(page)).toHaveCount(4);
    await nav.getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(cards(page)).toHaveCount(pages[1]!.length);
  });

  test('pagination appears only past 4 matches', async ({ page }) => {
    await openBlog(page);
    await search(page).fill('families'); // exactly 4 matches
    await expect(cards(page)).toHaveCount(4);
    await expect(pagination(page)).toHaveCount(0);
    await search(page).fill('the'); // 5 matches
    await expect(cards(page)).toHaveCount(4);
    await expect(pagination(page)).toBeVisible();
    await expect(pagination(page).getByRole('link', { name: /^Page/ })).toHaveCount(2);
  });

  test('the page resets to 1 when the search or the category changes', async ({ page }) => {
    await openBlog(page);
    await pagination(page).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(cards(page)).toHaveCount(listPages()[1]!.length);
    await search(page).fill('the');
    await expect(pagination(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page)).toHaveCount(4);

    await pagination(page).getByRole('link', { name: 'Page 2' }).click();
    await expect(cards(page)).toHaveCount(1);
    await search(page).fill('');
    await category(page).selectOption('All Categories');
    await pagination(page).getByRole('link', { name: 'Page 2' }).click();
    await category(page).selectOption('Financial Empowerment');
    await expect(cards(page)).toHaveCount(2);
    await expect(pagination(page)).toHaveCount(0);
  });

  test('search matches title, excerpt or any tag, case-insensitively', async ({ page }) => {
    await openBlog(page);
    await search(page).fill('NOBLE character'); // title
    await expect(cards(page).locator('h3')).toHaveText([/Women of Noble Character/]);
    await search(page).fill('two hundred women'); // excerpt
    await expect(cards(page).locator('h3')).toHaveText([/Women of Noble Character/]);
    await search(page).fill('Counseling'); // tag
    await expect(cards(page).locator('h3')).toHaveText([/Mental Health Services/]);
  });

  test('the category must equal the selection unless All Categories', async ({ page }) => {
    await openBlog(page);
    const options = await category(page).locator('option').allTextContents();
    expect(options).toEqual([
      'All Categories',
      'Community Support',
      'Financial Empowerment',
      'Cultural Celebration',
      'Mental Health',
      'Youth Programs',
      'Volunteer',
      'Community Events',
    ]);
    await category(page).selectOption('Volunteer');
    await expect(cards(page).locator('.post-card__category')).toHaveText(['Volunteer']);
    await category(page).selectOption('Financial Empowerment');
    await expect(cards(page).locator('.post-card__category')).toHaveText(['Financial Empowerment', 'Financial Empowerment']);
    await category(page).selectOption('All Categories');
    await expect(cards(page)).toHaveCount(4);
  });

  test("'No articles found' and Reset Filters", async ({ page }) => {
    await openBlog(page);
    await category(page).selectOption('Cultural Celebration');
    await expect(page.getByText('No articles found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    await category(page).selectOption('Youth Programs');
    await search(page).fill('zzz nothing');
    await expect(page.getByText('No articles found')).toBeVisible();
    await expect(pagination(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(search(page)).toHaveValue('');
    await expect(category(page)).toHaveValue('All Categories');
    await expect(cards(page)).toHaveCount(4);
    await expect(pagination(page)).toBeVisible();
  });

  test('/blog?tag= sets the search', async ({ page }) => {
    // The fixed index: two of its posts carry 'youth'.
    await openBlog(page, '/blog?tag=youth');
    await expect(search(page)).toHaveValue('youth');
    await expect(cards(page)).toHaveCount(2);
    await expect(pagination(page)).toHaveCount(0);
  });

  test('sidebar: recent posts, categories, popular tags that set the search, newsletter', async ({ page }) => {
    await openBlog(page);
    const sidebar = page.getByRole('complementary', { name: 'Blog sidebar' });
    await expect(sidebar.locator('.recent-list li')).toHaveCount(Math.min(3, publishedPosts().length));
    await expect(sidebar.locator('.recent-list a').first()).toHaveAttribute('href', `/blog/${publishedPosts()[0]!.slug}`);
    // The sidebar lists the published posts' tags and categories; what they find comes from the fixed index.
    const tag = sidebar.locator('.tag-cloud a').first();
    const tagName = (await tag.getAttribute('data-blog-tag'))!;
    await tag.click();
    await expect(search(page)).toHaveValue(tagName);
    await expect(cards(page)).toHaveCount(Math.min(4, filterPosts(FIXED_INDEX, tagName, ALL_CATEGORIES).length));
    const categoryLink = sidebar.locator('.category-list a').last();
    const categoryName = (await categoryLink.getAttribute('data-blog-category'))!;
    await categoryLink.click();
    await expect(category(page)).toHaveValue(categoryName);
    await expect(search(page)).toHaveValue('');
    await expect(cards(page)).toHaveCount(Math.min(4, filterPosts(FIXED_INDEX, '', categoryName).length));
    await expect(sidebar.locator('#blog-newsletter-email')).toBeVisible();
  });

  test('a call to action links to /get-involved and /donate', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: 'Volunteer With Us', exact: true })).toHaveAttribute('href', '/get-involved');
    await expect(page.getByRole('link', { name: 'Make a Donation', exact: true })).toHaveAttribute('href', '/donate');
  });

  test('ships a compact index, never the post bodies', async ({ request }) => {
    const html = await (await request.get('/blog')).text();
    // A sentence from a post body (not its excerpt) never reaches the list page.
    expect(html).toContain(`href="/blog/${listPages()[0]![0]!.slug}"`);
    expect(html).not.toContain('Thirty-eight adults joined us');
    const index = (await (await request.get('/blog/search-index.json')).json()) as Record<string, unknown>[];
    expect(index).toHaveLength(publishedPosts().length);
    for (const entry of index) {
      expect(Object.keys(entry).sort()).toEqual(['author', 'category', 'date', 'dateLabel', 'excerpt', 'id', 'image', 'imageAlt', 'slug', 'tags', 'title']);
    }
  });
});

test.describe('blog without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the unfiltered list is browsable page by page', async ({ page }) => {
    await page.goto('/blog');
    await expect(cards(page)).toHaveCount(4);
    await pagination(page).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\/2$/);
    await expect(cards(page)).toHaveCount(listPages()[1]!.length);
    await expect(pagination(page).getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('blog article', () => {
  test('shows everything the article page needs', async ({ page }) => {
    await page.goto('/blog/personal-finance-youth-program');
    await expect(page).toHaveTitle('Launching Our Personal Finance Program for Young People | SIPA Blog');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/personal-finance-youth-program$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /eight-week, twice-weekly course/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = ld.map((t) => JSON.parse(t)).find((d) => d['@type'] === 'BlogPosting');
    expect(article).toMatchObject({ headline: 'Launching Our Personal Finance Program for Young People', author: { name: 'Amina Diallo' } });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Launching Our Personal Finance Program for Young People');
    await expect(page.locator('.post-hero__category')).toHaveText('Financial Empowerment');
    await expect(page.locator('.post-hero__meta')).toContainText('October 28, 2026');
    await expect(page.locator('.post-hero__meta')).toContainText('Amina Diallo');
    await expect(page.locator('.post-hero img')).toHaveAttribute('alt', /young person/);
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    await expect(page.locator('.post-body')).toContainText('8 weeks, with two sessions each week');
    await expect(page.locator('.post-body')).toContainText('ages 14 to 22');

    await expect(page.locator('.post-tags a').first()).toHaveAttribute('href', '/blog/tag/youth');
    await expect(page.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('href', /facebook\.com/);
    await expect(page.getByRole('link', { name: /Share on LinkedIn/ })).toHaveAttribute('href', /linkedin\.com/);

    await expect(page.locator('.author-box__avatar')).toHaveText('A');
    await expect(page.locator('.author-box__bio')).toContainText('staff');
    const related = page.locator('.related-list a');
    const expected = relatedPosts({ slug: 'personal-finance-youth-program', category: 'Financial Empowerment' }, publishedPosts());
    await expect(related).toHaveCount(expected.length);
    for (const [i, post] of expected.entries()) await expect(related.nth(i)).toHaveAttribute('href', `/blog/${post.slug}`);
    await expect(page.locator('#post-newsletter-email')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volunteer With Us', exact: true })).toHaveAttribute('href', '/get-involved');
    await expect(page.getByRole('link', { name: 'Make a Donation', exact: true })).toHaveAttribute('href', '/donate');
  });

  test('a tag link opens the list filtered by that tag', async ({ page }) => {
    await page.goto('/blog/youth-leadership-program');
    await page.locator('.post-tags').getByRole('link', { name: 'leadership' }).click();
    await expect(page).toHaveURL(/\/blog\/tag\/leadership$/);
    await expect(search(page)).toHaveValue('leadership');
    await expect(cards(page)).toHaveCount(Math.min(4, filterPosts(publishedPosts(), 'leadership', ALL_CATEGORIES).length));
  });

  test('an unknown slug answers 404 with Post Not Found and a back link', async ({ page }) => {
    const res = await page.goto('/blog/nope');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found');
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('the RSS feed is linked from the head and lists every post', async ({ page, request }) => {
    await page.goto('/faq');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
    const res = await request.get('/rss.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('<rss');
    expect(xml.match(/<item>/g)).toHaveLength(publishedPosts().length);
    expect(xml).toContain(`/blog/${publishedPosts()[0]!.slug}</link>`);
  });
});

test('the home page previews the 3 newest posts', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#latest-news');
  const links = section.locator('.latest-card h3 a');
  const newest = publishedPosts().slice(0, 3);
  await expect(links).toHaveCount(newest.length);
  for (const [i, post] of newest.entries()) await expect(links.nth(i)).toHaveAttribute('href', `/blog/${post.slug}`);
  await expect(section.getByRole('link', { name: 'Read all stories' })).toHaveAttribute('href', '/blog');
});

test.describe('blog at scale', () => {
  test('the search index is fetched on the first search, not at load', async ({ page }) => {
    const indexRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/blog/search-index.json')) indexRequests.push(req.url());
    });
    await openBlog(page);
    await page.waitForLoadState('networkidle');
    expect(indexRequests, 'no index request at load').toHaveLength(0);
    const index = page.waitForResponse((res) => res.url().endsWith('/blog/search-index.json'));
    await search(page).fill('fam');
    await index;
    await expect(page.getByText(/^\d+ articles? found$/)).toBeVisible();
    await search(page).fill('families');
    await category(page).selectOption('Community Support');
    await page.waitForLoadState('networkidle');
    expect(indexRequests, 'one index request for every later search').toHaveLength(1);
  });

  test('1,000 matches: a window of page numbers that wraps within a phone screen', async ({ page }) => {
    // A thousand cards filtered and paged five times: 9 s alone, over 30 s beside the sweep on two cores.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 812 });
    const posts = Array.from({ length: 1000 }, (_, i) => ({
      id: 10_000 + i,
      slug: `scale-post-${i}`,
      title: `Scale post ${i}`,
      excerpt: 'A generated post for the pagination test.',
      tags: ['scale'],
      category: 'Community Support',
      date: `2020-01-${String((i % 28) + 1).padStart(2, '0')}`,
      image: '/art/blog/financial-literacy-workshop.svg',
      imageAlt: '',
      author: 'Amina Diallo',
    }));
    await page.route('**/blog/search-index.json', (route) => route.fulfill({ json: posts }));
    await openBlog(page);
    await search(page).fill('scale');
    await expect(page.getByText('1000 articles found')).toBeVisible();
    const nav = pagination(page);
    const numbers = nav.locator('.list-pagination__numbers > li');
    await expect(numbers).toHaveText(['1', '2', '…', '250']);
    for (const n of [2, 3, 4, 5]) await nav.getByRole('link', { name: `Page ${n}`, exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Page 5', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(numbers).toHaveText(['1', '…', '4', '5', '6', '…', '250']);
    await expect(nav.locator('.list-pagination__gap')).toHaveCount(2);
    await expect(nav.locator('.list-pagination__gap').first()).toHaveAttribute('aria-hidden', 'true');
    await nav.getByRole('link', { name: 'Page 250', exact: true }).click();
    await expect(numbers).toHaveText(['1', '…', '249', '250']);
    await expect(cards(page)).toHaveCount(4);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test.describe('blog search in each language', () => {
  test('on /fr/blog a French word finds the French post, linking to its French page', async ({ page }) => {
    const index = page.waitForResponse((res) => res.url().endsWith('/fr/blog/search-index.json'));
    await openBlog(page, '/fr/blog');
    await page.getByRole('searchbox').fill('bénévoles');
    expect((await index).status()).toBe(200);
    await expect(cards(page)).toHaveCount(1);
    const link = cards(page).first().locator('h3 a');
    await expect(link).toHaveText('Portrait de bénévoles : des partenaires de langue qui ouvrent des portes');
    await expect(link).toHaveAttribute('href', '/fr/blog/volunteer-spotlight');
    await expect(cards(page).first()).toContainText('Découvrez les bénévoles qui donnent quelques heures par semaine');
  });

  test('on /sw/blog a Swahili word finds the Swahili post, linking to its Swahili page', async ({ page }) => {
    await openBlog(page, '/sw/blog');
    await page.getByRole('searchbox').fill('wajitolea');
    await expect(cards(page)).toHaveCount(1);
    const link = cards(page).first().locator('h3 a');
    await expect(link).toHaveText('Tunawaangazia Wajitolea: Washirika wa Lugha Wanaofungua Milango');
    await expect(link).toHaveAttribute('href', '/sw/blog/volunteer-spotlight');
  });

  test('an English word finds nothing on /fr/blog, where every post is in French', async ({ page }) => {
    await openBlog(page, '/fr/blog');
    await page.getByRole('searchbox').fill('Volunteer Spotlight');
    await expect(cards(page)).toHaveCount(0);
  });
});
