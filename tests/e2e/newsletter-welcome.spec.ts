/**
 * The welcome mail as a subscriber gets it: signed up on the French (or Swahili) site, confirmed
 * through the link of the confirmation mail received at the real SMTP peer, welcomed in that
 * language, in the newsletter template with the footer in it. And as staff write it: the Swahili
 * text written on the Newsletter screen is the one a Swahili subscriber receives.
 */
import { expect, type Page } from '@playwright/test';
import { readMail, type ReadMail } from '../../api/test/mail-reader.ts';
import { wcagViolations } from '../support/axe.ts';
import { rows, unique } from './forms-support.ts';
import { E2E_ADMIN, nthMailTo, test } from './staff-support.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const NBSP = '\u00a0';

const SITE = {
  fr: { subscribe: 'S’abonner', email: 'Adresse e-mail', thankYou: `Merci${NBSP}!`, confirm: 'Confirmer mon abonnement', subscribed: 'Vous êtes abonné' },
  sw: { subscribe: 'Jiandikishe', email: 'Anwani ya barua pepe', thankYou: 'Asante!', confirm: 'Thibitisha usajili wangu', subscribed: 'Umejiandikisha' },
} as const;
const FOOTER = {
  fr: {
    why: 'Vous recevez cette lettre d’information parce que vous vous êtes abonné sur sipa.example.org et avez confirmé votre adresse.',
    unsubscribe: 'Se désabonner',
    line: 'Se désabonner : ',
  },
  sw: {
    why: 'Unapokea jarida hili kwa sababu ulijiandikisha kwenye sipa.example.org na ukathibitisha anwani yako.',
    unsubscribe: 'Jiondoe',
    line: 'Jiondoe: ',
  },
} as const;

/** Signs `email` up with the form of the newsletter page in `lang`. */
async function signUp(page: Page, lang: 'fr' | 'sw', email: string) {
  const t = SITE[lang];
  await page.goto(`/${lang}/newsletter`);
  const form = page.locator('main form.newsletter-form');
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('novalidate', '');
  await form.getByLabel(t.email).fill(email);
  await form.getByRole('button', { name: t.subscribe }).click();
  await expect(form.getByRole('button')).toHaveText(t.thankYou);
}

/**
 * Opens the link of the confirmation mail the SMTP peer received and presses its button; returns
 * the welcome mail that follows, and the link.
 */
async function confirmAndReceiveWelcome(page: Page, lang: 'fr' | 'sw', email: string): Promise<{ welcome: ReadMail; link: string }> {
  const confirmation = readMail(await nthMailTo(email, 1));
  const url = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(confirmation.text)![0]);
  expect(url.pathname).toBe(`/${lang}/newsletter/confirm`);
  const link = `${url.pathname}${url.search}${url.hash}`;
  await page.goto(link);
  await page.getByRole('button', { name: SITE[lang].confirm }).click();
  await expect(page.getByRole('heading', { name: SITE[lang].subscribed })).toBeVisible();
  return { welcome: readMail(await nthMailTo(email, 2)), link };
}

/** The footer in `lang`, in both parts, with the subscriber's own unsubscribe link in that language. */
function expectFooterIn(mail: ReadMail, lang: 'fr' | 'sw') {
  const footer = FOOTER[lang];
  const link = /^<([^>]+)>/.exec(mail.headers.get('list-unsubscribe')!)![1]!;
  expect(link).toMatch(new RegExp(`/api/newsletter/unsubscribe\\?token=[^&]+&lang=${lang}$`));
  expect(mail.text.replace(/\r\n/g, '\n')).toContain(`\n-- \n${footer.why}\n${footer.line}${link}\nSIPA, 100 Example Street, Suite 200, Grapevine, TX 76051\n`);
  expect(mail.html).toContain(`<p style="margin:0 0 8px">${footer.why}</p>`);
  expect(mail.html).toContain(`style="color:#555555">${footer.unsubscribe}</a>`);
  // In the template, the document itself in the subscriber's language.
  expect(mail.html).toMatch(new RegExp(`^<!doctype html>\\r?\\n<html lang="${lang}">`));
  expect(mail.html).toContain('background:#1f3d33');
}

