/**
 * Audience and time on a 375 px phone: French subscribers only, two minutes from now in the
 * organisation's time zone; the confirmation names French, the count and the time; the history
 * lists the campaign as Scheduled. Time is then moved on in the server's database (the scheduled
 * time set to a moment ago, as if two minutes had passed): the server's own runner starts it, the
 * French subscribers receive it through the SMTP peer and the English one does not.
 */
import { expect, type Page } from '@playwright/test';
import { isoToZonedTime, scheduledTime, scheduledTimeShort } from '../../src/lib/newsletter-schedule.ts';
import { wcagViolations } from '../support/axe.ts';
import { rows, unique } from './forms-support.ts';
import { addConfirmed, mailsOf, write } from './newsletter-support.ts';
import { E2E_ADMIN, test } from './staff-support.ts';

const port = Number(process.env.E2E_PORT ?? 4310);

const frenchCount = () => rows<{ n: number }>("select count(*) as n from subscribers where status = 'confirmed' and lang = 'fr'")[0]!.n;

async function signIn(page: Page) {
  const response = await page.request.post('/api/auth/sign-in/username', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: { origin: `http://127.0.0.1:${port}` },
  });
  expect(response.status()).toBe(200);
}

test.describe('staff newsletter on a 375 px phone: audience and time', () => {
  // The phone is set to another zone than the organisation's: what it shows and sends is still Central time.
  test.use({ viewport: { width: 375, height: 740 }, timezoneId: 'Europe/Paris' });

  test('French only, two minutes from now in Central Time: confirmed with French and the count, listed as Scheduled, then mailed to French subscribers only', async ({ page }) => {
    test.setTimeout(90_000);
    const french = addConfirmed(2, 'fr');
    const [english] = addConfirmed(1, 'en');
    await signIn(page);
    await page.goto('/admin');
    await expect(page.getByTestId('audience')).toContainText('confirmed subscribers');

    const subject = unique('Reunion des familles');
    await page.getByLabel('Subject Line').fill(subject);
    await page.getByLabel('HTML Content').fill('Chers amis,\n\nNotre atelier commence samedi.');
    await page.getByLabel('Plain Text Content').fill('Chers amis,\n\nNotre atelier commence samedi.');

    const audience = page.getByRole('group', { name: 'Audience' });
    await expect(audience.getByRole('radio', { name: /^All confirmed subscribers/ })).toBeChecked();
    await audience.getByRole('radio', { name: /^Français/ }).check();
    await expect(page.getByTestId('audience')).toContainText(/This newsletter will go to \d+ confirmed French-language subscribers\./);

    const when = page.getByRole('group', { name: 'When' });
    await expect(when.getByRole('radio', { name: 'Now' })).toBeChecked();
    await when.getByRole('radio', { name: 'At a chosen date and time' }).check();
    // The zone is named on screen, whatever zone the phone is set to.
    const field = page.getByLabel('Date and time (Central Time)');
    await expect(field).toHaveAccessibleDescription("In Central Time (America/Chicago), the organisation's time zone.");
    // A time already passed is caught before anything is asked, on the field, in the API's words.
    await field.fill(isoToZonedTime(Date.now() - 10 * 60_000));
    await page.getByRole('button', { name: 'Send Newsletter' }).click();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription("In Central Time (America/Chicago), the organisation's time zone. The time to send has passed: choose a later time, or send now");
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await wcagViolations(page), `audience and time ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 375, height: 740 });
    const at = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000).toISOString();
    await field.fill(isoToZonedTime(at));
    // Everything fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Send Newsletter' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeFocused();
    const question = (await confirm.locator('#nl-confirm-question').textContent())!;
    const count = Number(/^Send to (\d+) French-language subscribers on /.exec(question)?.[1]);
    expect(count).toBeGreaterThanOrEqual(french.length);
    expect(count).toBeLessThanOrEqual(frenchCount());
    expect(question).toBe(`Send to ${count} French-language subscribers on ${scheduledTime(at)}?`);
    await expect(confirm).toContainText(`“${subject}” goes out at that time, to every confirmed subscriber who signed up in French then. Until it starts, Cancel in the history below stops it.`);
    await confirm.getByRole('button', { name: 'Yes, send it' }).click();

    const result = page.getByRole('status').filter({ hasText: 'Scheduled:' });
    await expect(result).toBeFocused();
    const stored = () => rows<{ total: number; status: string; audience_lang: string; scheduled_at: string }>('select total, status, audience_lang, scheduled_at from newsletter_campaigns where subject = ?', subject);
    const total = stored()[0]!.total;
    await expect(result).toHaveText(`Scheduled: “${subject}” goes to ${total} French-language subscribers on ${scheduledTime(at)}. Cancel it in the history until then.`);
    expect(stored()).toEqual([{ total, status: 'scheduled', audience_lang: 'fr', scheduled_at: at }]);

    const row = page.locator('.nl-history tr', { hasText: subject });
    await expect(row.locator('td[data-label="Status"]')).toHaveText(`Scheduled for ${scheduledTimeShort(at)}`);
    await expect(row.locator('td[data-label="To"]')).toHaveText('French');
    await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Pause' })).toHaveCount(0);

    // Two minutes pass: the server's runner starts it by itself and mails the French subscribers only.
    write('update newsletter_campaigns set scheduled_at = ? where subject = ?', new Date(Date.now() - 1000).toISOString(), subject);
    // (The other specs' campaigns to everyone may reach these addresses too: only this subject counts.)
    for (const email of french) await expect.poll(() => mailsOf(email, subject).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => stored()[0]!.status, { timeout: 15_000 }).toBe('finished');
    expect(mailsOf(english!, subject)).toEqual([]);
    await page.reload();
    await expect(page.locator('.nl-history tr', { hasText: subject }).locator('td[data-label="Status"]')).toHaveText('Finished');
  });
});
