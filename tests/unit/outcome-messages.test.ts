/**
 * What a form says when it fails or succeeds, in French and Swahili, pinned word for word: a
 * translation that said the opposite (a failure worded as success, or the reverse) would tell a
 * visitor their message was sent when it was not. The English texts are the spec's and are pinned
 * by the English tests; these are the reviewed translations.
 */
import { describe, expect, it } from 'vitest';
import en from '../../content/messages/en.json' with { type: 'json' };
import fr from '../../content/messages/fr.json' with { type: 'json' };
import sw from '../../content/messages/sw.json' with { type: 'json' };

const FAILURES = {
  newsletterFailure: { fr: 'Oups ! Un problème est survenu. Veuillez réessayer plus tard.', sw: 'Samahani! Kuna tatizo. Tafadhali jaribu tena baadaye.' },
  programsLoadFailure: { fr: 'Nous n’arrivons pas à charger nos programmes. Veuillez réessayer plus tard.', sw: 'Tunashindwa kupakia mipango yetu. Tafadhali jaribu tena baadaye.' },
  contactFailure: { fr: 'Le formulaire n’a pas pu être envoyé', sw: 'Fomu haikutumwa' },
  contactNetwork: { fr: 'Un problème est survenu. Veuillez réessayer plus tard.', sw: 'Kuna tatizo. Tafadhali jaribu tena baadaye.' },
  volunteerFailure: { fr: 'La candidature n’a pas pu être envoyée', sw: 'Ombi lako halikutumwa' },
  partnershipFailure: { fr: 'La demande de partenariat n’a pas pu être envoyée', sw: 'Ombi lako la ushirikiano halikutumwa' },
  unexpected: { fr: 'Une erreur inattendue est survenue. Veuillez réessayer plus tard.', sw: 'Kuna tatizo lisilotarajiwa. Tafadhali jaribu tena baadaye.' },
  adminLoginFailure: { fr: 'Nom d’utilisateur ou mot de passe incorrect', sw: 'Jina la mtumiaji au nenosiri si sahihi' },
  errorDefault: { fr: 'Une erreur inattendue est survenue. Veuillez réessayer plus tard.', sw: 'Kuna tatizo lisilotarajiwa. Tafadhali jaribu tena baadaye.' },
  invalidInput: { fr: 'Veuillez vérifier les champs signalés et réessayer.', sw: 'Tafadhali angalia sehemu zilizowekwa alama kisha ujaribu tena.' },
  confirmInvalid: { fr: 'Ce lien de confirmation n’est pas valide. Il a peut-être été mal copié.', sw: 'Kiungo hiki cha kuthibitisha si sahihi. Huenda hakikunakiliwa chote.' },
  unsubscribeInvalid: { fr: 'Ce lien de désabonnement n’est pas valide. Il a peut-être été mal copié.', sw: 'Kiungo hiki cha kujiondoa si sahihi. Huenda hakikunakiliwa chote.' },
} as const;

const SUCCESSES = {
  contactSuccess: { fr: 'Merci pour votre message ! Nous vous répondrons bientôt.', sw: 'Asante kwa ujumbe wako! Tutakujibu hivi karibuni.' },
  newsletterThankYou: { fr: 'Merci !', sw: 'Asante!' },
  volunteerSuccess: { fr: 'Merci pour votre candidature de bénévole chez SIPA !', sw: 'Asante kwa kuomba kujitolea na SIPA!' },
  partnershipSuccess: { fr: 'Merci de votre intérêt pour un partenariat avec SIPA !', sw: 'Asante kwa kutaka kushirikiana na SIPA!' },
  newsletterSent: { fr: 'C’est fait ! Lettre d’information envoyée à {count} abonnés', sw: 'Imefanikiwa! Jarida limetumwa kwa watu {count} waliojiandikisha' },
} as const;

const catalogues: Record<'en' | 'fr' | 'sw', Record<string, string>> = { en, fr, sw };

describe('failure and success messages in French and Swahili', () => {
  for (const [kind, table] of [['failure', FAILURES], ['success', SUCCESSES]] as const) {
    for (const [key, texts] of Object.entries(table)) {
      it(`${kind}: ${key}`, () => {
        expect(catalogues.en[key]).toBeTypeOf('string');
        expect(catalogues.fr[key]).toBe(texts.fr);
        expect(catalogues.sw[key]).toBe(texts.sw);
      });
    }
  }

  it('no failure is worded like a success of the same language', () => {
    for (const lang of ['fr', 'sw'] as const) {
      const successes = new Set(Object.values(SUCCESSES).map((texts) => texts[lang]));
      for (const texts of Object.values(FAILURES)) expect(successes.has(texts[lang])).toBe(false);
    }
  });
});
