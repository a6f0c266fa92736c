/**
 * "Manage my giving" in the browser, at phone width and in French: a monthly donor on each of
 * PayPal's paths (Subscriptions API through the REST peer, Payments Standard through IPN) asks
 * for the link, opens it from the mail the SMTP peer received, sees their gifts, stops the
 * Subscriptions gift here and is shown PayPal's steps for the other; the link does not open twice;
 * staff see the gift stopped by the donor. Without JavaScript the request still lands somewhere useful.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { readMail, type ReadMail } from '../../api/test/mail-reader.ts';
import { wcagViolations } from '../support/axe.ts';
import { E2E_ADMIN, latestMailTo, test, uniqueName } from './staff-support.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const restPeer = `http://127.0.0.1:${Number(process.env.E2E_PAYPAL_REST_PORT ?? port + 3)}`;
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${port}`;
const HYDRATION = { timeout: 20_000 };

/** The mail to `address` whose subject is `subject`, once the SMTP peer has it. */
async function mailWithSubject(address: string, subject: string): Promise<ReadMail> {
  let found: ReadMail | undefined;
  await expect
    .poll(
      () => {
        const dir = join(dataDir, 'mail');
        if (!existsSync(dir)) return false;
        for (const name of readdirSync(dir).sort().reverse()) {
          const raw = readFileSync(join(dir, name), 'utf8');
          if (!raw.startsWith(`X-Envelope-To: ${address}\r\n`)) continue;
          const mail = readMail(raw.replace(/^X-Envelope-To: .*\r\n/, ''));
          if (mail.subject === subject) return Boolean((found = mail));
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function paypalNotifies(page: Page, fields: Record<string, string>) {
  const body = new URLSearchParams({ charset: 'UTF-8', receiver_email: 'donations@sipa.example.org', mc_currency: 'USD', ...fields }).toString();
  expect((await page.request.post('/api/paypal/ipn', { data: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status()).toBe(200);
}

test('a monthly donor in French at 375 px asks for the link, opens it from the mail, sees the gifts and stops each monthly gift; staff see it stopped', async ({ page, baseURL }) => {
  const word = uniqueName('givingfr');
  const email = `${word}@example.org`;
  const started = Date.now();

  // A $25 monthly gift on PayPal's Subscriptions API, its first payment receipted by webhook.
  await page.goto(`${restPeer}/test-form?site=${encodeURIComponent(baseURL!)}&lang=fr&page=${encodeURIComponent('/fr/donate')}`);
  await page.getByLabel('$25', { exact: true }).check();
  await page.getByLabel('Monthly').check();
  await page.getByRole('button', { name: 'Donate' }).click();
  const subscrId = page.url().split('/approve/')[1]!;
  await page.getByLabel('PayPal account email').fill(email);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(`${baseURL}/fr/thank-you?amount=25&recurring=true`);
  await expect(page.getByText('SIPA vous enverra votre reçu fiscal par e-mail dès que PayPal aura confirmé votre don.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gérer mes dons' }).first()).toHaveAttribute('href', '/fr/manage-giving');

  // The receipt: the brand, what the gift does, and the way to manage the gift.
  const receipt = readMail((await latestMailTo(email, started)).replace(/^X-Envelope-To: .*\r\n/, ''));
  expect(receipt.text).toContain('Votre don de 25\u00a0$ finance du matériel scolaire pour un enfant.');
  expect(receipt.text).toContain('Pour arrêter votre don mensuel ou voir chaque paiement, allez sur «\u00a0Gérer mes dons\u00a0».');
  expect(receipt.text).toContain('https://sipa.example.org/fr/manage-giving');
  expect(receipt.html).toContain('/apple-touch-icon.png');

  // A $10 monthly gift on Payments Standard, told by IPN.
  const standard = `I-${word}`.slice(0, 19);
  await paypalNotifies(page, { txn_type: 'subscr_signup', subscr_id: standard, mc_amount3: '10.00', period3: '1 M', payer_email: email, first_name: 'Amina', last_name: word, custom: 'lang=fr' });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/fr/manage-giving');
  await expect(page.getByRole('heading', { level: 1, name: 'Gérer mes dons' })).toBeVisible();
  const portal = page.locator('.giving-portal');
  await expect(portal).toHaveAttribute('data-hydrated', 'true', HYDRATION);
  await expect(portal).toHaveAttribute('data-view', 'ask');
  await page.getByLabel('Votre adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyez-moi un lien' }).click();
  await expect(portal.getByRole('alert').or(portal.locator('#giving-status'))).toContainText(`Si ${email} a fait un don à SIPA, un lien vers vos dons est en route. Il fonctionne une seule fois, pendant 60 minutes.`);

  // The link from the mail, opened on this server (the mail names the public address).
  await expect.poll(async () => (await page.request.get('/api/health')).status()).toBe(200);
  const linkMail = await mailWithSubject(email, 'Votre lien pour gérer vos dons à SIPA');
  const link = /https:\/\/sipa\.example\.org(\/fr\/manage-giving\?token=[A-Za-z0-9_-]{43}#ready)/.exec(linkMail.text)![1]!;
  // Opening the page alone uses nothing (a mail scanner fetches it as well): the button does.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Votre lien est prêt' })).toBeFocused(HYDRATION);
  await page.getByRole('button', { name: 'Ouvrir mes dons' }).click();
  await expect(page.getByRole('heading', { name: 'Vos dons', exact: true })).toBeFocused();
  expect(new URL(page.url()).search).toBe('');
  await expect(portal).toContainText(`Dons faits avec ${email}`);

  const monthly = portal.locator('.giving-monthly');
  await expect(monthly).toHaveCount(2);
  const onApi = monthly.filter({ hasText: '25\u00a0$ par mois' });
  const onStandard = monthly.filter({ hasText: '10\u00a0$ par mois' });
  await expect(onApi).toContainText('Actif');
  await expect(portal.locator('.giving-item').filter({ hasText: 'Don mensuel' }).getByRole('link', { name: /^Reçu / })).toHaveCount(1);

  // Payments Standard: the exact steps and PayPal's own page.
  await expect(onStandard).toContainText('Ce don passe par PayPal. Pour l’arrêter :');
  await expect(onStandard.getByRole('link', { name: 'Ouvrir les paiements automatiques PayPal' })).toHaveAttribute('href', 'https://www.paypal.com/myaccount/autopay/');
  await expect(onStandard).toContainText('Pour changer le montant, arrêtez ce don et commencez-en un nouveau du montant de votre choix.');

  expect(await wcagViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A new amount for the Subscriptions gift: PayPal asks the donor to agree, then sends them back.
  await onApi.getByRole('button', { name: 'Changer le montant' }).click();
  await expect(onApi.getByLabel('Nouveau montant mensuel (USD)')).toBeFocused();
  await onApi.getByLabel('Nouveau montant mensuel (USD)').fill('0,50');
  await onApi.getByRole('button', { name: 'Continuer vers PayPal' }).click();
  await expect(onApi).toContainText('Saisissez un montant d’au moins 1 $, en dollars et en cents (par exemple 40 ou 40,50)');
  await onApi.getByLabel('Nouveau montant mensuel (USD)').fill('40,50');
  await onApi.getByRole('button', { name: 'Continuer vers PayPal' }).click();
  await expect(page).toHaveURL(`${restPeer}/approve-revision/${subscrId}`);
  await expect(page.getByText('New amount: $40.50 a month')).toBeVisible();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page).toHaveURL(`${baseURL}/fr/manage-giving#amount-changed`);
  await expect(portal.getByText('Votre don mensuel a son nouveau montant. Il s’applique dès votre prochain paiement.')).toBeVisible(HYDRATION);
  const changed = monthly.filter({ hasText: '40,50\u00a0$ par mois' });
  await expect(changed).toHaveCount(1);

  // The Subscriptions gift, stopped here after a confirmation.
  await changed.getByRole('button', { name: 'Arrêter ce don mensuel' }).click();
  await expect(changed).toContainText('Arrêter votre don mensuel de 40,50\u00a0$ ? Plus aucun paiement ne sera prélevé.');
  await changed.getByRole('button', { name: 'Oui, l’arrêter' }).click();
  await expect(portal.getByText('Votre don mensuel est arrêté. Aucun autre paiement ne sera prélevé.')).toBeVisible();
  await expect(changed).toContainText('Arrêté');
  await expect(changed.getByRole('button', { name: 'Arrêter ce don mensuel' })).toHaveCount(0);

  // The same link a second time opens nothing.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(portal).toHaveAttribute('data-view', 'ask');
  await page.goto(link);
  await page.getByRole('button', { name: 'Ouvrir mes dons' }).click();
  await expect(portal.getByRole('alert')).toContainText('Ce lien a expiré ou a déjà servi. Demandez-en un nouveau.');

  // Staff: the gift shows as stopped by the donor.
  expect((await page.request.post('/api/auth/sign-in/username', { data: E2E_ADMIN })).status()).toBe(200);
  const summary = (await (await page.request.get('/api/donations/summary')).json()) as { monthlyDonors: { subscrId: string; status: string; cancelledBy: string | null }[] };
  expect(summary.monthlyDonors.find((donor) => donor.subscrId === subscrId)).toMatchObject({ status: 'cancelled', cancelledBy: 'donor' });
  expect(summary.monthlyDonors.find((donor) => donor.subscrId === standard)).toMatchObject({ status: 'active' });
  await page.goto('/admin#donations');
  const panel = page.locator('#donations');
  await expect(panel.getByRole('heading', { name: 'Donations', exact: true })).toBeVisible(HYDRATION);
  await expect(panel.getByRole('row').filter({ hasText: email }).filter({ hasText: '$40.50' })).toContainText('Stopped by the donor');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the request form posts and lands on the page that says to check the mail, in Swahili', async ({ page }) => {
    await page.goto('/sw/manage-giving');
    await page.getByLabel('Anwani yako ya barua pepe').fill(`${uniqueName('nojs')}@example.org`);
    await page.getByRole('button', { name: 'Nitumie kiungo' }).click();
    await expect(page).toHaveURL(/\/sw\/manage-giving\/sent$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Angalia barua pepe yako' })).toBeVisible();
    await expect(page.getByText('Kiungo kinafanya kazi mara moja tu, ndani ya dakika 60.', { exact: false })).toBeVisible();
  });
});
