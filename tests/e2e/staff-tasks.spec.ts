/**
 * The Tasks panel in the browser, as a staff member who is not an administrator: the staff area
 * shows them Tasks and Account only; add, edit in place, mark done, delete and undo, each kept by
 * the server (a reload shows it); the same by keyboard alone with visible focus; a phone's width
 * without sideways scrolling; no WCAG A/AA violations.
 */
import { wcagViolations } from '../support/axe.ts';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN, MEMBER_SECTIONS, STAFF_SECTIONS, invite, signInThroughForm, uniqueName, test } from './staff-support.ts';

const HYDRATION = { timeout: 20_000 };
const MEMBER_PASSWORD = 'Kazi#Safi2026';

/** A new member (not an administrator) who has replaced the temporary password, signed in on this page's context. */
async function signInAsNewMember(page: Page): Promise<string> {
  const username = uniqueName('tasker');
  const temporary = invite(username, `${username}@example.org`, false);
  expect((await page.request.post('/api/auth/sign-in/username', { data: { username, password: temporary } })).status()).toBe(200);
  // With the Origin a browser sends with every POST (the server refuses a cookie-bearing POST without one).
  const changed = await page.request.post('/api/auth/change-password', { data: { currentPassword: temporary, newPassword: MEMBER_PASSWORD }, headers: { origin: `http://127.0.0.1:${process.env.E2E_PORT ?? 4310}` } });
  expect(changed.status()).toBe(200);
  return username;
}

