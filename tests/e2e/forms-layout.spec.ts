import { expect, test } from '@playwright/test';

/**
 * After a failed submit, the first invalid field and its label are below the sticky header,
 * not under it; and a field beside one that shows an error keeps its own size.
 */
const forms = [
  { route: '/contact', form: 'form.contact-form', submit: 'Send Message', first: 'Name' },
  { route: '/get-involved', form: 'form.volunteer-form', submit: 'Submit Application', first: 'First name' },
  { route: '/corporate', form: 'form.partnership-form', submit: 'Submit Inquiry', first: 'Company name' },
];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 700 } });
    for (const { route, form: selector, submit, first } of forms) {
      test(`${route}: the first invalid field's label is not under the sticky header`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(route);
        const form = page.locator(selector);
        await form.scrollIntoViewIfNeeded(); // the islands hydrate when visible
        await expect(form).toHaveAttribute('novalidate', '');
        await form.getByRole('button', { name: submit }).click();
        const field = form.getByLabel(first, { exact: true });
        await expect(field).toBeFocused();
        const label = form.locator(`label[for="${await field.getAttribute('id')}"]`);
        await expect(label).toBeInViewport({ ratio: 1 });
        const headerBottom = await page.locator('header.site-header').evaluate((el) => el.getBoundingClientRect().bottom);
        const labelTop = await label.evaluate((el) => el.getBoundingClientRect().top);
        expect(labelTop, `label top ${labelTop} vs header bottom ${headerBottom}`).toBeGreaterThanOrEqual(headerBottom);
      });
    }
  });
}

test('an optional field beside an erroring one keeps its size', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/contact');
  const form = page.locator('form.contact-form');
  await expect(form).toHaveAttribute('novalidate', '');
  const phone = form.getByLabel('Phone');
  const subject = form.getByLabel('Subject');
  const before = (await phone.boundingBox())!;
  // Phone (optional) and Subject share a row; Subject gets an error below it.
  expect(Math.abs(before.y - (await subject.boundingBox())!.y)).toBeLessThan(1);
  await form.getByLabel('Name').fill('Amara Okafor');
  await form.getByLabel('Email').fill('amara@example.org');
  await form.getByLabel('Message').fill('Hello');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('.sipa-field-error')).toHaveCount(1);
  const after = (await phone.boundingBox())!;
  expect(after.height).toBeCloseTo(before.height, 0);
  expect(after.width).toBeCloseTo(before.width, 0);
});
