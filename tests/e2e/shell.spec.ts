import { expect, test } from '@playwright/test';

test.describe('navigation on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the menu opens and closes behind its toggle', async ({ page }) => {
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'site-nav');
    await expect(nav.getByRole('link', { name: 'Events' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Home', 'Who We Are', 'What We Do', 'Events', 'Get Involved', 'Donate']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Events' })).toBeHidden();

    await toggle.click();
    await nav.getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('nothing is wider than the screen', async ({ page }) => {
    for (const path of ['/', '/about', '/error']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('the wide layout shows the whole navigation and marks the current section', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/programs/early-learning');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'What We Do' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate');
});

test('the breadcrumb follows the path and leaves the last crumb unlinked', async ({ page }) => {
  await page.goto('/programs/early-learning');
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('listitem')).toHaveText(['Home', 'Programs', 'Early Learning']);
  await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(trail.getByRole('link', { name: 'Programs' })).toHaveAttribute('href', '/programs');
  await expect(trail.getByRole('link', { name: 'Early Learning' })).toHaveCount(0);
  await expect(trail.getByText('Early Learning')).toHaveAttribute('aria-current', 'page');

  await page.goto('/get-involved');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText(['Home', 'Get Involved']);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
});

test('the breadcrumb is described as structured data', async ({ page }) => {
  await page.goto('/resources/credit-guide');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'BreadcrumbList');
  expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Resources', 'Building and Repairing Credit']);
});

test('back-to-top appears after 500 px of scrolling and returns to the top', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/about');
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toBeHidden();
  // Scroll to 400 px and wait until the page has handled that scroll (its handler runs on the
  // next animation frame; two frames later it has certainly run), not for a fixed time.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
        window.scrollTo({ top: 400, behavior: 'instant' });
      }),
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(400);
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test('images fade in once loaded and say when they are not available', async ({ page }) => {
  await page.route(/\.(svg|png|jpe?g|webp|avif)(\?.*)?$/, (route) =>
    new URL(route.request().url()).pathname.startsWith('/art/band') || route.request().url().includes('favicon')
      ? route.continue()
      : route.abort(),
  );
  await page.goto('/');
  const images = page.locator('img[data-fade]');
  expect(await images.count()).toBeGreaterThan(0);
  await expect(page.getByText('Image not available').first()).toBeVisible();
});

test('images that load are shown without the loading state', async ({ page }) => {
  await page.goto('/');
  const first = page.locator('img[data-fade]').first();
  await expect(first).toBeVisible();
  await expect(first).not.toHaveClass(/is-loading/);
  await expect(page.getByText('Image not available')).toHaveCount(0);
});

test('the favicon comes written into the page, as the logo the browser draws, with no request of its own', async ({ page }) => {
  await page.goto('/team');
  // One icon, and no manifest: either as a file would be a fetch of its own after the load event.
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  // Percent-encoded where a URL may not hold a character as it is (the Nu checker's rule), its
  // quotes single, which a URL may hold.
  expect(href).toMatch(/^data:image\/svg\+xml,%3Csvg%20xmlns='http:\/\/www\.w3\.org\/2000\/svg'/);
  expect(href).not.toMatch(/[<>"\s]/);
  // The same drawing as the header's logo: the dark disc and the rising sun.
  expect(decodeURIComponent(href!)).toContain("<circle cx='24' cy='24' r='23' fill='#1f3d33'></circle>");
  const size = await page.evaluate(async (src) => {
    const icon = new Image();
    icon.src = src;
    await icon.decode();
    return [icon.naturalWidth, icon.naturalHeight];
  }, href!);
  expect(size[0]).toBeGreaterThan(0);
  expect(size[0]).toBe(size[1]);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('the footer carries the organisation facts from site config', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '(817) 555-0100' })).toHaveAttribute('href', 'tel:+1-817-555-0100');
  await expect(footer.getByText('Tax ID (EIN): 00-0000000')).toBeVisible();
  await expect(footer.getByRole('link', { name: /Grapevine, TX 76051/ })).toHaveAttribute('href', /google\.com\/maps/);
  for (const heading of ['Get Involved', 'Our Programs', 'About Us', 'Resources']) {
    await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
  }
  for (const name of ['Privacy Policy', 'Terms of Use', 'Accessibility']) {
    await expect(footer.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /facebook\.com/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test('the phone menu is shown in full instead of behind a toggle that cannot work', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Get Involved' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Donate' })).toBeVisible();
  });
});
