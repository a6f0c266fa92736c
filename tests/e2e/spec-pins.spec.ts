/**
 * The spec's texts, constants and security headers, written here as literals. Every other test
 * may import the app's message and constant modules; this file must not rely on them for its
 * expected values, so a changed 'Thank You!', contact success text or carousel interval fails
 * here. (The modules are imported only to compare them with these literals.)
 */
import { expect, test } from '@playwright/test';
import * as constants from '../../src/lib/constants.ts';
import { MESSAGES, noProgramsMatching, newsletterSent, pageNotFound } from '../../src/lib/messages.ts';
import { openWithCarouselClock } from '../support/carousel.ts';

test.describe('the spec, word for word, in the shared modules', () => {
  test('messages (spec section 8)', () => {
    expect(MESSAGES).toMatchObject({
      newsletterFailure: 'Oops! Something went wrong. Please try again later.',
      programsLoadFailure: "We're having trouble loading our programs. Please try again later.",
      donationNoAmount: 'Please select a donation amount',
      imageUnavailable: 'Image not available',
      contactSuccess: 'Thank you for your message! We will get back to you soon.',
      contactFailure: 'Failed to submit form',
      contactNetwork: 'Something went wrong. Please try again later.',
      volunteerFailure: 'Failed to submit application',
      partnershipFailure: 'Failed to submit partnership inquiry',
      unexpected: 'An unexpected error occurred. Please try again later.',
      eventNotFound: "Event Not Found - The event you're looking for doesn't exist or has been removed.",
      noEvents: 'No events found',
      postNotFound: 'Post Not Found',
      postNotFoundDetail: "The blog post you're looking for doesn't exist or has been removed.",
      noArticles: 'No articles found',
      noArticlesHint: 'Try adjusting your search or filter criteria',
      noFaqs: 'No FAQs match your search. Please try different keywords or select a different category.',
      adminLoginFailure: 'Invalid username or password',
      noPrograms: 'No programs to display.',
      errorDefault: 'An unexpected error occurred. Please try again later.',
      newsletterThankYou: 'Thank You!',
    });
    expect(pageNotFound('/x')).toBe('Page not found: /x');
    expect(noProgramsMatching('tax')).toBe('No programs found matching "tax"');
    expect(newsletterSent(12)).toBe('Success! Newsletter sent to 12 subscribers');
    expect(newsletterSent(undefined)).toBe('Success! Newsletter sent to 0 subscribers');
  });

  test('constants (spec section 9)', () => {
    expect(constants).toMatchObject({
      DONATION_PRESETS: [25, 50, 100, 250],
      DONATION_IMPACT: {
        25: 'educational materials for one child',
        50: 'housing assistance for a family',
        100: 'community integration programs',
        250: 'job training for new arrivals',
      },
      DONATION_CUSTOM_MIN: 1,
      DONATION_CUSTOM_STEP: 0.01,
      DONATION_CURRENCY: 'USD',
      MONTHLY_GIVING_CIRCLE_MIN: 25,
      CAROUSEL_INTERVAL_MS: 6000,
      CAROUSEL_FADE_MS: 500,
      CAROUSEL_IMAGE_COUNT: 4,
      NEWSLETTER_SECTION_FADE_IN_MS: 300,
      NEWSLETTER_SUCCESS_RESET_MS: 5000,
      FEATURED_PROGRAM_COUNT: 3,
      HOME_BLOG_PREVIEW_COUNT: 3,
      BACK_TO_TOP_THRESHOLD_PX: 500,
      BLOG_PAGE_SIZE: 4,
      BLOG_RECENT_POSTS: 3,
      BLOG_RELATED_ARTICLES: 2,
      SIMILAR_EVENTS_MAX: 3,
      EVENT_CARD_DESCRIPTION_LENGTH: 120,
      EVENT_CATEGORIES: ['cultural', 'workshop', 'youth', 'health', 'fundraiser'],
      VOLUNTEER_INTERESTS: ['languagePartner', 'eventVolunteer', 'mentor', 'skillsBased', 'administrative', 'fundraising'],
      AVAILABILITY_SLOTS: ['weekdayMornings', 'weekdayAfternoons', 'weekdayEvenings', 'weekendMornings', 'weekendAfternoons', 'weekendEvenings'],
      PARTNERSHIP_INTERESTS: ['Financial Sponsorship', 'Employee Volunteering', 'Matching Gift Program', 'In-Kind Donations', 'Event Sponsorship', 'Other'],
      VOLUNTEER_RESPONSE_PROMISE: 'Our volunteer coordinator will contact you within 5 business days.',
      PARTNERSHIP_RESPONSE_PROMISE: 'Our corporate development team will contact you within 2 business days.',
      OFFICE_HOURS: 'Monday-Friday 9:00 AM-5:00 PM',
      CHILDREN_PRIVACY_AGE: 13,
      ADMIN_SESSION_FLAG: 'isAdminAuthenticated',
      NEWSLETTER_HTML_ROWS: 15,
      NEWSLETTER_TEXT_ROWS: 10,
    });
  });
});

