/**
 * src/lib/messages.ts is the one way to read the interface messages, on the server and in the
 * browser: no build step swaps it for another module. Where there is a page, its catalogue is the
 * page's language; where there is none (the API, the build), English.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import en from '../../content/messages/en.json' with { type: 'json' };
import fr from '../../content/messages/fr.json' with { type: 'json' };
import sw from '../../content/messages/sw.json' with { type: 'json' };

async function messagesOnPage(lang: string | undefined) {
  vi.resetModules();
  if (lang !== undefined) vi.stubGlobal('document', { documentElement: { lang } });
  return import('../../src/lib/messages.ts');
}

afterEach(() => vi.unstubAllGlobals());

describe('MESSAGES', () => {
  test('without a page (the API, the build) it is the English catalogue', async () => {
    const { MESSAGES, newsletterSent } = await messagesOnPage(undefined);
    expect(MESSAGES.fieldRequired).toBe(en.fieldRequired);
    expect(newsletterSent(3)).toBe('Success! Newsletter sent to 3 subscribers');
  });

  for (const [lang, catalogue] of [['fr-FR', fr], ['sw', sw], ['en-US', en]] as const) {
    test(`on a page whose <html lang> is ${lang} it is that language's catalogue`, async () => {
      const { MESSAGES, donationTooLarge } = await messagesOnPage(lang);
      expect(MESSAGES.fieldRequired).toBe(catalogue.fieldRequired);
      expect(MESSAGES.networkProblem).toBe(catalogue.networkProblem);
      expect(donationTooLarge('$10,000')).toBe(catalogue.donationTooLarge.replace('{max}', '$10,000'));
    });
  }

  test('a page in a language the site does not have gets English, never nothing', async () => {
    const { MESSAGES } = await messagesOnPage('de');
    expect(MESSAGES.fieldRequired).toBe(en.fieldRequired);
  });
});
