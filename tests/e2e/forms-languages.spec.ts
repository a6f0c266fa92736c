import { expect, test, type Page } from '@playwright/test';
import { holdRequests, rows, unique } from './forms-support.ts';

/**
 * The forms on the French and Swahili pages (contact, volunteer, partnership, newsletter,
 * donation): their labels, busy and success states and field errors in the page's language, the stored row's language, the mails queued in it, and the
 * donation form's amounts and PayPal page (`lc`). Expected texts are the catalogues', written out.
 */
const NBSP = '\u00a0';

const T = {
  fr: {
    name: 'Nom',
    email: 'E-mail',
    subject: 'Objet',
    message: 'Message',
    send: 'Envoyer le message',
    sending: 'Envoi en cours...',
    required: 'Ce champ est obligatoire',
    badEmail: 'Veuillez saisir une adresse e-mail valide',
    contactSuccess: `Merci pour votre message${NBSP}! Nous vous répondrons bientôt.`,
    contactPromise: `Nous vous répondrons par e-mail dans les 2 jours ouvrés. Nos bureaux sont ouverts du lundi au vendredi, de 9${NBSP}h à 17${NBSP}h.`,
    contactAck: 'SIPA a bien reçu votre message',
    newsletterEmail: 'Adresse e-mail',
    subscribe: 'S’abonner',
    thankYou: `Merci${NBSP}!`,
    checkInbox: `C’est presque fini${NBSP}! Ouvrez votre boîte de réception${NBSP}: vous y trouverez un lien pour confirmer votre abonnement.`,
    confirmSubject: 'Merci de confirmer votre abonnement à la lettre d’information de SIPA',
    preset50: `50${NBSP}$`,
    donate50: `Donner 50${NBSP}$`,
    summary50: `50${NBSP}$${NBSP}: une aide au logement pour une famille.`,
    lc: 'FR',
    firstName: 'Prénom',
    lastName: 'Nom de famille',
    mentor: 'Mentor',
    apply: 'Envoyer ma candidature',
    submitting: 'Envoi en cours...',
    volunteerSuccess: `Merci pour votre candidature de bénévole chez SIPA${NBSP}!`,
    volunteerPromise: 'Notre coordinateur des bénévoles vous contactera dans les 5 jours ouvrés.',
    another: 'Envoyer une autre candidature',
    volunteerAck: 'Merci pour votre candidature de bénévole chez SIPA',
    company: 'Nom de l’entreprise',
    contactName: 'Nom de la personne à contacter',
    sponsorship: 'Parrainage financier',
    inquire: 'Envoyer la demande',
    partnershipSuccess: `Merci de votre intérêt pour un partenariat avec SIPA${NBSP}!`,
    partnershipPromise: 'Notre équipe chargée des partenariats d’entreprise vous contactera dans les 2 jours ouvrés.',
    partnershipAck: 'Votre demande de partenariat avec SIPA',
  },
  sw: {
    name: 'Jina',
    email: 'Barua pepe',
    subject: 'Mada',
    message: 'Ujumbe',
    send: 'Tuma ujumbe',
    sending: 'Inatuma...',
    required: 'Sehemu hii inahitajika',
    badEmail: 'Tafadhali andika barua pepe sahihi',
    contactSuccess: 'Asante kwa ujumbe wako! Tutakujibu hivi karibuni.',
    contactPromise: 'Tutakujibu kwa barua pepe ndani ya siku 2 za kazi. Ofisi yetu iko wazi Jumatatu hadi Ijumaa, 9:00 asubuhi hadi 5:00 jioni.',
    contactAck: 'SIPA imepokea ujumbe wako',
    newsletterEmail: 'Anwani ya barua pepe',
    subscribe: 'Jiandikishe',
    thankYou: 'Asante!',
    checkInbox: 'Umekaribia kumaliza! Angalia barua pepe yako. Tumekutumia kiungo cha kuthibitisha usajili wako.',
    confirmSubject: 'Tafadhali thibitisha usajili wako wa jarida la SIPA',
    preset50: '$50',
    donate50: 'Changia $50',
    summary50: `$50: msaada wa makazi kwa familia moja.`,
    lc: 'US',
    firstName: 'Jina la kwanza',
    lastName: 'Jina la ukoo',
    mentor: 'Mwelekezi',
    apply: 'Tuma ombi',
    submitting: 'Inatuma...',
    volunteerSuccess: 'Asante kwa kuomba kujitolea na SIPA!',
    volunteerPromise: 'Mratibu wetu wa wajitolea atawasiliana nawe ndani ya siku 5 za kazi.',
    another: 'Tuma ombi lingine',
    volunteerAck: 'Asante kwa kuomba kujitolea na SIPA',
    company: 'Jina la kampuni',
    contactName: 'Jina la mtu wa kuwasiliana naye',
    sponsorship: 'Udhamini wa fedha',
    inquire: 'Tuma ombi',
    partnershipSuccess: 'Asante kwa kutaka kushirikiana na SIPA!',
    partnershipPromise: 'Timu yetu ya ushirikiano na makampuni itawasiliana nawe ndani ya siku 2 za kazi.',
    partnershipAck: 'Ombi lako la ushirikiano na SIPA',
  },
} as const;