test.describe('the spec, on the built site', () => {
  test('security headers on every kind of answer', async ({ request }) => {
    for (const path of ['/', '/about', '/no-such-page', '/api/health', '/robots.txt']) {
      const headers = (await request.get(path)).headers();
      const isPage = !path.startsWith('/api/') && !path.endsWith('.txt');
      if (isPage) {
        // Pages carry their own <meta> policy; the header adds what a meta policy cannot.
        expect(headers['content-security-policy'], path).toBe("frame-ancestors 'none'; base-uri 'self'; object-src 'none'");
      } else {
        // Everything that is not a page may load nothing and be framed by nobody.
        expect(headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      }
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['permissions-policy'], path).toContain('geolocation=()');
    }
  });

  test('the carousel: 4 images, every 6 s, with a 500 ms fade', async ({ page }) => {
    await openWithCarouselClock(page);
    const carousel = page.locator('[data-carousel]');
    await expect(carousel.locator('[data-slide]')).toHaveCount(4);
    expect(await carousel.locator('[data-slide="1"]').evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.5s');
    await page.clock.runFor(5999);
    await expect(carousel).toHaveAttribute('data-current', '0');
    await page.clock.runFor(1);
    await expect(carousel).toHaveAttribute('data-current', '1');
  });

  test("newsletter: 'Thank You!' on success, reset after 5 s", async ({ page }) => {
    // Records the delay of every timer the page sets, to see the 5 s reset being scheduled.
    await page.addInitScript(() => {
      const original = window.setTimeout;
      const delays: unknown[] = [];
      Object.assign(window, { timerDelays: delays });
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
        delays.push(delay);
        return original(handler, delay, ...args);
      }) as typeof window.setTimeout;
    });
    await page.goto('/newsletter');
    const form = page.locator('form.newsletter-form').first();
    await expect(form).toHaveAttribute('novalidate', '');
    await form.getByLabel('Email address').fill(`pins-${Date.now()}@example.org`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('button')).toHaveText('Thank You!');
    // The reset is scheduled by an effect, which React runs after the frame that shows 'Thank You!'.
    await expect.poll(() => page.evaluate(() => (window as unknown as { timerDelays: unknown[] }).timerDelays)).toContain(5000);
    await expect(form.getByRole('button')).toHaveText('Subscribe', { timeout: 15_000 });
  });

  test('contact: the success sentence and the office hours', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.locator('main').getByText('Monday-Friday 9:00 AM-5:00 PM, closed weekends').first()).toBeVisible();
    const form = page.locator('form.contact-form');
    await expect(form).toHaveAttribute('novalidate', '');
    await form.getByLabel('Name').fill('Pins');
    await form.getByLabel('Email').fill('pins@example.org');
    await form.getByLabel('Subject').fill('Pinned text');
    await form.getByLabel('Message').fill('Checking the success text.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('main').getByRole('status')).toContainText('Thank you for your message! We will get back to you soon.');
  });

  test('error page, not-found pages and empty searches', async ({ page }) => {
    await page.goto('/error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error');
    await expect(page.getByText('An unexpected error occurred. Please try again later.')).toBeVisible();
    await page.goto('/nothing-here');
    await expect(page.getByText('Error message: Page not found: /nothing-here')).toBeVisible();
    await page.goto('/blog/no-such-post');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found');
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.goto('/events/no-such-event');
    await expect(page.getByText('Event Not Found').first()).toBeVisible();
    await expect(page.getByText("The event you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.goto('/faq');
    const search = page.getByPlaceholder('Search questions...');
    await expect(search).toBeVisible();
    await search.fill('zzzz no such question');
    await expect(page.getByText('No FAQs match your search. Please try different keywords or select a different category.')).toBeVisible();
  });

  test('careers and breadcrumb labels', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByText('We currently do not have any open positions').first()).toBeVisible();
    await page.goto('/programs/early-learning');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText(['Home', 'Programs', 'Early Learning']);
    await page.goto('/privacy');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText(['Home', 'Privacy Policy']);
  });
});
