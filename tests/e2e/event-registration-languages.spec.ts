import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { rows, unique } from './forms-support.ts';
import { quotedPrintable, write } from './newsletter-support.ts';
import { latestMailTo } from './staff-support.ts';
import { fixClock, runServerTimer } from '../support/server-clock.ts';

/**
 * A family registers in Swahili on a phone: the places left come from the API, the confirmation
 * arrives through the SMTP peer with its .ics, a second family is put on the waiting list, the
 * first cancels from the mail and the second is moved in and told; the day before, the server's
 * reminder timer (run with its clock moved there) reminds them and they confirm. And "Register
 * now" on a French page leads to the French form.
 */
test.use({ timezoneId: 'America/Chicago', viewport: { width: 375, height: 740 } });

/** Saturday 6 February 2027 at 10:00 CT, 12 places. */
const EVENT = 'tax-season-prep-workshop';
/** The day the families register, on the browser's clock and the server's. */
const TODAY = '2026-11-21T12:00:00-06:00';
/** The morning before the workshop, in the organisation's time zone. */
const DAY_BEFORE = '2027-02-05T08:00:00-06:00';

/** Seven of the workshop's 12 places already taken, so 5 are left. */
function sevenTaken() {
  write('delete from event_registrations where event_id = ?', EVENT);
  const now = new Date(TODAY).toISOString();
  write(
    "insert into event_registrations (id, event_id, email, name, phone, party, needs, notes, mail_lang, status, queued_at, reminded_at, attending_confirmed_at, checked_in, created_at, updated_at) values (?, ?, ?, 'Earlier Family', null, 7, '[]', null, 'en', 'confirmed', ?, null, null, 0, ?, ?)",
    randomUUID(),
    EVENT,
    `${unique('earlier')}@example.org`,
    now,
    now,
    now,
  );
}

async function registerFamily(page: import('@playwright/test').Page, email: string) {
  await fixClock(page, TODAY);
  await page.goto(`/sw/events/${EVENT}`);
  await page.getByRole('link', { name: 'Jiandikishe sasa' }).click();
  const form = page.getByRole('form', { name: 'Usajili wa tukio' });
  await form.getByLabel('Jina', { exact: true }).fill('Amani Mwangi');
  await form.getByLabel('Barua pepe', { exact: true }).fill(email);
  await form.getByLabel('Watu wangapi watakuja?').selectOption('4');
  await form.getByRole('checkbox', { name: 'Mkalimani' }).check();
  return form;
}

const cancelLink = (mail: string) => /(\/sw\/events\/cancel\?token=[^#\s]+)#ready/.exec(quotedPrintable(mail))?.[1];
const attendLink = (mail: string) => /(\/sw\/events\/attend\?token=[^#\s]+)#ready/.exec(quotedPrintable(mail))?.[1];

test('in Swahili at 375 px: registered with the .ics by mail, the next family waits, a cancel from the mail moves them in and tells them, and the day before they are reminded and confirm', async ({ page, browser }) => {
  test.setTimeout(60_000);
  sevenTaken();
  const after = Date.now();
  const first = `${unique('familia-a')}@example.org`;
  const form = await registerFamily(page, first);
  await expect(page.locator('.event-places')).toHaveText('Nafasi 5 zimebaki');
  await expect(form.getByLabel('Lugha ya barua pepe zetu')).toHaveValue('sw');
  await form.getByRole('button', { name: 'Jiandikishe' }).click();
  await expect(page.locator('.form-alert')).toContainText('Umesajiliwa! Tumekutumia uthibitisho kwa barua pepe');

  const confirmation = await latestMailTo(first, after, 'text/calendar');
  expect(confirmation).toContain('filename=tax-season-prep-workshop.ics');
  expect(quotedPrintable(confirmation)).toContain('Watu: 4');
  const cancel = cancelLink(confirmation);
  expect(cancel).toBeTruthy();

  const second = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const secondPage = await second.newPage();
  const other = `${unique('familia-b')}@example.org`;
  const secondForm = await registerFamily(secondPage, other);
  await expect(secondPage.locator('.event-places')).toHaveText('Nafasi 1 imebaki');
  await secondForm.getByRole('button', { name: 'Jiandikishe' }).click();
  await expect(secondPage.locator('.form-alert')).toContainText('uko kwenye orodha ya kusubiri: nambari 1.');
  await second.close();

  await page.goto(`${cancel}#ready`);
  await page.getByRole('button', { name: 'Ghairi usajili wangu' }).click();
  await expect(page.getByText('Usajili wako umeghairiwa. Asante kwa kutujulisha')).toBeVisible();
  expect(rows<{ email: string; status: string }>('select email, status from event_registrations where email in (?, ?) order by email', first, other)).toEqual([
    { email: first, status: 'cancelled' },
    { email: other, status: 'confirmed' },
  ]);
  const promoted = await latestMailTo(other, after, 'text/calendar');
  expect(quotedPrintable(promoted)).toContain('Habari njema: nafasi zimepatikana, na sasa umesajiliwa.');

  // The link worked once.
  await page.goto(`${cancel}#ready`);
  await page.getByRole('button', { name: 'Ghairi usajili wangu' }).click();
  await expect(page.getByText('Kiungo hiki cha kughairi si halali au kimeshatumika.')).toBeVisible();

  // The day before: the server's own reminder timer, its clock moved to that morning, reminds
  // the family moved in (in Swahili, with Confirm and Cancel) and not the one who cancelled.
  const reminded = () => rows<{ email: string; day: string | null }>("select email, substr(reminded_at, 1, 10) as day from event_registrations where email in (?, ?) order by email", first, other);
  expect(reminded()).toEqual([{ email: first, day: null }, { email: other, day: null }]);
  await runServerTimer('sendDueReminders', DAY_BEFORE);
  const reminder = await latestMailTo(other, after, 'Subject: Kesho: Warsha ya Kujiandaa kwa Msimu wa Kodi');
  expect(quotedPrintable(reminder)).toContain('Kumbusho kwamba umesajiliwa kwa kesho:');
  expect(quotedPrintable(reminder)).toContain('Watu: 4');
  expect(quotedPrintable(reminder)).toContain('Bado unakuja? Thibitisha hapa:');
  expect(reminded()).toEqual([{ email: first, day: null }, { email: other, day: '2027-02-05' }]);

  // That evening the family confirms from the mail.
  const attend = attendLink(reminder);
  expect(attend).toBeTruthy();
  await fixClock(page, '2027-02-05T19:00:00-06:00');
  await page.goto(`${attend}#ready`);
  await page.getByRole('button', { name: 'Ndiyo, tunakuja' }).click();
  await expect(page.getByText('Asante! Tunatarajia kukuona.')).toBeVisible();
  expect(rows<{ at: string }>('select attending_confirmed_at as at from event_registrations where email = ?', other)).toEqual([{ at: expect.stringMatching(/^2027-02-06T01:/) }]);
});

test('/fr/events/spring-hope-gala: Register leads to the French form on the page', async ({ page }) => {
  await page.goto('/fr/events/spring-hope-gala');
  await page.getByRole('link', { name: 'S’inscrire maintenant' }).click();
  await expect(page).toHaveURL(/#register$/);
  const form = page.getByRole('form', { name: 'Inscription à l’événement' });
  await expect(form.getByLabel('Combien de personnes viennent ?')).toBeVisible();
  await expect(form.getByRole('button', { name: 'S’inscrire' })).toBeVisible();
});
