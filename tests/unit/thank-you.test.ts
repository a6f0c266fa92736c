import { describe, expect, it } from 'vitest';
import {
  donationCompleteParams,
  donationEventKey,
  impactLevels,
  parseThankYouQuery,
  thankYouContent,
  THANK_YOU_TEXTS_EN,
  type ThankYouTexts,
} from '../../src/lib/thank-you.ts';
import en from '../../content/messages/pages/en.json' with { type: 'json' };
import fr from '../../content/messages/pages/fr.json' with { type: 'json' };
import sw from '../../content/messages/pages/sw.json' with { type: 'json' };

const NBSP = '\u00a0';

/** The words the page hands its script, from a catalogue (as src/components/thank-you/ThankYouPage.astro does). */
function textsFrom(catalogue: Record<string, string>): ThankYouTexts {
  return {
    eyebrowOnce: catalogue.thanks_eyebrow_once!,
    eyebrowMonthly: catalogue.thanks_eyebrow_monthly!,
    leadOnce: catalogue.thanks_lead_once!,
    leadOnceAmount: catalogue.thanks_lead_once_amount!,
    leadMonthly: catalogue.thanks_lead_monthly!,
    leadMonthlyAmount: catalogue.thanks_lead_monthly_amount!,
    levelReached: catalogue.thanks_level_reached!,
  };
}

