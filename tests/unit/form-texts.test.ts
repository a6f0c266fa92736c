/**
 * The strings the form islands show (textsIn, as the build renders them) and the translation of the
 * shared schemas' English field errors. Expected texts are written out: the English ones are the
 * spec's words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { message, translateText } from '../../src/lib/i18n/catalogue.ts';
import { FORM_KIT_TEXTS, fill, textsIn, localizeError, localizeErrors } from '../../src/islands/form-kit/texts.ts';
import { CONTACT_FORM_TEXTS } from '../../src/islands/ContactForm.tsx';
import { VOLUNTEER_FORM_TEXTS } from '../../src/islands/VolunteerForm.tsx';
import { PARTNERSHIP_FORM_TEXTS } from '../../src/islands/PartnershipForm.tsx';
import { NEWSLETTER_FORM_TEXTS } from '../../src/islands/NewsletterForm.tsx';
import { DONATION_FORM_TEXTS } from '../../src/islands/DonationForm.tsx';
import { CONTACT_RESPONSE_PROMISE, PARTNERSHIP_RESPONSE_PROMISE, VOLUNTEER_RESPONSE_PROMISE } from '../../src/lib/constants.ts';

const NBSP = '\u00a0';

describe('textsIn', () => {
  test('gives exactly the keys asked for, in the language asked for', () => {
    expect(textsIn('fr', ['contactSubmit', 'formOptional'])).toEqual({ contactSubmit: 'Envoyer le message', formOptional: '(facultatif)' });
    expect(textsIn('sw', ['contactSubmit', 'formOptional'])).toEqual({ contactSubmit: 'Tuma ujumbe', formOptional: '(si lazima)' });
  });

  test('English keeps the spec’s words', () => {
    expect(textsIn('en', ['contactSubmit', 'contactSending', 'volunteerSubmit', 'formSubmitting', 'volunteerAnother', 'partnershipSubmit', 'newsletterSubscribe', 'newsletterThankYou', 'contactSuccess'])).toEqual({
      contactSubmit: 'Send Message',
      contactSending: 'Sending...',
      volunteerSubmit: 'Submit Application',
      formSubmitting: 'Submitting...',
      volunteerAnother: 'Submit Another Application',
      partnershipSubmit: 'Submit Inquiry',
      newsletterSubscribe: 'Subscribe',
      newsletterThankYou: 'Thank You!',
      contactSuccess: 'Thank you for your message! We will get back to you soon.',
    });
  });

  test('the response promises in the catalogue are the constants’ words', () => {
    expect(message('en', 'volunteerResponsePromise')).toBe(VOLUNTEER_RESPONSE_PROMISE);
    expect(message('en', 'partnershipResponsePromise')).toBe(PARTNERSHIP_RESPONSE_PROMISE);
    expect(message('en', 'contactResponsePromise')).toBe(CONTACT_RESPONSE_PROMISE);
    expect(VOLUNTEER_RESPONSE_PROMISE).toBe('Our volunteer coordinator will contact you within 5 business days.');
  });

  test.each([
    ['contact', CONTACT_FORM_TEXTS],
    ['volunteer', VOLUNTEER_FORM_TEXTS],
    ['partnership', PARTNERSHIP_FORM_TEXTS],
    ['newsletter', NEWSLETTER_FORM_TEXTS],
    ['donation', DONATION_FORM_TEXTS],
  ] as const)('the %s form’s texts are all there, none empty, in every language', (_, keys) => {
    for (const lang of ['en', 'fr', 'sw'] as const) {
      const texts = textsIn(lang, keys);
      expect(Object.keys(texts).sort()).toEqual([...new Set(keys)].sort());
      for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
    }
  });

  test('every form island carries the shared parts’ words', () => {
    for (const keys of [CONTACT_FORM_TEXTS, VOLUNTEER_FORM_TEXTS, PARTNERSHIP_FORM_TEXTS, NEWSLETTER_FORM_TEXTS]) {
      expect(keys).toEqual(expect.arrayContaining([...FORM_KIT_TEXTS]));
    }
  });
});

describe('message and fill', () => {
  test('placeholders are filled; an unknown one is left as written', () => {
    expect(message('fr', 'donationDonateMonthly', { amount: `25${NBSP}$` })).toBe(`Donner 25${NBSP}$ par mois`);
    expect(message('sw', 'mailHello', { name: 'Amina' })).toBe('Habari Amina,');
    expect(fill('Minimum {min}, {unknown}', { min: '$1' })).toBe('Minimum $1, {unknown}');
  });
});

describe('field errors in the visitor’s language', () => {
  test('the schemas’ English errors become the catalogue’s text in the language', () => {
    expect(translateText('This field is required', 'fr')).toBe('Ce champ est obligatoire');
    expect(translateText('Please enter a valid email', 'sw')).toBe('Tafadhali andika barua pepe sahihi');
    expect(translateText('This field is required', 'en')).toBe('This field is required');
    expect(translateText('Some text of no catalogue', 'fr')).toBe('Some text of no catalogue');
  });

  test('in the islands, from the texts the page handed over', () => {
    const texts = textsIn('fr', FORM_KIT_TEXTS);
    expect(localizeError('This field is required', texts)).toBe('Ce champ est obligatoire');
    expect(localizeErrors({ email: 'Please enter a valid email', name: 'This is too long' }, texts)).toEqual({
      email: 'Veuillez saisir une adresse e-mail valide',
      name: 'Ce texte est trop long',
    });
    expect(localizeError('A server’s own words', texts)).toBe('A server’s own words');
  });
});

describe('no island carries a catalogue', () => {
  test('no file under src/islands/ imports the catalogues module, a catalogue file or Paraglide', () => {
    const root = join(import.meta.dirname, '..', '..', 'src', 'islands');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((name) => /\.tsx?$/.test(name));
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter((name) => /(?:from|import)\s*\(?\s*['"][^'"]*(?:i18n\/catalogue|content\/messages\/|paraglide)/.test(readFileSync(join(root, name), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
