import { describe, expect, test } from 'vitest';
import { countInWords, countInWordsCapitalised } from '../../src/lib/count-words.ts';

describe('counts in running text', () => {
  test('small counts are words, larger ones digits', () => {
    expect(countInWords(5)).toBe('five');
    expect(countInWords(12)).toBe('twelve');
    expect(countInWords(13)).toBe('13');
    expect(countInWords(1500)).toBe('1,500');
  });
  test('a sentence can start with one', () => {
    expect(countInWordsCapitalised(5)).toBe('Five');
    expect(countInWordsCapitalised(6)).toBe('Six');
    expect(countInWordsCapitalised(20)).toBe('20');
  });
});
