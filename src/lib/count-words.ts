/**
 * A small count as a word in English running text ("five programs"); larger ones as digits.
 * French and Swahili pages show digits: plainer for readers with little schooling, and a
 * Swahili number word would have to agree with its noun's class.
 */
import { DEFAULT_LANG, type Lang } from './i18n/languages.ts';
import { formatNumber } from './i18n/format.ts';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

export function countInWords(n: number, lang: Lang = DEFAULT_LANG): string {
  if (lang !== DEFAULT_LANG) return formatNumber(n, lang);
  return WORDS[n] ?? n.toLocaleString('en-US');
}

/** The same, starting a sentence ("Five programs, one welcome."). */
export function countInWordsCapitalised(n: number, lang: Lang = DEFAULT_LANG): string {
  const word = countInWords(n, lang);
  return word.charAt(0).toUpperCase() + word.slice(1);
}
