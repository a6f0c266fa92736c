/**
 * Keyboard focus across the staff area: after each action, focus is on its result (the new
 * view's heading, the message that says what happened, or the control that stays), never left on
 * <body> where a keyboard or screen reader user would have to start the page again. Sixteen
 * actions, from the keyboard where a person would use it, each followed by a check of
 * document.activeElement.
 */
import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page } from '@playwright/test';
import { latestMailTo, uniqueName, test } from './staff-support.ts';

const SLOW = { timeout: 20_000 };
const PASSWORD = 'Lenga#Macho2026';
const e2eDataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${Number(process.env.E2E_PORT ?? 4310)}`;

/** What has focus, for the failure message: never <body>, and the element the test expects. */
async function expectFocusOn(page: Page, action: string, target: Locator) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none'), { message: `${action}: focus left on the page` }).not.toBe('BODY');
  await expect(target, action).toBeFocused();
}

async function paypalNotifies(page: Page, fields: Record<string, string>) {
  const body = new URLSearchParams({ charset: 'UTF-8', receiver_email: 'donations@sipa.example.org', mc_currency: 'USD', ...fields }).toString();
  expect((await page.request.post('/api/paypal/ipn', { data: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status()).toBe(200);
}

test('focus moves to the result of each of 16 staff actions, never to the page itself', async ({ page }) => {
  test.setTimeout(120_000);
  const word = uniqueName('focus');
  const username = uniqueName('focused');
  const email = `${username}@example.org`;
  // An administrator of this test's own: turning on email codes must not change the shared one.
  execFileSync(process.execPath, ['tests/support/staff-account.ts', username, email, PASSWORD, '--admin'], { env: { ...process.env, DATA_DIR: e2eDataDir } });
  expect((await page.request.post('/api/contact', { data: { name: `Nia ${word}`, email: `nia.${word}@example.org`, subject: `Homework ${word}`, message: 'When does the club meet?' } })).status()).toBe(201);
  const started = Date.now();
  await paypalNotifies(page, { txn_type: 'web_accept', txn_id: word.toUpperCase().slice(0, 17), payment_status: 'Completed', mc_gross: '35.00', payment_date: paypalTime(), payer_email: `${word}@example.org`, first_name: 'Tumaini', last_name: word, custom: 'lang=en' });
  await latestMailTo(`${word}@example.org`, started, 'receipt');
  expect((await page.request.post('/api/auth/sign-in/username', { data: { username, password: PASSWORD } })).status()).toBe(200);

  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Staff area' });
  await expect(nav).toBeVisible(SLOW);

  // 1. A section link, from the keyboard.
  await nav.getByRole('link', { name: /^Inbox/ }).focus();
  await page.keyboard.press('Enter');
  const inbox = page.locator('#inbox');
  await expectFocusOn(page, 'section link Inbox', inbox.getByRole('heading', { name: 'Inbox', level: 2 }));

  // 2. Search the inbox: focus stays on Search.
  if ((page.viewportSize()?.width ?? 1280) < 768) await inbox.getByRole('button', { name: 'Filter' }).click();
  await inbox.getByLabel('Search', { exact: true }).fill(word);
  const inboxSearch = inbox.getByRole('button', { name: 'Search', exact: true });
  await inboxSearch.focus();
  await page.keyboard.press('Enter');
  const list = inbox.getByRole('list', { name: 'Contact messages' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectFocusOn(page, 'inbox Search', inboxSearch);

  // 3. Open the message: its heading.
  const row = list.getByRole('button', { name: new RegExp(`Nia ${word}`) });
  await row.focus();
  await page.keyboard.press('Enter');
  await expectFocusOn(page, 'open an inbox item', inbox.getByRole('heading', { name: `Homework ${word}` }));

  // 4. Mark handled: the button becomes the status and is disabled; focus goes to the message saying so.
  await inbox.getByRole('button', { name: 'Mark handled' }).click();
  await expectFocusOn(page, 'Mark handled', inbox.getByRole('status').filter({ hasText: 'Marked handled.' }));

  // 5. Save a note: focus stays on its button.
  await inbox.getByLabel('Staff note').fill('Sent the schedule.');
  await inbox.getByRole('button', { name: 'Save note' }).click();
  await expect(inbox.getByText('Note saved.')).toBeVisible();
  await expectFocusOn(page, 'Save note', inbox.getByRole('button', { name: 'Save note' }));

  // 6. Back to the list: the row of the message left.
  await inbox.getByRole('button', { name: /Back to the list/ }).click();
  await expectFocusOn(page, 'Back to the list', list.getByRole('button', { name: new RegExp(`Nia ${word}`) }));

  // 7. Another section link: Donations.
  await nav.getByRole('link', { name: 'Donations' }).click();
  const donations = page.locator('#donations');
  await expectFocusOn(page, 'section link Donations', donations.getByRole('heading', { name: 'Donations', level: 2 }));

  // 8. Search the gifts: focus stays on Search.
  await expect(donations.locator('section[data-hydrated="true"]')).toBeVisible(SLOW);
  await donations.getByLabel('Search donors and receipts').fill(word);
  const giftSearch = donations.getByRole('button', { name: 'Search', exact: true });
  await giftSearch.click();
  const gifts = donations.getByRole('table', { name: 'Gifts, newest first' });
  await expect(gifts.getByRole('row')).toHaveCount(2);
  await expectFocusOn(page, 'gift Search', giftSearch);

  // 9. Open a donor's history: their name, the new view's heading.
  await gifts.getByRole('button', { name: `Tumaini ${word}` }).click();
  await expectFocusOn(page, "open a donor's history", donations.getByRole('heading', { name: `Tumaini ${word}` }));

  // 10. Resend a receipt: the message that says so.
  await donations.getByRole('button', { name: /^Resend receipt / }).click();
  await expectFocusOn(page, 'Resend receipt', donations.getByRole('button', { name: /^Resend receipt / }));
  await expect(donations.getByRole('status').filter({ hasText: /^Receipt \S+ sent again to / })).toBeVisible();

  // 11. Send this donor's statement of the year so far: the message that says so.
  const own = donations.getByRole('group', { name: 'Yearly statement' });
  await own.getByRole('button', { name: /^Send the \d{4} statement so far to this donor$/ }).click();
  await expectFocusOn(page, "one donor's statement", own.getByRole('status').filter({ hasText: /statement of .* is on its way\.$/ }));

  // 12. Back to donations: the screen's heading.
  await donations.getByRole('button', { name: 'Back to donations' }).click();
  await expectFocusOn(page, 'Back to donations', donations.getByRole('heading', { name: 'Donations', level: 2 }));

  // 13. Ask to send the year's statements: the question's "Yes"; 14. Cancel: the button that asked.
  const statements = donations.getByRole('group', { name: 'Yearly statements' });
  const ask = statements.getByRole('button', { name: /^Send (updated )?\d{4} statements/ });
  await ask.click();
  await expectFocusOn(page, 'ask to send the statements', statements.getByRole('button', { name: /^Yes, send/ }));
  await statements.getByRole('button', { name: 'Cancel' }).click();
  await expectFocusOn(page, 'Cancel the statements', ask);

  // 15. Account, and two-factor by email: "Verify" lands on the message that email codes are on.
  await nav.getByRole('link', { name: 'Account' }).click();
  await expectFocusOn(page, 'section link Account', page.getByRole('heading', { name: 'Account', level: 2 }));
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await card.getByRole('button', { name: 'Set up email codes' }).click();
  const sentAfter = Date.now() - 1000;
  await card.getByRole('button', { name: 'Send code' }).click();
  const code = /Your code: (\d{6})/.exec(await latestMailTo(email, sentAfter))?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await card.getByPlaceholder('Enter your code').fill(code!);
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByRole('status')).toHaveText('Email codes are on. Sign-in can send a code to your email.', SLOW);
  await expectFocusOn(page, 'two-factor Verify', card.locator('.two-factor-notice'));

  // 16. Tasks: add one from the keyboard; focus is back in the field for the next.
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expectFocusOn(page, 'section link Tasks', page.getByRole('heading', { name: 'Tasks', level: 2 }));
  await page.getByLabel('New task').fill(`Call ${word}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Added “Call ${word}”.`)).toBeAttached();
  await expectFocusOn(page, 'add a task', page.getByLabel('New task'));
});

/** Now, as PayPal writes it in a notification (California time). */
function paypalTime(): string {
  const now = new Date();
  const part = (options: Intl.DateTimeFormatOptions) => now.toLocaleString('en-US', { ...options, timeZone: 'America/Los_Angeles' });
  return `${part({ hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })} ${part({ month: 'short' })} ${part({ day: '2-digit' })}, ${part({ year: 'numeric' })} PST`;
}
