/**
 * The preview in a document of its own, on a 375 px phone: framed from its own address with its
 * own policy, the template's logo and colours show (through srcdoc the staff page's policy
 * refused the template's inline styles and the logo). A screenshot of the preview is attached.
 */
import { expect } from '@playwright/test';
import { E2E_ADMIN, test } from './staff-support.ts';

const port = Number(process.env.E2E_PORT ?? 4310);

test.use({ viewport: { width: 375, height: 740 } });

test('on a phone, the preview shows the campaign in the template with its logo and colours', async ({ page }, testInfo) => {
  const signIn = await page.request.post('/api/auth/sign-in/username', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password }, headers: { origin: `http://127.0.0.1:${port}` } });
  expect(signIn.status()).toBe(200);
  await page.goto('/admin#newsletter');
  await page.getByLabel('HTML Content').fill('Dear friends,\n\nOur workshops open on Saturday.\n\nDetails: https://sipa.example.org/events');
  await page.getByRole('button', { name: 'Preview' }).click();
  const figure = page.getByRole('figure', { name: 'Newsletter preview' });
  await expect(figure).toBeFocused();
  const frame = page.locator('iframe[title="Newsletter preview"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  const preview = page.frameLocator('iframe[title="Newsletter preview"]');
  await expect(preview.locator('p').first()).toHaveText('Dear friends,');
  // The colours: the organisation's green behind its name, the page's sand, the ink of the text in 17 px type.
  await expect(preview.locator('td:has(> a)').first()).toHaveCSS('background-color', 'rgb(31, 61, 51)');
  await expect(preview.locator('td:has(> a)').first()).toHaveCSS('border-bottom-color', 'rgb(232, 176, 75)');
  await expect(preview.locator('table.nl-page')).toHaveCSS('background-color', 'rgb(251, 246, 238)');
  await expect(preview.locator('td.nl-content')).toHaveCSS('color', 'rgb(30, 26, 22)');
  await expect(preview.locator('td.nl-content')).toHaveCSS('font-size', '17px');
  await expect(preview.getByRole('link', { name: 'SIPA', exact: true })).toHaveCSS('color', 'rgb(255, 255, 255)');
  // The logo, loaded and drawn at its 48 px.
  const logo = preview.locator('td:has(> a) img');
  await expect(logo).toHaveAttribute('src', '/apple-touch-icon.png');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect((await logo.boundingBox())!.width).toBe(48);
  // Framed from its own address (its own policy), and phone-wide.
  await expect(frame).toHaveAttribute('src', /^\/api\/newsletter-preview\/[\w-]{22}$/);
  expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(375);
  // The screenshot, kept with the test's results (test-results/…/newsletter-preview-375.png) and attached to its report.
  const path = testInfo.outputPath('newsletter-preview-375.png');
  await figure.screenshot({ path });
  await testInfo.attach('newsletter-preview-375', { path, contentType: 'image/png' });
});