test('signed up in French and confirmed through the mailed link: the welcome arrives in French, with the French footer', async ({ page }) => {
  const email = `${unique('bienvenue')}@example.org`.toLowerCase();
  await signUp(page, 'fr', email);
  const { welcome, link } = await confirmAndReceiveWelcome(page, 'fr', email);
  expect(welcome.subject).toBe('Bienvenue dans la lettre d’information de SIPA');
  expect(welcome.html).toContain('<p>Merci d’avoir confirmé votre abonnement. Vous recevrez désormais la lettre d’information de SIPA.</p>');
  expect(welcome.html).toContain('<p>Nous sommes heureux de vous compter parmi nous.</p>');
  expectFooterIn(welcome, 'fr');
  // The link opened and pressed again: still subscribed, and still one welcome (queued, if at all, before the answer).
  await page.goto(link);
  await page.getByRole('button', { name: SITE.fr.confirm }).click();
  await expect(page.getByRole('heading', { name: SITE.fr.subscribed })).toBeVisible();
  expect(rows<{ n: number }>("select count(*) as n from outbox where to_address = ? and kind = 'newsletter.welcome'", email)).toEqual([{ n: 1 }]);
});

test.describe('staff write the Swahili welcome', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('on a phone, the Swahili text saved on the Newsletter screen is what a Swahili subscriber receives; the default comes back on request', async ({ page }) => {
    const signIn = await page.request.post('/api/auth/sign-in/username', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password }, headers: { origin: `http://127.0.0.1:${port}` } });
    expect(signIn.status()).toBe(200);
    await page.goto('/admin#newsletter');
    const section = page.getByRole('region', { name: 'Welcome mail' });
    await expect(section.getByRole('button', { name: 'English', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(section.getByLabel('Subject')).toHaveValue('Welcome to the SIPA newsletter');
    await section.getByRole('button', { name: 'Swahili', exact: true }).click();
    await expect(section.getByRole('button', { name: 'Swahili', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(section.getByLabel('Subject')).toHaveValue('Karibu kwenye jarida la SIPA');
    await expect(section.getByLabel('Message')).toHaveValue(/^Asante kwa kuthibitisha usajili wako\. Sasa utapokea jarida la SIPA\.\n\n/);
    // An empty subject is refused on the field, and nothing is saved.
    await section.getByLabel('Subject').fill('');
    await section.getByRole('button', { name: 'Save the Swahili welcome' }).click();
    await expect(section.getByRole('alert')).toHaveText('The Swahili welcome was not saved: Subject is required.');
    await expect(section.getByRole('alert')).toBeFocused();
    await expect(section.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByText('Subject is required', { exact: true })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await wcagViolations(page), `welcome mail ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 375, height: 740 });
    const subject = unique('Karibu sana');
    await section.getByLabel('Subject').fill(subject);
    await section.getByLabel('Message').fill('Tunafurahi kuwa nawe!\n\nWarsha yetu ijayo ni Jumamosi: https://sipa.example.org/sw/events');
    await section.getByRole('button', { name: 'Save the Swahili welcome' }).click();
    const saved = section.getByRole('status');
    await expect(saved).toHaveText('Saved. Subscribers who confirm in Swahili now receive this welcome.');
    await expect(saved).toBeFocused();
    await expect(section).toContainText(`Written by ${E2E_ADMIN.username} on `);
    // Nothing of the section is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A visitor signs up on the Swahili site and confirms (the same browser: the staff session changes nothing there).
    const email = `${unique('karibu')}@example.org`.toLowerCase();
    await signUp(page, 'sw', email);
    const { welcome } = await confirmAndReceiveWelcome(page, 'sw', email);
    expect(welcome.subject).toBe(subject);
    expect(welcome.html).toContain('<p>Tunafurahi kuwa nawe!</p>');
    expect(welcome.html).toContain('<a href="https://sipa.example.org/sw/events" rel="noopener">https://sipa.example.org/sw/events</a>');
    expect(welcome.text.replace(/\r\n/g, '\n')).toContain('Tunafurahi kuwa nawe!\n\nWarsha yetu ijayo ni Jumamosi: https://sipa.example.org/sw/events\n\n-- \n');
    expectFooterIn(welcome, 'sw');

    await page.goto('/admin#newsletter');
    await section.getByRole('button', { name: 'Swahili', exact: true }).click();
    await expect(section.getByLabel('Subject')).toHaveValue(subject);
    await section.getByRole('button', { name: 'Use the default text' }).click();
    await expect(section.getByRole('status')).toHaveText('The default Swahili welcome is back.');
    await expect(section.getByLabel('Subject')).toHaveValue('Karibu kwenye jarida la SIPA');
    await expect(section.getByRole('button', { name: 'Use the default text' })).toHaveCount(0);
  });
});
