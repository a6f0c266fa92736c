import { expect, test } from '@playwright/test';
import { rows, unique } from './forms-support.ts';

/**
 * "Contact us to join" on a program is a request to join that program: the contact form opens in
 * the page's language with the program's name in the subject, and the inbox item carries it.
 */
test('English: the request to join reaches the inbox with the program in its subject', async ({ page }) => {
  await page.goto('/programs/early-learning');
  await page.getByRole('link', { name: 'Contact us to join' }).first().click();
  const form = page.locator('form.contact-form');
  await expect(form.getByLabel('Subject')).toHaveValue('Request to join: Early Learning & Parent Engagement');
  const email = `${unique('join')}@example.org`;
  await form.getByLabel('Name').fill('Grace Uwase');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('My daughter is four.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('main').getByRole('status')).toContainText('Thank you for your message!');
  expect(rows<{ subject: string }>('select subject from contact_messages where email = ?', email)).toEqual([{ subject: 'Request to join: Early Learning & Parent Engagement' }]);
});

for (const c of [
  { path: '/fr/programs/early-learning', link: 'Contactez-nous pour participer', label: 'Objet', subject: 'Demande de participation : Petite enfance et participation des parents' },
  { path: '/sw/programs/early-learning', link: 'Wasiliana nasi ili ujiunge', label: 'Mada', subject: 'Ombi la kujiunga: Elimu ya Awali na Ushiriki wa Wazazi' },
] as const) {
  test(`${c.path}: the request to join opens the form in the page's language`, async ({ page }) => {
    await page.goto(c.path);
    await page.getByRole('link', { name: c.link }).first().click();
    await expect(page.locator('form.contact-form').getByLabel(c.label, { exact: true })).toHaveValue(c.subject);
  });
}