describe('parseThankYouQuery', () => {
  it('reads a one-time gift', () => {
    expect(parseThankYouQuery('?amount=50')).toEqual({ amount: 50, recurring: false });
  });

  it('reads a monthly gift only from recurring=true', () => {
    expect(parseThankYouQuery('?amount=25&recurring=true')).toEqual({ amount: 25, recurring: true });
    expect(parseThankYouQuery('?amount=25&recurring=TRUE').recurring).toBe(false);
    expect(parseThankYouQuery('?amount=25&recurring=1').recurring).toBe(false);
    expect(parseThankYouQuery(new URLSearchParams('amount=25&recurring=true')).recurring).toBe(true);
  });

  it('reads amounts with cents', () => {
    expect(parseThankYouQuery('?amount=37.50').amount).toBe(37.5);
    expect(parseThankYouQuery('?amount=0.5').amount).toBe(0.5);
  });

  it.each([
    ['missing', ''],
    ['empty', '?amount='],
    ['not a number', '?amount=abc'],
    ['markup', '?amount=%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['a number followed by markup', '?amount=50%3Cimg%20src%3Dx%3E'],
    ['zero', '?amount=0'],
    ['negative', '?amount=-50'],
    ['exponent', '?amount=1e3'],
    ['hex', '?amount=0x20'],
    ['Infinity', '?amount=Infinity'],
    ['NaN', '?amount=NaN'],
    ['too many decimals', '?amount=10.001'],
    ['absurdly large', '?amount=999999999'],
    ['over the maximum', '?amount=100000.01'],
    ['a list', '?amount=10,20'],
  ])('gives no amount when it is %s', (_label, search) => {
    expect(parseThankYouQuery(search).amount).toBeNull();
  });
});

describe('thankYouContent', () => {
  it('thanks a one-time giver with the formatted amount', () => {
    const content = thankYouContent({ amount: 50, recurring: false }, 'SIPA');
    expect(content.eyebrow).toBe('Donation received');
    expect(content.lead).toContain('Your gift of $50 ');
    expect(content.inCircle).toBe(false);
  });

  it('thanks a monthly giver differently and places $25 or more in the circle', () => {
    const content = thankYouContent({ amount: 25, recurring: true }, 'SIPA');
    expect(content.eyebrow).toBe('Monthly gift confirmed');
    expect(content.lead).toContain('Your monthly gift of $25 ');
    expect(content.lead).toContain('SIPA');
    expect(content.inCircle).toBe(true);
    expect(thankYouContent({ amount: 24.99, recurring: true }, 'SIPA').inCircle).toBe(false);
  });

  it('leaves the amount out when there is none', () => {
    const once = thankYouContent({ amount: null, recurring: false }, 'SIPA');
    expect(once.lead).toMatch(/^Your gift is already at work/);
    expect(once.lead).not.toMatch(/\$|\d/);
    const monthly = thankYouContent({ amount: null, recurring: true }, 'SIPA');
    expect(monthly.lead).toMatch(/^Your monthly gift gives/);
    expect(monthly.inCircle).toBe(false);
  });

  it('never repeats raw query text', () => {
    const hostile = '?amount=50<script>alert(1)</script>&recurring=true';
    const content = thankYouContent(parseThankYouQuery(hostile), 'SIPA');
    expect(JSON.stringify(content)).not.toMatch(/script|alert|</);
    expect(content.lead).not.toContain('$');
  });
});

describe('thankYouContent in every language', () => {
  it('the script’s English default is the English catalogue', () => {
    expect(textsFrom(en)).toEqual(THANK_YOU_TEXTS_EN);
  });

  it('thanks in French with the amount written the French way', () => {
    const once = thankYouContent({ amount: 50, recurring: false }, 'SIPA', textsFrom(fr), 'fr');
    expect(once.eyebrow).toBe('Don reçu');
    expect(once.lead).toBe(`Votre don de 50${NBSP}$ aide déjà des familles à s’installer, à apprendre et à bien vivre dans le nord du Texas.`);
    const monthly = thankYouContent({ amount: 25.5, recurring: true }, 'SIPA', textsFrom(fr), 'fr');
    expect(monthly.eyebrow).toBe('Don mensuel confirmé');
    expect(monthly.lead).toBe(`Votre don mensuel de 25,50${NBSP}$ donne aux familles une aide sûre, mois après mois. Merci d’être aux côtés de SIPA toute l’année.`);
  });

  it('thanks in Swahili, the dollar sign before the number', () => {
    const monthly = thankYouContent({ amount: 100, recurring: true }, 'SIPA', textsFrom(sw), 'sw');
    expect(monthly.eyebrow).toBe('Mchango wa kila mwezi umethibitishwa');
    expect(monthly.lead).toBe('Mchango wako wa kila mwezi wa $100 unazipa familia msaada wa kudumu, mwezi baada ya mwezi. Asante kwa kusimama na SIPA mwaka mzima.');
    expect(thankYouContent({ amount: null, recurring: false }, 'SIPA', textsFrom(sw), 'sw').lead).toBe('Mchango wako tayari unasaidia familia kutulia, kujifunza na kustawi Kaskazini mwa Texas.');
  });

  it('writes the ladder’s amounts the language’s way', () => {
    expect(impactLevels(60, 'fr').map((level) => [level.label, level.reached])).toEqual([
      [`25${NBSP}$`, true],
      [`50${NBSP}$`, true],
      [`100${NBSP}$`, false],
      [`250${NBSP}$`, false],
    ]);
    expect(impactLevels(null, 'sw').map((level) => level.label)).toEqual(['$25', '$50', '$100', '$250']);
  });
});

describe('impactLevels', () => {
  it('lists every level and marks those the gift reaches', () => {
    expect(impactLevels(100).map((level) => [level.label, level.reached])).toEqual([
      ['$25', true],
      ['$50', true],
      ['$100', true],
      ['$250', false],
    ]);
    expect(impactLevels(null).every((level) => !level.reached)).toBe(true);
    expect(impactLevels(10).every((level) => !level.reached)).toBe(true);
    expect(impactLevels(250)[3]).toEqual({ amount: 250, label: '$250', impact: 'job training for new arrivals', reached: true });
  });
});

describe('donation_complete', () => {
  it('labels the gift recurring or one-time with its amount', () => {
    expect(donationCompleteParams({ amount: 25, recurring: true })).toEqual({
      amount: 25,
      value: 25,
      currency: 'USD',
      donation_type: 'recurring',
      event_label: 'recurring',
    });
    expect(donationCompleteParams({ amount: 50, recurring: false })).toMatchObject({ amount: 50, event_label: 'one-time' });
  });

  it('sends nothing without a valid amount', () => {
    expect(donationCompleteParams(parseThankYouQuery('?amount=abc'))).toBeNull();
  });

  it('keys the once-per-visit guard on the gift', () => {
    expect(donationEventKey({ amount: 25, recurring: true })).not.toBe(donationEventKey({ amount: 25, recurring: false }));
    expect(donationEventKey({ amount: 25, recurring: true })).toBe(donationEventKey(parseThankYouQuery('?recurring=true&amount=25.00')));
  });
});
