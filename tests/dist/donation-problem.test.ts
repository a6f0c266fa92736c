/**
 * The page a donor lands on when PayPal's current checkout did not make the gift
 * (api/src/routes/paypal-checkout.ts redirects to /donation-problem#declined and its kin): each
 * reason in each language, the way back to the form, kept out of search engines.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const page = (lang: string) => readFileSync(join('dist', lang === 'en' ? '' : lang, 'donation-problem', 'index.html'), 'utf8').replace(/&#39;/g, "'").replace(/&#x27;/g, "'");

const TEXTS = {
  en: {
    title: 'Your gift was not made',
    declined: 'PayPal could not take this payment: it was declined. Nothing was charged. You can try again with another card or account.',
    unavailable: 'PayPal could not be reached just now. Nothing was charged. Please try again in a few minutes.',
    monthly: 'PayPal did not start your monthly gift. Nothing was charged. You can try again.',
    back: 'Back to the donation form',
    donate: '/donate',
  },
  fr: {
    title: 'Votre don n’a pas été effectué',
    declined: 'PayPal n’a pas pu effectuer ce paiement : il a été refusé. Rien n’a été débité. Vous pouvez réessayer avec une autre carte ou un autre compte.',
    unavailable: 'PayPal est injoignable pour le moment. Rien n’a été débité. Veuillez réessayer dans quelques minutes.',
    monthly: 'PayPal n’a pas commencé votre don mensuel. Rien n’a été débité. Vous pouvez réessayer.',
    back: 'Retour au formulaire de don',
    donate: '/fr/donate',
  },
  sw: {
    title: 'Mchango wako haukufanyika',
    declined: 'PayPal haikuweza kupokea malipo haya: yamekataliwa. Hakuna kilichotozwa. Unaweza kujaribu tena kwa kadi au akaunti nyingine.',
    unavailable: 'PayPal haipatikani kwa sasa. Hakuna kilichotozwa. Tafadhali jaribu tena baada ya dakika chache.',
    monthly: 'PayPal haikuanzisha mchango wako wa kila mwezi. Hakuna kilichotozwa. Unaweza kujaribu tena.',
    back: 'Rudi kwenye fomu ya mchango',
    donate: '/sw/donate',
  },
} as const;

describe('/donation-problem', () => {
  test.each(Object.entries(TEXTS))('%s: every reason, the way back to the form, no index', (lang, texts) => {
    const html = page(lang);
    expect(html).toContain(`<html lang="${lang === 'en' ? 'en' : lang}`);
    expect(html).toContain(texts.title);
    for (const [state, text] of [['default', texts.unavailable], ['declined', texts.declined], ['monthly', texts.monthly]] as const) {
      expect(html, state).toContain(text);
    }
    for (const state of ['declined', 'monthly', 'amount']) expect(html).toContain(`id="${state}"`);
    expect(html).toContain(`href="${texts.donate}"`);
    expect(html).toContain(texts.back);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });
});
