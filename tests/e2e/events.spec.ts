import { expect, test, type Page } from '@playwright/test';
import { spotlightEvent } from '../../src/lib/events.ts';
import { publishedEvents, serveFixedEventsIndex, tabList } from './events-content.ts';
import { fixClock } from '../support/server-clock.ts';

// The tabs, the spotlight and the statuses are checked against content/events (events-content.ts),
// so publishing or removing an event keeps these tests green; search and filters run against a
// fixed index of eight events, served in place of /events/search-index.json.

// The date decides past / today / upcoming: fix the clock (the page's and the API's) and the time zone.
test.use({ timezoneId: 'America/Chicago' });

async function openEvents(page: Page, day: string) {
  await fixClock(page, `${day}T12:00:00-06:00`);
  await page.goto('/events');
  // Hydrated once the island reacts to a tab click.
  await expect(page.locator('astro-island[component-url*="EventsBrowser"]:not([ssr])')).toHaveCount(1);
}

const cards = (page: Page) => page.locator('.event-card');
const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Event lists' }).getByRole('link', { name, exact: true });
const count = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing/ });

test.describe('events list', () => {
  test('Upcoming, Featured and Past tabs list the right events', async ({ page }) => {
    const showing = (n: number) => `Showing ${n} event${n === 1 ? '' : 's'}`;
    await openEvents(page, '2026-11-21');
    const upcoming = tab(page, 'Upcoming');
    await expect(upcoming).toHaveAttribute('aria-current', 'page');
    const upcomingList = tabList('upcoming', '2026-11-21');
    await expect(count(page)).toHaveText(showing(upcomingList.total));
    await expect(cards(page).locator('h3')).toHaveText(upcomingList.titles);
    await expect(cards(page).getByText('Event Completed')).toHaveCount(0);

    await tab(page, 'Featured').click();
    await expect(tab(page, 'Featured')).toHaveAttribute('aria-current', 'page');
    await expect(upcoming).not.toHaveAttribute('aria-current');
    await expect(page).toHaveURL(/\/events\/featured$/);
    const featured = tabList('featured', '2026-11-21');
    await expect(count(page)).toHaveText(showing(featured.total));
    await expect(cards(page).locator('h3')).toHaveText(featured.titles);

    await tab(page, 'Past').click();
    await expect(page).toHaveURL(/\/events\/past$/);
    const past = tabList('past', '2026-11-21');
    await expect(count(page)).toHaveText(showing(past.total));
    await expect(cards(page).locator('h3')).toHaveText(past.titles);
    await expect(cards(page).getByText('Event Completed')).toHaveCount(past.titles.length);
    await expect(cards(page).getByText('Add to calendar')).toHaveCount(0);
  });

  test('without JavaScript the tabs are links to pre-rendered lists, and the JavaScript-only filters are hidden', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/events');
    await expect(page.getByRole('search', { name: 'Filter events' })).toBeHidden();
    await tab(page, 'Past').click();
    await expect(page).toHaveURL(/\/events\/past$/);
    await expect(tab(page, 'Past')).toHaveAttribute('aria-current', 'page');
    const past = cards(page);
    expect(await past.count()).toBeGreaterThan(0);
    await expect(past.filter({ hasNotText: 'Event Completed' })).toHaveCount(0);
    await tab(page, 'Featured').click();
    await expect(page).toHaveURL(/\/events\/featured$/);
    await expect(cards(page).filter({ hasNotText: 'Featured' })).toHaveCount(0);
    await context.close();
  });

  test('the address follows the tab and the filters, and a reload restores them', async ({ page }) => {
    await openEvents(page, '2026-11-21');
    await tab(page, 'Past').click();
    await page.getByLabel('Search events').fill('fair');
    await page.getByLabel('Category').selectOption({ label: 'Health' });
    await expect(page).toHaveURL(/\/events\/past\?q=fair&category=health$/);
    await page.reload();
    await expect(page.locator('astro-island[component-url*="EventsBrowser"]:not([ssr])')).toHaveCount(1);
    await expect(tab(page, 'Past')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Search events')).toHaveValue('fair');
    await expect(page.getByLabel('Category')).toHaveValue('health');
    await expect(cards(page).locator('h3')).toHaveText(['Community Health Fair']);
  });

  test('search covers title, description and location, case-insensitively', async ({ page }) => {
    await serveFixedEventsIndex(page);
    await openEvents(page, '2026-11-21');
    const search = page.getByLabel('Search events');
    await search.fill('WINTER family');
    await expect(cards(page).locator('h3')).toHaveText(['Winter Family Celebration']);
    await search.fill('coat EXCHANGE');
    await expect(cards(page).locator('h3')).toHaveText(['Winter Family Celebration']);
    await search.fill('suite 200');
    await expect(count(page)).toHaveText('Showing 2 events');
    await expect(cards(page).locator('h3')).toHaveText(['Family Wellness and Mental Health Evening', 'Tax Season Preparation Workshop']);
  });

  test('category filters, results count and clear filters', async ({ page }) => {
    await serveFixedEventsIndex(page);
    await openEvents(page, '2026-11-21');
    await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
    const expected: Record<string, string[]> = {
      Cultural: ['Winter Family Celebration'],
      Workshop: ['Tax Season Preparation Workshop'],
      Youth: ['Youth Leadership Summit'],
      Health: ['Family Wellness and Mental Health Evening'],
      Fundraiser: ['Spring Hope Gala'],
    };
    for (const [label, titles] of Object.entries(expected)) {
      await page.getByLabel('Category').selectOption({ label });
      await expect(cards(page).locator('h3')).toHaveText(titles);
      await expect(count(page)).toHaveText(`Showing ${titles.length} event${titles.length === 1 ? '' : 's'}`);
    }
    await page.getByLabel('Category').selectOption({ label: 'All' });
    await expect(count(page)).toHaveText('Showing 5 events');

    await page.getByLabel('Category').selectOption({ label: 'Health' });
    await page.getByLabel('Search events').fill('dinner');
    await expect(count(page)).toHaveText('Showing 1 event');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Search events')).toHaveValue('');
    await expect(page.getByLabel('Category')).toHaveValue('all');
    await expect(count(page)).toHaveText('Showing 5 events');
  });

  test("'No events found' when nothing matches, and clearing brings the list back", async ({ page }) => {
    await serveFixedEventsIndex(page);
    await openEvents(page, '2026-11-21');
    await page.getByLabel('Search events').fill('underwater basket weaving');
    await expect(page.getByText('No events found')).toBeVisible();
    await expect(count(page)).toHaveText('Showing 0 events');
    await page.locator('.events-empty').getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards(page)).toHaveCount(5);
  });

  test('card descriptions are cut to 120 characters', async ({ page }) => {
    await openEvents(page, '2026-11-21');
    const texts = await page.locator('.event-card__text').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(120);
    expect(texts.some((text) => text.endsWith('…'))).toBe(true);
  });

  test('the featured spotlight shows the next featured event', async ({ page }) => {
    await openEvents(page, '2026-11-21');
    const next = spotlightEvent(publishedEvents(), '2026-11-21')!;
    const spotlight = page.locator('.event-spotlight');
    await expect(spotlight.getByRole('heading', { level: 2 })).toHaveText(next.title);
    await expect(spotlight.getByRole('link', { name: 'See event details' })).toHaveAttribute('href', `/events/${next.id}`);
  });

  test("statuses follow the visitor's date, not the build's", async ({ page }) => {
    await openEvents(page, '2026-12-12');
    await expect(page.locator('.event-spotlight')).toContainText('This event is today');
    const winter = cards(page).filter({ hasText: 'Winter Family Celebration' });
    await expect(winter.getByText('Today', { exact: true })).toBeVisible();

    await openEvents(page, '2027-05-01');
    await expect(cards(page)).toHaveCount(tabList('upcoming', '2027-05-01').titles.length);
    await tab(page, 'Past').click();
    await expect(cards(page)).toHaveCount(tabList('past', '2027-05-01').titles.length);
  });
});

