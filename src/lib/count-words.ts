/** A small count as a word in running text ("five programs"); larger ones as digits. */
const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

export function countInWords(n: number): string {
  return WORDS[n] ?? n.toLocaleString('en-US');
}

/** The same, starting a sentence ("Five programs, one welcome."). */
export function countInWordsCapitalised(n: number): string {
  const word = countInWords(n);
  return word.charAt(0).toUpperCase() + word.slice(1);
}
