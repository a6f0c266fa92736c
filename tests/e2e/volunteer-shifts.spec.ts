import { expect, test } from '@playwright/test';
import { rows, unique } from './forms-support.ts';
import { write } from './newsletter-support.ts';
import { fixClock } from '../support/server-clock.ts';

/**
 * Volunteer shifts: /get-involved leads to /get-involved/shifts, which lists each opportunity's
 * shifts with a sign-up link, and the
 * shift's page signs a group up with the events' form, its places left from the API.
 */
// The date decides which shifts are open, on the page and in the API: fix both clocks and the time zone.
test.use({ timezoneId: 'America/Chicago' });

test('in French, a volunteer signs up two people for a shift found from /get-involved', async ({ page }) => {
  write("delete from event_registrations where event_id = 'shift-tax-workshop-helpers'");
  await fixClock(page, '2026-11-21T12:00:00-06:00');
  await page.goto('/fr/get-involved');
  await page.getByRole('link', { name: 'Voir les créneaux et s’inscrire' }).click();
  await expect(page).toHaveURL(/\/fr\/get-involved\/shifts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créneaux bénévoles');
  const shifts = page.getByRole('list', { name: 'Créneaux' });
  await expect(shifts.getByText('Aide à l’atelier et garde d’enfants')).toBeVisible();
  await shifts.getByRole('link', { name: 'S’inscrire : Aide à l’atelier et garde d’enfants' }).click();
  await expect(page).toHaveURL(/\/fr\/get-involved\/shifts\/tax-workshop-helpers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aide à l’atelier et garde d’enfants');
  await expect(page.locator('.event-places')).toHaveText('Il reste 4 places');
  const form = page.getByRole('form', { name: 'Inscription à l’événement' });
  const email = `${unique('benevole')}@example.org`;
  await form.getByLabel('Nom', { exact: true }).fill('Claire Kabila');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Combien de personnes viennent ?').selectOption('2');
  await form.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(page.locator('.form-alert')).toContainText('Vous êtes inscrit !');
  expect(rows<{ party: number; event_id: string }>('select party, event_id from event_registrations where email = ?', email)).toEqual([{ party: 2, event_id: 'shift-tax-workshop-helpers' }]);
});