test.describe('events at scale', () => {
  test('the index is fetched on the first search, not at load', async ({ page }) => {
    const indexRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/events/search-index.json')) indexRequests.push(req.url());
    });
    // The visitor's clock is the build's day (the server's own): the page's list is theirs.
    await page.goto('/events');
    await expect(page.locator('astro-island[component-url*="EventsBrowser"]:not([ssr])')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(indexRequests, 'no index request at load').toHaveLength(0);
    const index = page.waitForResponse((res) => res.url().endsWith('/events/search-index.json'));
    await page.getByLabel('Search events').fill('a');
    expect((await index).status()).toBe(200);
    await page.getByLabel('Category').selectOption({ label: 'Health' });
    await page.waitForLoadState('networkidle');
    expect(indexRequests, 'one index request for every later search').toHaveLength(1);
  });

  test('30 matches: nine a page, page links in place, and the address keeps the page', async ({ page }) => {
    const [template] = JSON.parse(JSON.stringify(await (await page.request.get('/events/search-index.json')).json())) as Record<string, unknown>[];
    const events = Array.from({ length: 30 }, (_, i) => ({
      ...template,
      id: `gathering-${i + 1}`,
      title: `Neighbourhood gathering ${i + 1}`,
      date: `2027-03-${String(i + 1).padStart(2, '0')}T10:00:00-06:00`,
      endDate: `2027-03-${String(i + 1).padStart(2, '0')}T13:00:00-06:00`,
      isFeatured: false,
    }));
    await page.route('**/events/search-index.json', (route) => route.fulfill({ json: events }));
    await openEvents(page, '2026-11-21');
    await page.getByLabel('Search events').fill('neighbourhood gathering');
    await expect(count(page)).toHaveText('Showing 30 events');
    await expect(cards(page)).toHaveCount(9);
    const nav = page.getByRole('navigation', { name: 'Event pages' });
    await expect(nav.locator('.list-pagination__numbers > li')).toHaveText(['1', '2', '3', '4']);
    await nav.getByRole('link', { name: 'Page 4', exact: true }).click();
    await expect(cards(page).locator('h3')).toHaveText(['Neighbourhood gathering 28', 'Neighbourhood gathering 29', 'Neighbourhood gathering 30']);
    await expect(nav.getByRole('link', { name: 'Page 4', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\/events\?q=neighbourhood\+gathering&page=4$/);
    await nav.getByRole('link', { name: 'Previous' }).click();
    await expect(cards(page).first().locator('h3')).toHaveText('Neighbourhood gathering 19');
  });
});

test.describe('event detail', () => {
  test('an upcoming event: register, calendar, organizer, directions, share, similar', async ({ page }) => {
    await fixClock(page, '2026-11-21T12:00:00-06:00');
    await page.goto('/events/winter-family-celebration');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winter Family Celebration');
    await expect(page).toHaveTitle('Winter Family Celebration | SIPA');
    await expect(page.getByText('Saturday, December 12, 2026').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register now' })).toBeVisible();
    await expect(page.getByText('Event Ended')).toBeHidden();
    await expect(page.getByText('This event is today')).toBeHidden();

    const google = page.getByRole('link', { name: /Google Calendar/ });
    const href = new URL((await google.getAttribute('href'))!);
    expect(href.hostname).toBe('calendar.google.com');
    expect(href.searchParams.get('dates')).toBe('20261212T200000Z/20261213T000000Z');
    expect(href.searchParams.get('text')).toBe('Winter Family Celebration');

    await expect(page.getByRole('link', { name: /Get directions/ })).toHaveAttribute('href', /google\.com\/maps\/dir/);
    await expect(page.getByRole('complementary', { name: 'Event details' }).getByRole('link', { name: 'info@sipa.example.org' })).toHaveAttribute('href', 'mailto:info@sipa.example.org');
    await expect(page.getByText('SIPA Community Engagement Team')).toBeVisible();

    await page.getByText('Share', { exact: true }).click();
    const shares = page.locator('.share-menu__list a');
    await expect(shares).toHaveCount(4);
    await expect(shares.nth(0)).toHaveAttribute('href', /facebook\.com/);
    await expect(shares.nth(1)).toHaveAttribute('href', /twitter\.com/);
    await expect(shares.nth(2)).toHaveAttribute('href', /linkedin\.com/);
    await expect(shares.nth(3)).toHaveAttribute('href', /^mailto:/);

    const similar = page.locator('.similar-card');
    await expect(similar).toHaveCount(3);
    await expect(similar.first()).toContainText('African Heritage Festival');
  });

  test('the .ics download is a valid iCalendar file', async ({ page, request }) => {
    await fixClock(page, '2026-11-21T12:00:00-06:00');
    await page.goto('/events/winter-family-celebration');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download \.ics/ }).click()]);
    expect(download.suggestedFilename()).toBe('winter-family-celebration.ics');

    const res = await request.get('/events/winter-family-celebration.ics');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/calendar');
    const body = await res.text();
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(body).toMatch(/\r\nVERSION:2\.0\r\n/);
    expect(body).toMatch(/\r\nBEGIN:VEVENT\r\n[\s\S]*\r\nEND:VEVENT\r\n/);
    expect(body).toContain('\r\nDTSTART:20261212T200000Z\r\n');
    expect(body).toContain('\r\nDTEND:20261213T000000Z\r\n');
    expect(body).toContain('\r\nSUMMARY:Winter Family Celebration\r\n');
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  test('a past event shows Event Ended, Event Completed and registration closed', async ({ page }) => {
    await fixClock(page, '2027-05-01T12:00:00-05:00');
    await page.goto('/events/spring-hope-gala');
    await expect(page.getByText('Event Ended')).toBeVisible();
    await expect(page.getByText('Event Completed')).toBeVisible();
    await expect(page.getByText('Registration closed').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register now' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Add to your calendar' })).toBeHidden();
  });

  test("an event on the visitor's day says 'This event is today'", async ({ page }) => {
    await fixClock(page, '2026-12-12T08:00:00-06:00');
    await page.goto('/events/winter-family-celebration');
    await expect(page.getByText('This event is today')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register now' })).toBeVisible();
    await expect(page.getByText('Event Ended')).toBeHidden();
  });

  test('an unknown event answers 404 with the not-found message and a way back', async ({ page }) => {
    const res = await page.goto('/events/nope');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Event Not Found - The event you're looking for doesn't exist or has been removed.",
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });
});
