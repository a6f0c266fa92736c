import { expect, test } from '@playwright/test';

/**
 * The site in English, French and Swahili: the header's language switcher keeps the visitor on
 * the same page, every page says its language, and the home page offers the browser's language
 * once without redirecting.
 */
const SITE = 'https://sipa.example.org';

test.describe('the language switcher', () => {
  const pages = ['/', '/about', '/programs/early-learning', '/events/spring-hope-gala', '/blog/volunteer-spotlight', '/privacy', '/blog/tag/youth'];
  for (const path of pages) {
    test(`keeps ${path} in each language`, async ({ page }) => {
      await page.goto(path);
      const switcher = page.getByRole('navigation', { name: 'Language' });
      await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');

      await switcher.getByRole('link', { name: 'Français' }).click();
      await expect(page).toHaveURL(path === '/' ? '/fr' : `/fr${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      const french = page.getByRole('navigation', { name: 'Langue' });
      await expect(french.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');

      await french.getByRole('link', { name: 'Kiswahili' }).click();
      await expect(page).toHaveURL(path === '/' ? '/sw' : `/sw${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

      await page.getByRole('navigation', { name: 'Lugha' }).getByRole('link', { name: 'English' }).click();
      await expect(page).toHaveURL(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    });
  }

  test('names each language in itself, in that language', async ({ page }) => {
    await page.goto('/sw/events');
    const links = page.getByRole('navigation', { name: 'Lugha' }).getByRole('link');
    await expect(links).toHaveText(['English', 'Français', 'Kiswahili']);
    await expect(links.nth(0)).toHaveAttribute('lang', 'en-US');
    await expect(links.nth(1)).toHaveAttribute('lang', 'fr');
    await expect(links.nth(2)).toHaveAttribute('lang', 'sw');
  });

  test('shows all three languages on screen at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/fr/programs');
    for (const name of ['English', 'Français', 'Kiswahili']) {
      await expect(page.getByRole('link', { name, exact: true }).first()).toBeInViewport({ ratio: 1 });
    }
  });

  test('on a page that exists only in English, leads to each language’s home page', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect(switcher.getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/fr');
    await expect(switcher.getByRole('link', { name: 'Kiswahili' })).toHaveAttribute('href', '/sw');
  });

  test('is not on the staff pages, which stay English', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('navigation', { name: 'Language' })).toHaveCount(0);
  });
});

test.describe('the shell in the page’s language', () => {
  test('French: header, breadcrumb, footer and skip link', async ({ page }) => {
    await page.goto('/fr/events');
    await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toBeAttached();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Faire un don', exact: true })).toHaveAttribute('href', '/fr/donate');
    const breadcrumb = page.getByRole('navigation', { name: 'Vous êtes ici' });
    await expect(breadcrumb.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/fr');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/fr/privacy');
    await expect(footer.getByText('Tous droits réservés.')).toBeVisible();
  });

  test('Swahili: the main navigation and its links stay in Swahili', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/sw');
    const nav = page.getByRole('navigation', { name: 'Menyu kuu' });
    await expect(nav.getByRole('link', { name: 'Matukio' })).toHaveAttribute('href', '/sw/events');
    await expect(nav.getByRole('link', { name: 'Mwanzo' })).toHaveAttribute('aria-current', 'page');
  });

  test('the "We speak your language" line is the same list on home, programs and contact', async ({ page }) => {
    for (const path of ['/', '/programs', '/contact']) {
      await page.goto(path);
      await expect(page.getByText('Our team speaks English, French, Swahili, Amharic, and Lingala.')).toBeVisible();
    }
    for (const path of ['/fr', '/fr/programs', '/fr/contact']) {
      await page.goto(path);
      await expect(page.getByText('Notre équipe parle anglais, français, swahili, amharique et lingala.')).toBeVisible();
    }
    await page.goto('/sw/contact');
    await expect(page.getByText('Timu yetu inazungumza Kiingereza, Kifaransa, Kiswahili, Kiamhari na Kilingala.')).toBeVisible();
  });
});

