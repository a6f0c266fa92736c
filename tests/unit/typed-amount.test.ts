import { describe, expect, it } from 'vitest';
import { decimalMark, parseTypedAmount } from '../../src/lib/typed-amount.ts';
import type { Lang } from '../../src/lib/i18n/languages.ts';

/**
 * What each text typed into "Other amount" means on each language's page: a number of dollars,
 * or null when the form refuses it (and says how to write an amount in that language).
 */
const TABLE: readonly [typed: string, en: number | null, fr: number | null, sw: number | null][] = [
  ['40,50', 40.5, 40.5, 40.5],
  ['40.50', 40.5, 40.5, 40.5],
  ['40', 40, 40, 40],
  ['1 000', 1000, 1000, 1000],
  ['1\u202f000', 1000, 1000, 1000],
  ['1\u00a0000,50', 1000.5, 1000.5, 1000.5],
  ['1,000.50', 1000.5, 1000.5, 1000.5],
  ['1.000,50', 1000.5, 1000.5, 1000.5],
  // One mark before exactly three digits: thousands where that mark groups digits, refused
  // where it is the decimal mark (one dollar or a thousand: the visitor must say which).
  ['1,000', 1000, null, 1000],
  ['1.000', null, 1000, null],
  ['12,345', 12345, null, 12345],
  ['1,000,000', null, null, null], // read as a million, then above the maximum
  ['$40', 40, 40, 40],
  ['40 $', 40, 40, 40],
  ['40,5', 40.5, 40.5, 40.5],
  ['10 00', null, null, null],
  ['1,0000', null, null, null],
  ['1,00,000', null, null, null],
  ['1.000.50', null, null, null],
  ['40,505', 40505, null, 40505],
  ['40.505', null, 40505, null],
  ['40,', null, null, null],
  [',50', null, null, null],
  ['-5', null, null, null],
  ['1e3', null, null, null],
  ['abc', null, null, null],
  ['0,50', null, null, null], // below the minimum of $1
];

const LANGS = ['en', 'fr', 'sw'] as const satisfies readonly Lang[];

describe('parseTypedAmount', () => {
  for (const [index, lang] of LANGS.entries()) {
    describe(lang, () => {
      it.each(TABLE.map((row) => [row[0], row[index + 1]] as const))('reads %j as %s', (typed, expected) => {
        const result = parseTypedAmount(typed, lang);
        if (expected === null) expect(result.ok).toBe(false);
        else expect(result).toEqual({ ok: true, amount: expected });
      });
    });
  }

  it('tells a malformed amount from a missing, a small and a large one', () => {
    expect(parseTypedAmount('', 'fr')).toMatchObject({ ok: false, reason: 'missing' });
    expect(parseTypedAmount('  ', 'sw')).toMatchObject({ ok: false, reason: 'missing' });
    expect(parseTypedAmount('1,000', 'fr')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(parseTypedAmount('1.000', 'en')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(parseTypedAmount('0,50', 'fr')).toMatchObject({ ok: false, reason: 'too-small' });
    expect(parseTypedAmount('100 000,01', 'fr')).toMatchObject({ ok: false, reason: 'too-large' });
    expect(parseTypedAmount('100 000', 'fr')).toEqual({ ok: true, amount: 100000 });
  });

  it('takes each language’s decimal mark from Intl', () => {
    expect(decimalMark('en')).toBe('.');
    expect(decimalMark('fr')).toBe(',');
    expect(decimalMark('sw')).toBe('.');
  });
});

describe('the hint and the error write amounts as the language does', async () => {
  const catalogues = {
    en: (await import('../../content/messages/en.json')).default,
    fr: (await import('../../content/messages/fr.json')).default,
    sw: (await import('../../content/messages/sw.json')).default,
  };
  it.each([
    ['en', 'Minimum {min}, in US dollars and cents (for example 40 or 40.50).', 'Enter an amount of at least $1, in dollars and cents (for example 40 or 40.50)'],
    ['fr', 'Minimum {min}, en dollars américains et en cents (par exemple 40 ou 40,50).', 'Saisissez un montant d’au moins 1 $, en dollars et en cents (par exemple 40 ou 40,50)'],
    ['sw', 'Kiwango cha chini ni {min}, kwa dola za Marekani na senti (kwa mfano 40 au 40.50).', 'Andika kiasi cha angalau $1, kwa dola na senti (kwa mfano 40 au 40.50)'],
  ] as const)('%s', (lang, hint, error) => {
    expect(catalogues[lang].donationMinimum).toBe(hint);
    expect(catalogues[lang].donationCustomInvalid).toBe(error);
    // Each example the texts give is an amount the form reads, as itself.
    const examples = hint.match(/\d+(?:[.,]\d+)?/g)!;
    expect(examples).toEqual(error.match(/(?<=\()[^)]*/)![0].match(/\d+(?:[.,]\d+)?/g));
    for (const example of examples) expect(parseTypedAmount(example, lang)).toEqual({ ok: true, amount: Number(example.replace(',', '.')) });
  });
});
