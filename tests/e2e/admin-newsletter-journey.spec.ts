/**
 * One campaign's whole journey, as a staff volunteer does it on a 375 px phone: written as plain
 * paragraphs; the session ends while writing and the password is asked in place; preview; a test
 * to self; French subscribers only, two minutes from now; the confirmation with its count; then,
 * when its time comes (moved on in the server's database), the server's own runner mails it
 * through the real SMTP peer in the template, paragraphs intact in both parts, to the French
 * subscribers only, with the French footer.
 */
import { expect, type Page } from '@playwright/test';
import { isoToZonedTime, scheduledTime } from '../../src/lib/newsletter-schedule.ts';
import { rows, unique } from './forms-support.ts';
import { addConfirmed, mailsOf, quotedPrintable, write } from './newsletter-support.ts';
import { E2E_ADMIN, latestMailTo, test } from './staff-support.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const ADMIN_EMAIL = 'e2e.admin@example.org';
/** A password check (scrypt) or a save on a loaded machine can take longer than the default 5 s. */
const SLOW = { timeout: 20_000 };

const PARAGRAPHS = 'Dear friends,\n\nOur spring workshops open on Saturday.\n\nDetails: https://sipa.example.org/events';

/** One MIME part of a received mail, decoded: the text from its Content-Type to the next boundary. */
function part(mail: string, type: 'text/plain' | 'text/html'): string {
  const start = mail.indexOf(`Content-Type: ${type}`);
  expect(start, type).toBeGreaterThan(-1);
  const boundary = /boundary="([^"]+)"/.exec(mail)![1]!;
  const body = mail.slice(mail.indexOf('\r\n\r\n', start) + 4);
  return quotedPrintable(body.slice(0, body.indexOf(`\r\n--${boundary}`)));
}

/** Ends this browser's session on the server, as the 30-minute idle limit does. */
async function endSession(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('session_token'));
  const token = decodeURIComponent(cookie!.value).split('.')[0]!;
  expect(write('delete from staff_session where token = ?', token)).toBe(1);
}

test.use({ viewport: { width: 375, height: 740 } });

test('a campaign from paragraphs to French inboxes: session lost and regained in place, preview, test to self, scheduled, confirmed, received in the template', async ({ page }) => {
  test.setTimeout(180_000);
  const french = addConfirmed(2, 'fr', 'journey-fr');
  const [english] = addConfirmed(1, 'en', 'journey-en');
  const [swahili] = addConfirmed(1, 'sw', 'journey-sw');
  const response = await page.request.post('/api/auth/sign-in/username', { data: E2E_ADMIN, headers: { origin: `http://127.0.0.1:${port}` } });
  expect(response.status()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByTestId('audience')).toContainText('confirmed subscribers');

  // 1. Written as plain paragraphs, saved as a draft as it is typed.
  const subject = unique('Spring workshops journey');
  await page.getByLabel('Subject Line').fill(subject);
  await page.getByLabel('HTML Content').fill(PARAGRAPHS);
  await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved \d\d:\d\d$/, SLOW);

  // 2. The session ends; Preview asks for the password in place, and the preview follows.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await endSession(page);
  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible(SLOW);
  await dialog.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(page.getByRole('figure', { name: 'Newsletter preview' })).toBeFocused(SLOW);
  const preview = page.frameLocator('iframe[title="Newsletter preview"]');
  await expect(preview.locator('p').first()).toHaveText('Dear friends,');
  await expect(preview.locator('p').nth(1)).toHaveText('Our spring workshops open on Saturday.');
  await expect(page.getByLabel('HTML Content')).toHaveValue(PARAGRAPHS);

  // 3. Plain text filled from the HTML, keeping the paragraphs; a test to the signed-in address only.
  await page.getByRole('button', { name: 'Fill plain text from HTML' }).click();
  await expect(page.getByLabel('Plain Text Content')).toHaveValue(PARAGRAPHS);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test sent' })).toHaveText(`Test sent to ${ADMIN_EMAIL}`, SLOW);
  expect(await latestMailTo(ADMIN_EMAIL, since, `Subject: [Test] ${subject}`)).toContain(`Subject: [Test] ${subject}`);

  // 4. French subscribers only, two minutes from now in the organisation's time zone.
  await page.getByRole('group', { name: 'Audience' }).getByRole('radio', { name: /^Français/ }).check();
  await page.getByRole('group', { name: 'When' }).getByRole('radio', { name: 'At a chosen date and time' }).check();
  const at = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000).toISOString();
  await page.getByLabel('Date and time (Central Time)').fill(isoToZonedTime(at));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // 5. The confirmation names the audience, its size and the time; nothing goes out before "Yes".
  await page.getByRole('button', { name: 'Send Newsletter' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeFocused(SLOW);
  const frenchNow = rows<{ n: number }>("select count(*) as n from subscribers where status = 'confirmed' and lang = 'fr'")[0]!.n;
  const question = (await confirm.locator('#nl-confirm-question').textContent())!;
  const count = Number(/^Send to (\d+) French-language subscribers on /.exec(question)?.[1]);
  expect(count).toBeGreaterThanOrEqual(french.length);
  expect(count).toBeLessThanOrEqual(frenchNow);
  expect(question).toBe(`Send to ${count} French-language subscribers on ${scheduledTime(at)}?`);
  await confirm.getByRole('button', { name: 'Yes, send it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled:' })).toBeFocused(SLOW);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // 6. Its time comes: the server's runner mails the French subscribers only, in the template.
  expect(write('update newsletter_campaigns set scheduled_at = ? where subject = ?', new Date(Date.now() - 1000).toISOString(), subject)).toBe(1);
  for (const email of french) await expect.poll(() => mailsOf(email, subject).length, { timeout: 30_000 }).toBe(1);
  expect(mailsOf(english!, subject)).toEqual([]);
  expect(mailsOf(swahili!, subject)).toEqual([]);

  const mail = mailsOf(french[0]!, subject)[0]!;
  const html = part(mail, 'text/html');
  expect(html).toContain('<p>Dear friends,</p>\r\n<p>Our spring workshops open on Saturday.</p>\r\n<p>Details: <a href="https://sipa.example.org/events" rel="noopener">https://sipa.example.org/events</a></p>');
  // The template: the organisation's name and logo at the head, the French footer with its unsubscribe link.
  expect(html).toMatch(/<img src="[^"]*\/apple-touch-icon\.png" width="48" height="48"[^>]*>SIPA<\/a>/);
  expect(html).toContain('Vous recevez cette lettre d’information parce que vous vous êtes abonné');
  expect(html).toMatch(/<a href="[^"]*\/api\/newsletter\/unsubscribe\?token=[^"&]+&amp;lang=fr"[^>]*>Se désabonner<\/a>/);
  const text = part(mail, 'text/plain');
  expect(text).toContain('Dear friends,\r\n\r\nOur spring workshops open on Saturday.\r\n\r\nDetails: https://sipa.example.org/events');
  expect(text).toMatch(/Se désabonner : \S*\/api\/newsletter\/unsubscribe\?token=\S+&lang=fr/);
});
