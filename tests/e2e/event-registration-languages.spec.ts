import { expect, test } from '@playwright/test';

/**
 * "Register now" on a French or Swahili event opens the contact form in that language, its
 * subject filled in in that language (it opened the English form with an English subject).
 */
test.use({ timezoneId: 'America/Chicago' });
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-21T12:00:00-06:00'));
});

const CASES = [
  { path: '/fr/events/spring-hope-gala', register: 'S’inscrire maintenant', contact: '/fr/contact', label: 'Objet', subject: 'Inscription : Gala de l’espoir du printemps' },
  { path: '/sw/events/spring-hope-gala', register: 'Jiandikishe sasa', contact: '/sw/contact', label: 'Mada', subject: 'Usajili: Hafla ya Matumaini ya Majira ya Kuchipua' },
] as const;

for (const c of CASES) {
  test(`${c.path}: Register opens ${c.contact} with the subject in its language`, async ({ page }) => {
    await page.goto(c.path);
    await page.getByRole('link', { name: c.register }).click();
    await expect(page).toHaveURL((url) => url.pathname === c.contact && url.searchParams.get('subject') === c.subject && url.hash === '#contact-form');
    await expect(page.locator('form.contact-form').getByLabel(c.label, { exact: true })).toHaveValue(c.subject);
  });
}