test.describe('search engines see each language', () => {
  for (const [path, lang, ogLocale] of [
    ['/about', 'en-US', 'en_US'],
    ['/fr/about', 'fr', 'fr_FR'],
    ['/sw/about', 'sw', 'sw_KE'],
  ] as const) {
    test(`${path}: lang, hreflang alternates with x-default, og:locale`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      const alternates = page.locator('head link[rel="alternate"][hreflang]');
      await expect(alternates).toHaveCount(4);
      expect(await alternates.evaluateAll((links) => links.map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`))).toEqual([
        `en ${SITE}/about`,
        `fr ${SITE}/fr/about`,
        `sw ${SITE}/sw/about`,
        `x-default ${SITE}/about`,
      ]);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', ogLocale);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}${path}`);
    });
  }

  test('the home pages point at each other', async ({ page }) => {
    await page.goto('/sw');
    expect(await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      `${SITE}/`,
      `${SITE}/fr`,
      `${SITE}/sw`,
      `${SITE}/`,
    ]);
  });

  test('each language has its own feed with its own <language>', async ({ request }) => {
    for (const [path, language, link] of [
      ['/rss.xml', 'en-US', `${SITE}/blog/`],
      ['/fr/rss.xml', 'fr', `${SITE}/fr/blog/`],
      ['/sw/rss.xml', 'sw', `${SITE}/sw/blog/`],
    ] as const) {
      const feed = await (await request.get(path)).text();
      expect(feed).toContain(`<language>${language}</language>`);
      expect(feed).toContain(`<link>${link}`);
    }
  });

  for (const path of ['/fr', '/fr/programs', '/fr/events', '/fr/blog', '/fr/contact', '/fr/donate', '/sw', '/sw/about', '/sw/get-involved', '/sw/faq', '/sw/resources', '/sw/privacy']) {
    test(`${path} has its language on <html>`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', path.slice(1, 3));
    });
  }
});

test.describe('the home page offers the browser’s language once', () => {
  test.describe('to a French-speaking browser', () => {
    test.use({ locale: 'fr-FR' });

    test('on the English home page, in French, until the visitor says no', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL('/');
      const offer = page.getByRole('region', { name: 'Français' });
      await expect(offer).toBeVisible();
      await expect(offer).toContainText('Cette page existe aussi en français.');
      await expect(page.getByRole('region', { name: 'Kiswahili' })).toBeHidden();
      await offer.getByRole('button', { name: 'Non, merci' }).click();
      await expect(offer).toBeHidden();
      await page.reload();
      await page.waitForLoadState('load');
      await expect(page.locator('[data-lang-suggest]:not([hidden])')).toHaveCount(0);
    });

    test('a choice made with the switcher ends the offers', async ({ page }) => {
      await page.goto('/about');
      await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'English' }).click();
      await page.goto('/');
      await page.waitForLoadState('load');
      await expect(page.locator('[data-lang-suggest]:not([hidden])')).toHaveCount(0);
    });

    test('following the offer leads to the French home page', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('region', { name: 'Français' }).getByRole('link', { name: 'Lire en français' }).click();
      await expect(page).toHaveURL('/fr');
      await page.waitForLoadState('load');
      await expect(page.locator('[data-lang-suggest]:not([hidden])')).toHaveCount(0);
    });

    test('is not made on other pages', async ({ page }) => {
      await page.goto('/about');
      await expect(page.locator('[data-lang-suggest]')).toHaveCount(0);
    });
  });

  test.describe('to a Swahili-speaking browser', () => {
    test.use({ locale: 'sw-KE' });
    test('on the French home page, in Swahili', async ({ page }) => {
      await page.goto('/fr');
      const offer = page.getByRole('region', { name: 'Kiswahili' });
      await expect(offer).toContainText('Ukurasa huu upo pia kwa Kiswahili.');
      await expect(offer.getByRole('link', { name: 'Soma kwa Kiswahili' })).toHaveAttribute('href', '/sw');
    });
  });

  test.describe('to an English-speaking browser', () => {
    test.use({ locale: 'en-US' });
    test('nothing on the English home page', async ({ page }) => {
      await page.goto('/');
      await page.waitForLoadState('load');
      await expect(page.locator('[data-lang-suggest]:not([hidden])')).toHaveCount(0);
    });
  });
});
