import { expect, test } from '@playwright/test';

/**
 * No dead end: the not-found page of each language keeps the spec's texts (the Error heading,
 * "Error message: Page not found: {path}", the Home link) and offers a search box and the main
 * sections and most visited pages, with and without JavaScript.
 */
const cases = [
  { path: '/no-such-page', heading: 'Error', message: 'Error message: Page not found: /no-such-page', home: ['Home', '/'], next: 'Where would you like to go?', search: 'Search the site', sections: 'Main sections', section: ['What We Do', '/programs'], popular: 'Pages families visit most', page: ['FAQ', '/faq'] },
  { path: '/fr/page-absente', heading: 'Erreur', message: 'Message d’erreur : Page introuvable : /fr/page-absente', home: ['Accueil', '/fr'], next: 'Où souhaitez-vous aller ?', search: 'Rechercher sur le site', sections: 'Rubriques principales', section: ['Nos actions', '/fr/programs'], popular: 'Les pages les plus consultées', page: ['Questions fréquentes', '/fr/faq'] },
  { path: '/sw/haipo', heading: 'Hitilafu', message: 'Ujumbe wa hitilafu: Ukurasa haupatikani: /sw/haipo', home: ['Nyumbani', '/sw'], next: 'Ungependa kwenda wapi?', search: 'Tafuta kwenye tovuti', sections: 'Sehemu kuu', section: ['Tunachofanya', '/sw/programs'], popular: 'Kurasa zinazotembelewa zaidi', page: ['Maswali ya mara kwa mara', '/sw/faq'] },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });
    for (const c of cases) {
      test(`${c.path}: the spec's texts, a search box and the ways on`, async ({ page }) => {
        const response = await page.goto(c.path);
        expect(response?.status()).toBe(404);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1, name: c.heading })).toBeVisible();
        // The page's script writes the path in (a compressed page is sent as built); without it the message ends at the prefix.
        await expect(main.getByText(javaScriptEnabled ? c.message : c.message.slice(0, c.message.lastIndexOf(' ')))).toBeVisible();
        // The spec's Home button, before the section list's own Home.
        await expect(main.getByRole('link', { name: c.home[0], exact: true }).first()).toHaveAttribute('href', c.home[1]!);
        await expect(main.getByRole('heading', { level: 2, name: c.next })).toBeVisible();
        await expect(main.getByRole('navigation', { name: c.sections }).getByRole('link', { name: c.section[0], exact: true })).toHaveAttribute('href', c.section[1]!);
        await expect(main.getByRole('navigation', { name: c.popular }).getByRole('link', { name: c.page[0], exact: true })).toHaveAttribute('href', c.page[1]!);
        const search = main.getByRole('search');
        await search.getByLabel(c.search).fill('school');
        await search.getByRole('button').click();
        await expect(page).toHaveURL(`${c.home[1] === '/' ? '' : c.home[1]}/search?q=school`);
      });
    }
  });
}