async function openForm(page: Page, path: string, selector: string) {
  await page.goto(path);
  const form = page.locator(selector);
  // The islands hydrate once visible (client:visible), the contact form when the browser is idle (client:idle).
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('novalidate', '');
  return form;
}

for (const lang of ['fr', 'sw'] as const) {
  const t = T[lang];
  test.describe(`forms in ${lang}`, () => {
    test('contact: the labels, busy state, errors and thank-you are in the language; the row and the acknowledgement too', async ({ page }) => {
      const form = await openForm(page, `/${lang}/contact`, 'form.contact-form');
      await form.getByRole('button', { name: t.send }).click();
      await expect(form.locator('#contact-name-error')).toHaveText(t.required);
      await form.getByLabel(t.name, { exact: true }).fill('Amina Juma');
      await form.getByLabel(t.email, { exact: true }).fill('not an address');
      await expect(form.locator('#contact-email-error')).toHaveText(t.badEmail);
      const email = `${unique(`amina-${lang}`).toLowerCase()}@example.org`;
      const subject = unique('Petite enfance');
      await form.getByLabel(t.email, { exact: true }).fill(email);
      await form.getByLabel(t.subject, { exact: true }).fill(subject);
      await form.getByLabel(t.message, { exact: true }).fill('Quand commence la prochaine session ?');
      const release = await holdRequests(page, '/api/contact');
      await form.getByRole('button', { name: t.send }).click();
      await expect(form.getByRole('button')).toHaveText(t.sending);
      release();
      const status = page.locator('main').getByRole('status');
      await expect(status.locator('.form-done__title')).toHaveText(t.contactSuccess);
      await expect(status).toContainText(t.contactPromise);
      expect(rows<{ lang: string }>('select lang from contact_messages where subject = ?', subject)).toEqual([{ lang }]);
      const ack = rows<{ subject: string }>("select subject from outbox where to_address = ? and kind = 'contact.ack'", email);
      expect(ack).toEqual([{ subject: t.contactAck }]);
    });

    test('volunteer: labels, choices, busy state and thank-you in the language; the row and the acknowledgement too', async ({ page }) => {
      const form = await openForm(page, `/${lang}/get-involved`, 'form.volunteer-form');
      const email = `${unique(`kofi-${lang}`).toLowerCase()}@example.org`;
      await form.getByLabel(t.firstName, { exact: true }).fill('Kofi');
      await form.getByLabel(t.lastName, { exact: true }).fill('Mensah');
      await form.getByLabel(t.email, { exact: true }).fill(email);
      await form.getByRole('checkbox', { name: t.mentor, exact: true }).check();
      const release = await holdRequests(page, '/api/volunteer-application');
      await form.getByRole('button', { name: t.apply }).click();
      await expect(form.getByRole('button')).toHaveText(t.submitting);
      release();
      const status = page.locator('main').getByRole('status');
      await expect(status.locator('.form-done__title')).toHaveText(t.volunteerSuccess);
      await expect(status).toContainText(t.volunteerPromise);
      await expect(page.getByRole('button', { name: t.another })).toBeVisible();
      expect(rows<{ lang: string; interests: string }>('select lang, interests from volunteer_applications where email = ?', email)).toEqual([{ lang, interests: '["mentor"]' }]);
      expect(rows<{ subject: string }>("select subject from outbox where to_address = ? and kind = 'volunteer.ack'", email)).toEqual([{ subject: t.volunteerAck }]);
    });

    test('partnership: labels, interests and thank-you in the language; the spec’s values stored', async ({ page }) => {
      const form = await openForm(page, `/${lang}/corporate`, 'form.partnership-form');
      const email = `${unique(`dana-${lang}`).toLowerCase()}@example.org`;
      await form.getByLabel(t.company, { exact: true }).fill('Lone Star Credit Union');
      await form.getByLabel(t.contactName, { exact: true }).fill('Dana Ruiz');
      await form.getByLabel(t.email, { exact: true }).fill(email);
      await form.getByRole('checkbox', { name: t.sponsorship, exact: true }).check();
      await form.getByRole('button', { name: t.inquire }).click();
      const status = page.locator('main').getByRole('status');
      await expect(status.locator('.form-done__title')).toHaveText(t.partnershipSuccess);
      await expect(status).toContainText(t.partnershipPromise);
      expect(rows<{ lang: string; partnership_interest: string }>('select lang, partnership_interest from partnership_inquiries where email = ?', email)).toEqual([
        { lang, partnership_interest: '["Financial Sponsorship"]' },
      ]);
      expect(rows<{ subject: string }>("select subject from outbox where to_address = ? and kind = 'partnership.ack'", email)).toEqual([{ subject: t.partnershipAck }]);
    });

    test('newsletter: the form speaks the language; the confirmation mail links to the confirm page in it', async ({ page }) => {
      const form = await openForm(page, `/${lang}/newsletter`, 'main form.newsletter-form');
      const email = `${unique(`reader-${lang}`).toLowerCase()}@example.org`;
      await form.getByLabel(t.newsletterEmail).fill(email);
      await form.getByRole('button', { name: t.subscribe }).click();
      await expect(form.getByRole('button')).toHaveText(t.thankYou);
      await expect(form.locator('.newsletter-form__note')).toHaveText(t.checkInbox);
      expect(rows<{ lang: string }>('select lang from subscribers where email = ?', email)).toEqual([{ lang }]);
      const [mail] = rows<{ subject: string; text_body: string }>("select subject, text_body from outbox where to_address = ? and kind = 'newsletter.confirm'", email);
      expect(mail!.subject).toBe(t.confirmSubject);
      expect(mail!.text_body).toMatch(new RegExp(`/${lang}/newsletter/confirm\\?token=\\S+#ready`));
    });

    test('donation: amounts in the language’s format, PayPal’s page in the language (lc) and the thank-you page in it', async ({ page }) => {
      let resolve!: (body: string) => void;
      const posted = new Promise<string>((r) => (resolve = r));
      await page.route(/^https:\/\/www\.(sandbox\.)?paypal\.com\//, async (route) => {
        resolve(route.request().postData() ?? '');
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>PayPal</title>' });
      });
      await page.goto(`/${lang}/donate`);
      const form = page.locator('form.donation[data-ready="true"]');
      await expect(form.getByRole('radio', { name: t.preset50, exact: true })).toBeChecked();
      await expect(form.locator('[aria-live="polite"]')).toHaveText(t.summary50);
      await form.getByRole('button', { name: t.donate50, exact: true }).click();
      const fields = new URLSearchParams(await posted);
      expect(fields.get('lc')).toBe(t.lc);
      expect(fields.get('amount')).toBe('50');
      expect(new URL(fields.get('return')!).pathname).toBe(`/${lang}/thank-you`);
    });
  });
}

test('without JavaScript, a French contact form post lands on the French thank-you page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fr/contact');
  const form = page.locator('form.contact-form');
  const subject = unique('Sans JavaScript');
  await form.getByLabel('Nom', { exact: true }).fill('Amina Juma');
  await form.getByLabel('E-mail', { exact: true }).fill(`${unique('nojs').toLowerCase()}@example.org`);
  await form.getByLabel('Objet', { exact: true }).fill(subject);
  await form.getByLabel('Message', { exact: true }).fill('Bonjour');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page).toHaveURL(/\/fr\/contact\/thanks$/);
  expect(rows<{ lang: string }>('select lang from contact_messages where subject = ?', subject)).toEqual([{ lang: 'fr' }]);
  await context.close();
});