async function openTasks(page: Page) {
  await page.goto('/admin#tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible(HYDRATION);
  await expect(page.getByText(/Nothing on your list yet\.|\d+ to do · \d+ done/)).toBeVisible();
}

const list = (page: Page) => page.getByRole('list', { name: 'Your tasks' });
const live = (page: Page) => page.locator('.tasks-live');

async function addTask(page: Page, content: string) {
  await page.getByLabel('New task').fill(content);
  await page.getByLabel('New task').press('Enter');
  await expect(live(page)).toHaveText(`Added “${content}”.`);
}

/** The focused element shows a focus ring (not outline: none). */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

test('a member who is not an administrator signs in to the staff area, sees Tasks and Account only, and starts on Tasks', async ({ page }) => {
  const username = await signInAsNewMember(page);
  await page.context().clearCookies();
  await signInThroughForm(page, username, MEMBER_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/, HYDRATION);
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible(HYDRATION);
  // An admin section named in the address falls back to the member's first section.
  await page.goto('/admin#inbox');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible(HYDRATION);
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link')).toHaveText(MEMBER_SECTIONS);
  await expect(page.getByText('Nothing on your list yet.')).toBeVisible();
  await expect(page.getByText('Write a task above and press Enter. Tick it off when it is done.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(page.locator('#account')).toContainText('Staff');
});

test('an administrator has Tasks beside the admin sections, and an own list', async ({ page }) => {
  expect((await page.request.post('/api/auth/sign-in/username', { data: E2E_ADMIN })).status()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link')).toHaveText(STAFF_SECTIONS, HYDRATION);
  await page.getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/admin#tasks$/);
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();
});

test("a task's content is optional (the spec's Todo): one added without text is kept as 'Untitled task'", async ({ page }) => {
  await signInAsNewMember(page);
  await openTasks(page);
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(live(page)).toHaveText('Added “Untitled task”.');
  await expect(list(page).getByRole('listitem')).toHaveText([/Untitled task/]);
  await expect(page.getByRole('checkbox', { name: 'Untitled task' })).toBeVisible();
  const stored = (await (await page.request.get('/api/tasks')).json()) as { items?: Array<{ content: string }> } | Array<{ content: string }>;
  expect(JSON.stringify(stored)).toContain('"content":""');
});

test('add, edit in place, mark done, delete and undo: each kept by the server', async ({ page }) => {
  await signInAsNewMember(page);
  await openTasks(page);

  await addTask(page, 'Call the food bank about Saturday');
  await expect(page.getByLabel('New task')).toBeFocused();
  await expect(page.getByLabel('New task')).toHaveValue('');
  await page.getByLabel('New task').fill('Print the volunteer rota');
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(list(page).getByRole('listitem')).toHaveText([/Call the food bank about Saturday/, /Print the volunteer rota/]);
  await expect(page.getByText('2 to do · 0 done')).toBeVisible();

  // Mark done.
  const foodBank = page.getByRole('checkbox', { name: 'Call the food bank about Saturday' });
  await foodBank.check();
  await expect(live(page)).toHaveText('“Call the food bank about Saturday” marked done.');
  await expect(page.getByText('1 to do · 1 done')).toBeVisible();

  // Edit in place, with Enter.
  await page.getByRole('button', { name: 'Edit “Print the volunteer rota”' }).click();
  const editor = page.getByLabel('Edit task');
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue('Print the volunteer rota');
  await editor.fill('Print and pin up the volunteer rota');
  await editor.press('Enter');
  await expect(live(page)).toHaveText('Saved “Print and pin up the volunteer rota”.');
  await expect(page.getByRole('button', { name: 'Edit “Print and pin up the volunteer rota”' })).toBeFocused();

  // Delete, then undo: the task comes back in its place.
  await page.getByRole('button', { name: 'Delete “Call the food bank about Saturday”' }).click();
  await expect(live(page)).toHaveText('Deleted “Call the food bank about Saturday”.');
  await expect(list(page).getByRole('listitem')).toHaveText([/Print and pin up the volunteer rota/]);
  const undo = page.getByRole('button', { name: 'Undo deleting “Call the food bank about Saturday”' });
  await expect(undo).toBeFocused();
  await undo.click();
  await expect(live(page)).toHaveText('Restored “Call the food bank about Saturday”.');
  await expect(list(page).getByRole('listitem')).toHaveText([/Call the food bank about Saturday/, /Print and pin up the volunteer rota/]);
  await expect(foodBank).toBeFocused();
  await expect(foodBank).toBeChecked();

  // Delete without undo; Dismiss puts the offer away.
  await page.getByRole('button', { name: 'Delete “Print and pin up the volunteer rota”' }).click();
  await expect(live(page)).toHaveText('Deleted “Print and pin up the volunteer rota”.');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeFocused();

  // What the server kept.
  await page.reload();
  await expect(list(page).getByRole('listitem')).toHaveText([/Call the food bank about Saturday/], HYDRATION);
  await expect(page.getByRole('checkbox', { name: 'Call the food bank about Saturday' })).toBeChecked();
  await expect(page.getByText('0 to do · 1 done')).toBeVisible();
});

test('everything works from the keyboard, with a visible focus ring', async ({ page }) => {
  await signInAsNewMember(page);
  await openTasks(page);
  const input = page.getByLabel('New task');
  await input.focus();
  await page.keyboard.type('Book the community hall');
  await page.keyboard.press('Enter');
  await expect(live(page)).toHaveText('Added “Book the community hall”.');
  await expectVisibleFocus(input);

  // Tab past "Add task" to the task's checkbox; Space marks it done.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add task' })).toBeFocused();
  await page.keyboard.press('Tab');
  const check = page.getByRole('checkbox', { name: 'Book the community hall' });
  await expectVisibleFocus(check);
  await page.keyboard.press('Space');
  await expect(check).toBeChecked();
  await expect(live(page)).toHaveText('“Book the community hall” marked done.');
  await expect(check).toBeFocused();

  // Enter on Edit opens the field with the text selected; typing replaces it, Enter saves.
  await page.keyboard.press('Tab');
  const edit = page.getByRole('button', { name: 'Edit “Book the community hall”' });
  await expectVisibleFocus(edit);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Edit task')).toBeFocused();
  await page.keyboard.type('Book the hall for the youth day');
  await page.keyboard.press('Enter');
  await expect(live(page)).toHaveText('Saved “Book the hall for the youth day”.');
  const edited = page.getByRole('button', { name: 'Edit “Book the hall for the youth day”' });
  await expect(edited).toBeFocused();

  // Escape leaves the text as it was and gives focus back to Edit.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Something else entirely');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Edit task')).toHaveCount(0);
  await expect(edited).toBeFocused();
  await expect(list(page)).toContainText('Book the hall for the youth day');

  // Delete moves focus to Undo; Enter undoes; focus returns to the task.
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page.getByRole('button', { name: 'Delete “Book the hall for the youth day”' }));
  await page.keyboard.press('Enter');
  const undo = page.getByRole('button', { name: 'Undo deleting “Book the hall for the youth day”' });
  await expectVisibleFocus(undo);
  await page.keyboard.press('Enter');
  await expect(live(page)).toHaveText('Restored “Book the hall for the youth day”.');
  await expect(page.getByRole('checkbox', { name: 'Book the hall for the youth day' })).toBeFocused();
});

test('focus is where it belongs by the time a change is announced, so the next key press starts from there', async ({ page }) => {
  await signInAsNewMember(page);
  await openTasks(page);
  await addTask(page, 'Order the chairs');
  // Each announcement, with what had focus when it appeared (a MutationObserver runs right after
  // the change is written, before the page takes the next key press).
  await page.evaluate(() => {
    const seen: { text: string; focused: string }[] = [];
    (window as unknown as { announced: typeof seen }).announced = seen;
    const region = document.querySelector('.tasks-live')!;
    new MutationObserver(() => {
      const active = document.activeElement;
      const focused = !active || active === document.body ? 'the page itself' : (active.getAttribute('aria-label') ?? active.textContent ?? active.tagName);
      seen.push({ text: region.textContent ?? '', focused });
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
  const announced = () => page.evaluate(() => (window as unknown as { announced: { text: string; focused: string }[] }).announced.filter((entry) => entry.text));

  await page.getByRole('button', { name: 'Edit “Order the chairs”' }).click();
  await page.getByLabel('Edit task').fill('Order the chairs and tables');
  await page.getByLabel('Edit task').press('Enter');
  await expect(live(page)).toHaveText('Saved “Order the chairs and tables”.');
  await page.getByRole('button', { name: 'Delete “Order the chairs and tables”' }).click();
  await expect(live(page)).toHaveText('Deleted “Order the chairs and tables”.');

  expect(await announced()).toEqual([
    { text: 'Saved “Order the chairs and tables”.', focused: 'Edit “Order the chairs and tables”' },
    { text: 'Deleted “Order the chairs and tables”.', focused: 'Undo deleting “Order the chairs and tables”' },
  ]);
});

test('while a change travels it shows, a refused change is undone on screen, and a task deleted elsewhere leaves the list', async ({ page }) => {
  await signInAsNewMember(page);
  await openTasks(page);

  // Adding: the button reads Adding... and is disabled until the server answers.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/tasks', async (route) => {
    if (route.request().method() === 'POST') await gate;
    await route.continue();
  });
  await page.getByLabel('New task').fill('Collect the donated coats');
  await page.getByLabel('New task').press('Enter');
  const adding = page.getByRole('button', { name: 'Adding...' });
  await expect(adding).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Add task' })).toBeEnabled();
  await expect(list(page).getByRole('listitem')).toHaveText([/Collect the donated coats/]);
  await page.unroute('**/api/tasks');

  // A refused change: the box goes back to how the server has it, and the reason shows.
  await page.route('**/api/tasks/*', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The server is busy. Try again in a minute.' }) }) : route.continue(),
  );
  const coats = page.getByRole('checkbox', { name: 'Collect the donated coats' });
  await coats.click();
  await expect(page.getByRole('alert')).toHaveText('The server is busy. Try again in a minute.');
  await expect(coats).not.toBeChecked();
  await page.unroute('**/api/tasks/*');

  // Deleted in another tab: editing it says so and takes it off this list.
  const [task] = ((await (await page.request.get('/api/tasks')).json()) as { tasks: Array<{ id: string }> }).tasks;
  expect((await page.request.delete(`/api/tasks/${task!.id}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Edit “Collect the donated coats”' }).click();
  await page.getByLabel('Edit task').fill('Collect and sort the donated coats');
  await page.getByLabel('Edit task').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('That task no longer exists.');
  await expect(page.getByText('Nothing on your list yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeFocused();
});

test('the offer to undo goes away after 10 minutes, as the server forgets the task', async ({ page }) => {
  await page.clock.install();
  await signInAsNewMember(page);
  await openTasks(page);
  await addTask(page, 'Return the projector');
  await page.getByRole('button', { name: 'Delete “Return the projector”' }).click();
  const undo = page.getByRole('button', { name: 'Undo deleting “Return the projector”' });
  await expect(undo).toBeFocused();
  await page.clock.fastForward('09:59');
  await expect(undo).toBeVisible();
  await page.clock.fastForward('00:02');
  await expect(undo).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeFocused();
});

for (const width of [320, 375]) {
  test(`the panel fits a ${width} px phone, in the list and while editing`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsNewMember(page);
    await openTasks(page);
    const long = `Ask ${'Wanjiru-and-the-whole-parents-committee'.repeat(3)} about the spring fundraiser dinner menu`;
    await addTask(page, long);
    await addTask(page, 'Buy stamps');
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    /** Inside the screen's width, and a finger-sized target (44 px; the checkbox 24 px, WCAG 2.2's minimum). */
    const reachable = async (control: Locator, size = 44) => {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(size);
    };
    await fits();
    await reachable(page.getByRole('checkbox', { name: long }), 24);
    await reachable(page.getByRole('button', { name: `Edit “${long}”` }));
    await reachable(page.getByRole('button', { name: `Delete “${long}”` }));
    await page.getByRole('button', { name: `Edit “${long}”` }).click();
    await expect(page.getByLabel('Edit task')).toBeFocused();
    await reachable(page.getByLabel('Edit task'));
    await reachable(page.getByRole('button', { name: 'Save' }));
    await reachable(page.getByRole('button', { name: 'Cancel' }));
    await fits();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete “Buy stamps”' }).click();
    await reachable(page.getByRole('button', { name: /^Undo/ }));
    await fits();
  });
}

test('the Tasks panel has no WCAG A/AA violations at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsNewMember(page);
  await openTasks(page);
  await addTask(page, 'Water the garden beds');
  await page.getByRole('checkbox', { name: 'Water the garden beds' }).check();
  await addTask(page, 'Send the thank-you cards');
  await page.getByRole('button', { name: 'Delete “Send the thank-you cards”' }).click();
  await expect(page.getByRole('button', { name: /^Undo/ })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await wcagViolations(page, { include: '.tasks' }), `at ${width} px`).toEqual([]);
  }
});
