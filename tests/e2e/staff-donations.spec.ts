/**
 * The Donations screen in the browser: gifts PayPal notified (verified through the stand-in,
 * tests/support/paypal-peer.ts) listed newest first, found by search, the totals, a donor's
 * history, a receipt resent through the SMTP peer, the CSV export with formula escaping; and
 * the screen refused to a member who is not an administrator (no navigation entry, 403).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { readMail } from '../../api/test/mail-reader.ts';
import { wcagViolations } from '../support/axe.ts';
import { holdRequests } from './forms-support.ts';
import { E2E_ADMIN, MEMBER_SECTIONS, invite, latestMailTo, uniqueName, test } from './staff-support.ts';

const HYDRATION = { timeout: 20_000 };
/** The Donations screen once drawn: its totals in, so nothing above the search form moves any more (see DonationsPanel). */
const HYDRATED = 'section[data-hydrated="true"]';

/** A notification as PayPal posts one to the checkout's notify_url. */
async function paypalNotifies(page: Page, fields: Record<string, string>) {
  const body = new URLSearchParams({ charset: 'UTF-8', receiver_email: 'donations@sipa.example.org', mc_currency: 'USD', ...fields }).toString();
  const answer = await page.request.post('/api/paypal/ipn', { data: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toBe('');
}

const paypalNow = () => {
  const now = new Date();
  const part = (options: Intl.DateTimeFormatOptions) => now.toLocaleString('en-US', { ...options, timeZone: 'America/Los_Angeles' });
  return `${part({ hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })} ${part({ month: 'short' })} ${part({ day: '2-digit' })}, ${part({ year: 'numeric' })} PST`;
};

test('an administrator finds a gift, opens the donor, resends the receipt and exports the CSV', async ({ page }) => {
  const word = uniqueName('kilimanjaro');
  const email = `${word}@example.org`;
  const started = Date.now();
  await paypalNotifies(page, { txn_type: 'web_accept', txn_id: word.toUpperCase().slice(0, 17), payment_status: 'Completed', mc_gross: '50.00', payment_date: paypalNow(), payer_email: email, first_name: '=SUM(A1)', last_name: word, custom: 'lang=fr' });
  const subscr = `I-${word}`.slice(0, 20);
  await paypalNotifies(page, { txn_type: 'subscr_signup', subscr_id: subscr, mc_amount3: '25.00', period3: '1 M', payer_email: email, first_name: '=SUM(A1)', last_name: word, custom: 'lang=fr' });
  await paypalNotifies(page, { txn_type: 'subscr_payment', subscr_id: subscr, txn_id: `M${word}`.toUpperCase().slice(0, 17), payment_status: 'Completed', mc_gross: '25.00', payment_date: paypalNow(), payer_email: email, first_name: '=SUM(A1)', last_name: word, custom: 'lang=fr' });
  // The receipts arrive once the server has verified the notifications.
  await latestMailTo(email, started);
  // $10 of the $50 refunded in PayPal's screens: the gift counts $40.
  await paypalNotifies(page, { payment_status: 'Refunded', reason_code: 'refund', txn_id: `R${word}`.toUpperCase().slice(0, 17), parent_txn_id: word.toUpperCase().slice(0, 17), mc_gross: '-10.00', payment_date: paypalNow(), payer_email: email });

  expect((await page.request.post('/api/auth/sign-in/username', { data: E2E_ADMIN })).status()).toBe(200);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/donations/gifts?q=${word}&kind=one-time`)).json()) as { items: { refundedCents: number }[] }).items[0]?.refundedCents, { timeout: 20_000 })
    .toBe(1000);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Donations' }).click();
  await expect(page).toHaveURL(/\/admin#donations$/);
  const panel = page.locator('#donations');
  await expect(panel.getByRole('heading', { name: 'Donations' })).toBeVisible(HYDRATION);
  await expect(panel.getByRole('group', { name: 'Totals' })).toContainText('This month');
  await expect(panel.getByRole('group', { name: 'Totals' })).toContainText('This year');
  await expect(panel.locator(HYDRATED)).toBeVisible(HYDRATION);

  await panel.getByLabel('Search donors and receipts').fill(word);
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  const gifts = panel.getByRole('table', { name: 'Gifts, newest first' });
  await expect(gifts.getByRole('row')).toHaveCount(3);
  await expect(gifts.getByRole('row').nth(1)).toContainText('$25.00');
  await expect(gifts.getByRole('row').nth(1)).toContainText('Monthly');
  await expect(gifts.getByRole('row').nth(2)).toContainText('$50.00');
  await expect(gifts.getByRole('row').nth(2)).toContainText('$10.00 refunded, $40.00 counted');
  await expect(gifts.getByRole('row').nth(2)).toContainText('One-time');
  await panel.getByLabel('Kind').selectOption('one-time');
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(gifts.getByRole('row')).toHaveCount(2);

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sipa-donations-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('Date (Central Time),Receipt number,PayPal transaction,Name,Email,Amount (USD),Refunded (USD),Counted (USD),Kind,Status,Refunded on,Language,Monthly subscription');
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
  expect(lines[1]).toContain(`,'=SUM(A1) ${word},${email},50.00,10.00,40.00,one-time,completed,`);
  expect(lines.slice(2)).toEqual(['']);

  // The monthly donor is listed as active; the donor's history shows both gifts.
  await expect(panel.getByRole('heading', { name: /^Active \(\d+\)$/ })).toBeVisible();
  await gifts.getByRole('button', { name: `=SUM(A1) ${word}` }).click();
  await expect(panel.getByRole('heading', { name: `=SUM(A1) ${word}` })).toBeVisible();
  await expect(panel).toContainText('Given in all: $65.00 (2 gifts)');
  await expect(panel.getByRole('list', { name: 'Monthly giving' })).toContainText('Monthly $25.00: Active');
  const resendAt = Date.now();
  await panel.getByRole('button', { name: /^Resend receipt \d{4}-/ }).first().click();
  await expect(panel.getByRole('status').filter({ hasText: /^Receipt \d{4}-\S+ sent again to / })).toContainText(email);
  const receipt = await latestMailTo(email, resendAt);
  expect(receipt).toContain('Subject: =?UTF-8?');
  await panel.getByRole('button', { name: 'Back to donations' }).click();
  await expect(gifts).toBeVisible();

  // "Delete this person's data" from the donor's history: their gifts are gone from the list.
  await gifts.getByRole('button', { name: `=SUM(A1) ${word}` }).click();
  await panel.getByRole('button', { name: "Delete this person's data…" }).click();
  await expect(panel.getByRole('alertdialog')).toContainText(`Delete everything from ${email}?`);
  await panel.getByRole('button', { name: 'Delete for good' }).click();
  await expect(panel.getByRole('status').filter({ hasText: `Everything stored about ${email} was deleted.` })).toBeVisible();
  await expect(panel.getByText('No gifts match the search and filters.')).toBeVisible();
  const history = await page.request.get(`/api/donations/donor?email=${encodeURIComponent(email)}`);
  expect(await history.json()).toMatchObject({ gifts: [], monthly: [], totalCents: 0 });
});

test('a member who is not an administrator has no Donations entry and the API refuses them', async ({ page }) => {
  const username = uniqueName('member');
  const temporary = invite(username, `${username}@example.org`, false);
  expect((await page.request.post('/api/auth/sign-in/username', { data: { username, password: temporary } })).status()).toBe(200);
  // With the Origin a browser sends with every POST (the server refuses a cookie-bearing POST without one).
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 4310}`;
  expect((await page.request.post('/api/auth/change-password', { data: { currentPassword: temporary, newPassword: 'Kazi#Safi2026' }, headers: { origin } })).status()).toBe(200);
  await page.goto('/admin#donations');
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible(HYDRATION);
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link')).toHaveText(MEMBER_SECTIONS);
  await expect(page.getByRole('heading', { name: 'Donations' })).toHaveCount(0);
  for (const path of ['/api/donations/summary', '/api/donations/gifts', '/api/donations/gifts/export.csv']) {
    expect((await page.request.get(path)).status()).toBe(403);
  }
});

/** The panel's buttons, links and fields that reach past either edge of the window (none should). */
const outsideTheScreen = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#donations button, #donations a, #donations select, #donations input')]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < 0 || box.right > document.documentElement.clientWidth + 0.5;
      })
      .map((element) => element.textContent?.trim() || element.getAttribute('aria-label') || element.id),
  );

/**
 * A one-time gift made now by `<word>@example.org` (its receipt mailed, so it is recorded), then
 * an administrator signs in on `page`.
 */
async function giftTodayThenSignIn(page: Page, word: string, gross: string, firstName: string, lang: string) {
  const started = Date.now();
  await paypalNotifies(page, { txn_type: 'web_accept', txn_id: word.toUpperCase().slice(0, 17), payment_status: 'Completed', mc_gross: gross, payment_date: paypalNow(), payer_email: `${word}@example.org`, first_name: firstName, last_name: word, custom: `lang=${lang}` });
  await latestMailTo(`${word}@example.org`, started);
  expect((await page.request.post('/api/auth/sign-in/username', { data: E2E_ADMIN })).status()).toBe(200);
}

test('the Donations screen and a donor history have no WCAG A/AA violations and every action within the screen at 320, 375 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  const word = uniqueName('serengeti');
  await giftTodayThenSignIn(page, word, '100.00', 'Neema', 'sw');
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    await page.goto('/admin#donations');
    const panel = page.locator('#donations');
    await expect(panel.locator(HYDRATED)).toBeVisible(HYDRATION);
    await panel.getByLabel('Search donors and receipts').fill(word);
    await panel.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(panel.getByRole('table', { name: 'Gifts, newest first' }).getByRole('row')).toHaveCount(2, HYDRATION);
    await expect(panel.getByRole('group', { name: 'For the treasurer' }).getByRole('listitem').first().or(panel.getByText('Nobody: every donor on this list has given this year.'))).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `width ${width}`).toBeLessThanOrEqual(width);
    // Every action of the screen inside the screen: no table wider than a phone hides "Resend receipt".
    await expect(panel.getByRole('button', { name: /^Resend receipt / })).toBeVisible();
    expect(await outsideTheScreen(page), `controls cut off at ${width}`).toEqual([]);
    expect(await wcagViolations(page), `donations ${width}`).toEqual([]);
    await panel.getByRole('button', { name: `Neema ${word}` }).click();
    await expect(panel).toContainText('Given in all: $100.00 (1 gift)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `history width ${width}`).toBeLessThanOrEqual(width);
    await expect(panel.getByRole('button', { name: /^Resend receipt / })).toBeVisible();
    expect(await outsideTheScreen(page), `history controls cut off at ${width}`).toEqual([]);
    expect(await wcagViolations(page), `donor ${width}`).toEqual([]);
  }
});

test('a gift made at 7:30 PM in Texas on 31 December counts in that year: its receipt, the donor’s history and the statement sent to them alone', async ({ page }) => {
  const word = uniqueName('kalahari');
  const email = `${word}@example.org`;
  const lastYear = Number(new Date().toLocaleString('en-US', { year: 'numeric', timeZone: 'America/Chicago' })) - 1;
  const started = Date.now();
  // 7:30 PM in Texas is 5:30 PM in California, as PayPal writes it; already 1 January in UTC.
  await paypalNotifies(page, { txn_type: 'web_accept', txn_id: word.toUpperCase().slice(0, 17), payment_status: 'Completed', mc_gross: '40.50', payment_date: `17:30:00 Dec 31, ${lastYear} PST`, payer_email: email, first_name: 'Zawadi', last_name: word, custom: 'lang=en' });
  const receipt = await latestMailTo(email, started, 'receipt');
  expect(receipt).toContain(`Subject: Your receipt ${lastYear}-`);
  expect(receipt).toContain(`Date: December 31, ${lastYear}`);
  expect(receipt).toContain('Amount: $40.50');

  expect((await page.request.post('/api/auth/sign-in/username', { data: E2E_ADMIN })).status()).toBe(200);
  await page.goto('/admin#donations');
  const panel = page.locator('#donations');
  await expect(panel.locator(HYDRATED)).toBeVisible(HYDRATION);
  await panel.getByLabel('Search donors and receipts').fill(word);
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  const gifts = panel.getByRole('table', { name: 'Gifts, newest first' });
  await expect(gifts.getByRole('row').nth(1)).toContainText(`Dec 31, ${lastYear}`, HYDRATION);
  await gifts.getByRole('button', { name: `Zawadi ${word}` }).click();
  await expect(panel).toContainText('Given in all: $40.50 (1 gift)');
  const statement = panel.getByRole('group', { name: 'Yearly statement' });
  await expect(statement.getByLabel('Year')).toHaveValue(String(lastYear));
  const sentAt = Date.now();
  await statement.getByRole('button', { name: `Send the ${lastYear} statement to this donor` }).click();
  await expect(statement.getByRole('status')).toHaveText(`The ${lastYear} statement of ${email} is on its way.`);
  const mail = await latestMailTo(email, sentAt, 'giving statement');
  expect(mail).toContain(`Subject: Your ${lastYear} giving statement from SIPA`);
  expect(mail).toContain(`Total for ${lastYear}: $40.50`);
});

/** The year in Texas now. */
const texasYear = () => Number(new Date().toLocaleString('en-US', { year: 'numeric', timeZone: 'America/Chicago' }));

test('at 375 px, statements of this year so far: the years with gifts, the counts before sending to all, one donor’s alone; the LYBUNT list and the monthly summary CSV', async ({ page }) => {
  test.setTimeout(90_000);
  const year = texasYear();
  const word = uniqueName('ruwenzori');
  const lapsed = `${word}.lapsed@example.org`;
  const current = `${word}.now@example.org`;
  // Six years back, at 11:59 PM Central on 31 December (9:59 PM in California) and 12:01 AM on 1 January after it.
  const old = year - 6;
  const started = Date.now();
  const gifts = [
    { txn: `L${word}`, email: lapsed, first: 'Imani', gross: '120.00', date: `10:00:00 Mar 02, ${year - 1} PST` },
    { txn: `O${word}`, email: lapsed, first: 'Imani', gross: '23.45', date: `21:59:00 Dec 31, ${old} PST` },
    { txn: `P${word}`, email: lapsed, first: 'Imani', gross: '11.11', date: `22:01:00 Dec 31, ${old} PST` },
    { txn: `N${word}`, email: current, first: 'Jabari', gross: '30.00', date: paypalNow() },
  ];
  expect((await page.request.post('/api/auth/sign-in/username', { data: E2E_ADMIN })).status()).toBe(200);
  // The e2e database outlives a run: December of that year is what it was plus this test's gift.
  const summaryBefore = await (await page.request.get(`/api/donations/monthly/export.csv?year=${old}`)).text();
  const decemberBefore = summaryBefore.split('\r\n').find((line) => line.startsWith(`${old}-12 December,`)) ?? `${old}-12 December,0.00,0.00,0.00,0.00`;
  for (const gift of gifts) {
    await paypalNotifies(page, { txn_type: 'web_accept', txn_id: gift.txn.toUpperCase().slice(0, 17), payment_status: 'Completed', mc_gross: gift.gross, payment_date: gift.date, payer_email: gift.email, first_name: gift.first, last_name: word, custom: 'lang=en' });
  }
  await latestMailTo(current, started, 'receipt');
  await expect.poll(async () => ((await (await page.request.get(`/api/donations/gifts?q=${word}`)).json()) as { items: unknown[] }).items.length, { timeout: 20_000 }).toBe(4);

  // On a phone, as a treasurer answering a donor in December would be.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin#donations');
  const panel = page.locator('#donations');
  await expect(panel.locator(HYDRATED)).toBeVisible(HYDRATION);
  const statements = panel.getByRole('group', { name: 'Yearly statements' });
  const yearField = statements.getByLabel('Year');
  // Newest first, this year "so far", and only years with gifts (six years back is there, seven is not).
  await expect(yearField.locator('option').first()).toHaveText(`${year} so far`);
  await expect(yearField.locator('option', { hasText: String(old) })).toHaveCount(1);
  const preview = (await (await page.request.get(`/api/donations/statements/preview?year=${year}`)).json()) as { sentBefore: boolean; send: { donors: number; gifts: number; cents: number } };
  const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
  const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
  const covered = `${plural(preview.send.donors, 'donor')} (${plural(preview.send.gifts, 'gift')}, ${money(preview.send.cents)})`;
  await statements.getByRole('button', { name: preview.sentBefore ? new RegExp(`^Send updated ${year} statements`) : `Send ${year} statements` }).click();
  const confirm = statements.getByRole('group', { name: 'Confirm the statements' });
  await expect(confirm).toContainText(preview.sentBefore ? `Send a new ${year} statement to ${covered} who gave since` : `Send ${year} statements to ${covered}?`);
  await expect(confirm.getByRole('button', { name: /^Yes, send/ })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  // One donor's statement of this year so far, from their history.
  await panel.getByLabel('Search donors and receipts').fill(current);
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await panel.getByRole('table', { name: 'Gifts, newest first' }).getByRole('button', { name: `Jabari ${word}` }).click();
  await expect(panel.getByRole('heading', { name: `Jabari ${word}` })).toBeFocused();
  const own = panel.getByRole('group', { name: 'Yearly statement' });
  await expect(own.getByLabel('Year')).toHaveValue(String(year));
  const sentAt = Date.now();
  await own.getByRole('button', { name: `Send the ${year} statement so far to this donor` }).click();
  await expect(own.getByRole('status')).toHaveText(`The ${year} statement of ${current} is on its way.`);
  await expect(own.getByRole('status')).toBeFocused();
  // The text part as the donor reads it (the raw mail wraps long lines, quoted-printable).
  const mail = readMail((await latestMailTo(current, sentAt, 'giving statement')).replace(/^X-Envelope-To: .*\r\n/, '')).text;
  expect(mail).toContain(`Total for ${year} so far: $30`);
  expect(mail).toContain(`Receipt number: ${year}-${`N${word}`.toUpperCase().slice(0, 17)}`);
  await panel.getByRole('button', { name: 'Back to donations' }).click();
  await expect(panel.getByRole('heading', { name: 'Donations', level: 2 })).toBeFocused();

  // The LYBUNT list: gave last year, nothing this year, with both totals and the last gift.
  const treasurer = panel.getByRole('group', { name: 'For the treasurer' });
  const lybunt = treasurer.getByRole('list', { name: `LYBUNT: gave in ${year - 1}, not in ${year}` });
  const card = lybunt.getByRole('listitem').filter({ hasText: lapsed });
  await expect(card).toContainText(`Imani ${word}`);
  await expect(card).toContainText(`In ${year - 1}$120.00`);
  await expect(card).toContainText('In all$154.56');
  await expect(card).toContainText(`Last giftMar 2, ${year - 1}`);
  await expect(lybunt.getByRole('listitem').filter({ hasText: current })).toHaveCount(0);
  await treasurer.getByLabel('List').selectOption('sybunt');
  await expect(treasurer.getByRole('list', { name: `SYBUNT: gave in some year, not in ${year}` }).getByRole('listitem').filter({ hasText: lapsed })).toContainText('In all$154.56');

  // The monthly summary of six years back: 11:59 PM on 31 December is December, 12:01 AM the next January.
  await treasurer.getByLabel('Year of the summary').selectOption(String(old));
  const [download] = await Promise.all([page.waitForEvent('download'), treasurer.getByRole('link', { name: `Download the ${old} summary (CSV)` }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^sipa-monthly-summary-${old}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = readFileSync(await download.path(), 'utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('Month,One-time (USD),Monthly (USD),Refunds and reversals (USD),Net (USD)');
  expect(lines.slice(1, 13).map((line) => line.split(',')[0])).toEqual(['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map((name, i) => `${old}-${String(i + 1).padStart(2, '0')} ${name}`));
  const [, oneTime, monthly, refunds, net] = decemberBefore.split(',').map((cell, i) => (i ? Math.round(Number(cell) * 100) : 0));
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  expect(lines[12]).toBe(`${old}-12 December,${dollars(oneTime! + 2345)},${dollars(monthly!)},${dollars(refunds!)},${dollars(net! + 2345)}`);
  expect(lines[13]).toMatch(new RegExp(`^${old} total,`));
  expect(lines.slice(14)).toEqual(['']);
});

test('a search sent before the panel’s script ran is not lost: the form’s native GET reloads /admin with it, and the panel starts from it', async ({ page }) => {
  const word = uniqueName('ngorongoro');
  await giftTodayThenSignIn(page, word, '15.00', 'Pendo', 'en');
  await page.goto('/admin#donations');
  const panel = page.locator('#donations');
  await expect(panel.locator(HYDRATED)).toBeVisible(HYDRATION);
  const form = panel.getByRole('search', { name: 'Search gifts' });
  await expect(form).toHaveAttribute('method', 'get');
  await expect(form).toHaveAttribute('action', '/admin#donations');
  await expect(form.getByLabel('Search donors and receipts')).toHaveAttribute('name', 'q');
  // Where the browser lands after a native submit of the typed word and the kind.
  await page.goto(`/admin?q=${word}&kind=one-time#donations`);
  await expect(panel.getByLabel('Search donors and receipts')).toHaveValue(word, HYDRATION);
  await expect(panel.getByLabel('Kind')).toHaveValue('one-time');
  await expect(panel.getByRole('table', { name: 'Gifts, newest first' }).getByRole('row')).toHaveCount(2);
  await expect(panel.getByRole('table', { name: 'Gifts, newest first' })).toContainText(`Pendo ${word}`);
});

test('a press on Search is not lost to the screen moving: the search form is drawn with the totals above it and stays put while the rest arrives', async ({ page }) => {
  const word = uniqueName('ruaha');
  await giftTodayThenSignIn(page, word, '20.00', 'Baraka', 'sw');
  await page.setViewportSize({ width: 375, height: 900 });
  // Every answer the screen draws is held: the totals, then the rest.
  const releaseTotals = await holdRequests(page, '/api/donations/summary');
  const rest = ['/api/donations/gifts', '/api/donations/statements', '/api/donations/lapsed', '/api/inbox/counts'];
  const releases = await Promise.all(rest.map((path) => holdRequests(page, `${path}*`)));
  await page.goto('/admin#donations');
  const panel = page.locator('#donations');
  // While the totals are asked for the screen says so, with no search form to press yet.
  await expect(panel.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible(HYDRATION);
  await expect(panel.getByRole('search', { name: 'Search gifts' })).toHaveCount(0);
  releaseTotals();
  await expect(panel.locator(HYDRATED)).toBeVisible(HYDRATION);
  await expect(panel.getByRole('group', { name: 'Totals' })).toContainText('This month');

  await panel.getByLabel('Search donors and receipts').fill(word);
  const search = panel.getByRole('button', { name: 'Search', exact: true });
  await search.scrollIntoViewIfNeeded();
  const box = (await search.boundingBox())!;
  // A finger down on Search while the list, the statements and the inbox count arrive, lifted after.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const arrived = Promise.all(rest.map((path) => page.waitForResponse((answer) => new URL(answer.url()).pathname === path)));
  for (const release of releases) release();
  await arrived;
  expect(await search.boundingBox()).toEqual(box);
  await page.mouse.up();
  const gifts = panel.getByRole('table', { name: 'Gifts, newest first' });
  await expect(gifts.getByRole('row')).toHaveCount(2);
  await expect(gifts).toContainText(`Baraka ${word}`);
});
