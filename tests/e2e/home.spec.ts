import { expect, test, type Page } from '@playwright/test';
import { CAROUSEL_FADE_MS, CAROUSEL_INTERVAL_MS, NEWSLETTER_SECTION_FADE_IN_MS } from '../../src/lib/constants.ts';
import { openWithCarouselClock } from '../support/carousel.ts';

/** Loads the home page with a paused, controllable clock, so timers fire only when the test says; the carousel island awake. */
const openWithClock = (page: Page) => openWithCarouselClock(page);

const activeSlide = (page: Page) => page.locator('[data-carousel]').getAttribute('data-current');

/** Moves the pointer off the carousel and focus out of it, so it is not held still. */
async function leaveCarousel(page: Page) {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('[data-carousel]')).toHaveAttribute('data-held', 'false');
}
const dot = (page: Page, index: number) => page.locator(`[data-slide-dot="${index}"]`);

test.describe('home carousel', () => {
  test('shows four slides and advances every 6 s with a 500 ms fade', async ({ page }) => {
    await openWithClock(page);
    await expect(page.locator('[data-slide]')).toHaveCount(4);
    expect(await activeSlide(page)).toBe('0');
    await expect(page.locator('[data-slide="0"]')).not.toHaveAttribute('aria-hidden', 'true');
    await expect(page.locator('[data-slide="1"]')).toHaveAttribute('aria-hidden', 'true');

    const duration = await page.locator('[data-slide="1"]').evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(duration.split(',').map((value) => value.trim())).toContain(`${CAROUSEL_FADE_MS / 1000}s`);

    await page.clock.runFor(CAROUSEL_INTERVAL_MS - 1);
    expect(await activeSlide(page)).toBe('0');
    await page.clock.runFor(1);
    expect(await activeSlide(page)).toBe('1');
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await expect(dot(page, 0)).not.toHaveAttribute('aria-current', 'true');

    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    expect(await activeSlide(page)).toBe('3');
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    expect(await activeSlide(page)).toBe('0');
  });

  test('a dot click jumps to its slide and restarts the interval', async ({ page }) => {
    await openWithClock(page);
    await page.clock.runFor(4000);
    await dot(page, 2).click();
    expect(await activeSlide(page)).toBe('2');
    await expect(page.locator('[data-slide="2"]')).toHaveClass(/is-active/);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await leaveCarousel(page);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS - 1);
    expect(await activeSlide(page)).toBe('2');
    await page.clock.runFor(1);
    expect(await activeSlide(page)).toBe('3');
  });

  test('the pause control has one name that says what it will do, and stops and resumes the slideshow', async ({ page }) => {
    await openWithClock(page);
    const toggle = page.locator('[data-carousel-toggle]');
    // One signal only: the name changes; no pressed state that would contradict it.
    await expect(toggle).not.toHaveAttribute('aria-pressed');
    await expect(page.getByRole('button', { name: 'Pause slideshow', exact: true })).toBeVisible();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Play slideshow', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0);
    await leaveCarousel(page);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
    expect(await activeSlide(page)).toBe('0');
    await dot(page, 1).click();
    await leaveCarousel(page);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    expect(await activeSlide(page)).toBe('1');

    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Pause slideshow');
    await leaveCarousel(page);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    expect(await activeSlide(page)).toBe('2');
  });

  test('holds still while the pointer is over it, and goes on when it leaves', async ({ page }) => {
    await openWithClock(page);
    await page.locator('[data-slide="0"]').hover();
    await expect(page.locator('[data-carousel]')).toHaveAttribute('data-held', 'true');
    await page.clock.runFor(6000 * 3);
    expect(await activeSlide(page)).toBe('0');
    // The visitor did not press Pause: the control still offers to pause.
    await expect(page.locator('[data-carousel-toggle]')).toHaveAccessibleName('Pause slideshow');
    await page.mouse.move(1, 1);
    await expect(page.locator('[data-carousel]')).toHaveAttribute('data-held', 'false');
    await page.clock.runFor(6000);
    expect(await activeSlide(page)).toBe('1');
  });

  test('holds still while focus is inside it, and goes on when focus leaves', async ({ page }) => {
    await openWithClock(page);
    await page.mouse.move(1, 1);
    await dot(page, 0).focus();
    await expect(page.locator('[data-carousel]')).toHaveAttribute('data-held', 'true');
    await page.clock.runFor(6000 * 2);
    expect(await activeSlide(page)).toBe('0');
    await page.keyboard.press('Tab');
    await expect(dot(page, 1)).toBeFocused();
    await page.clock.runFor(6000);
    expect(await activeSlide(page)).toBe('0');
    await leaveCarousel(page);
    await page.clock.runFor(6000);
    expect(await activeSlide(page)).toBe('1');
  });

  test('does not advance on its own under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithClock(page);
    await expect(page.locator('[data-carousel-toggle]')).toHaveText('Play slideshow');
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
    expect(await activeSlide(page)).toBe('0');
    await dot(page, 3).click();
    expect(await activeSlide(page)).toBe('3');
  });
});

test.describe('home sections', () => {
  test('newsletter section fades in 300 ms after load', async ({ page }) => {
    await openWithClock(page);
    const section = page.locator('section.home-newsletter');
    await expect(section).toHaveClass(/is-fade-pending/);
    await expect(section).not.toHaveClass(/is-faded-in/);
    expect(await section.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe(`${NEWSLETTER_SECTION_FADE_IN_MS / 1000}s`);
    await page.clock.runFor(NEWSLETTER_SECTION_FADE_IN_MS);
    await expect(section).toHaveClass(/is-faded-in/);
    await expect(section.getByLabel('Email address')).toBeVisible();
  });

  test('shows mission, impact goals, three pillars, a testimonial and the volunteer call to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Building a home, together');
    await expect(page.locator('#mission')).toContainText('Our mission is to empower Sub-Saharan African immigrant and refugee families');
    await expect(page.locator('#mission')).toContainText('Our impact goals');
    await expect(page.locator('#mission')).toContainText('2,700');
    await expect(page.locator('#pillars li')).toHaveCount(3);
    await expect(page.locator('#community-voice figure')).toHaveCount(1);
    await expect(page.locator('#volunteer-cta a[href="/get-involved"]')).toBeVisible();
    await expect(page.locator('#newsletter form')).toBeVisible();
  });
});
