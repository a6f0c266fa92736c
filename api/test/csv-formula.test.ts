/**
 * The CSV export's formula guard on the cell writer: every sign a spreadsheet could run, in its
 * look-alike forms and behind characters nobody sees, gets the apostrophe; text that only holds
 * such signs later, or starts with a letter or digit, is left as it was written.
 */
import { describe, expect, test } from 'vitest';
import { csvCell } from '../src/inbox/csv.ts';

describe('csvCell and formula look-alikes', () => {
  test.each([
    ['subscript equals ₌ (U+208C)', '\u208C1+1'],
    ['superscript equals ⁼ (U+207C)', '\u207CSUM(A1)'],
    ['superscript plus', '\u207A1'],
    ['subscript plus', '\u208A1'],
    ['superscript minus', '\u207B1'],
    ['subscript minus', '\u208B1'],
    ['small commercial at ﹫', '\uFE6BSUM(A1)'],
    ['fullwidth ＝', '\uFF1D1+1'],
    ['fullwidth ＋', '\uFF0B1'],
    ['fullwidth －', '\uFF0D1'],
    ['fullwidth ＠', '\uFF20SUM(A1)'],
    ['= after a zero-width space', '\u200B=HYPERLINK("http://evil")'],
    ['+ after a zero-width joiner', '\u200D+1'],
    ['- after a word joiner', '\u2060-1+2'],
    ['@ after a byte order mark', '\uFEFF@SUM(A1)'],
    ['= after a left-to-right mark', '\u200E=1+1'],
    ['= after a right-to-left override', '\u202E=1+1'],
    ['= after a soft hyphen', '\u00AD=1+1'],
    ['= after spaces', '   =1+1'],
    ['= after a no-break space', '\u00A0=1+1'],
    ['= after a line feed', '\n=1+1'],
    ['= after a Hangul filler', '\u3164=1+1'],
    ['fullwidth ＝ after a zero-width space', '\u200B\uFF1D1+1'],
    ['subscript equals after several invisible characters', '\u200B\u200E\u2060 \u208C1+1'],
    ['the minus sign − after a zero-width space', '\u200B\u22121'],
  ])('%s gets the apostrophe', (_, cell) => {
    // The apostrophe first, then every character the cell had.
    expect(csvCell(cell).replace(/^"|"$/g, '').replace(/""/g, '"')).toBe(`'${cell}`);
  });

  test('text that only holds the signs later, or a letter or digit first, is left as written', () => {
    for (const cell of ['1 ₌ 1', 'a⁼b', 'Amara\u200B=', 'café', '\u200BAmara', ' 42', 'x = y', '2 − 1']) expect(csvCell(cell)).toBe(cell);
  });

  test('the ASCII signs, tab and CR keep their apostrophe', () => {
    expect(['=1', '+1', '-1', '@A1', '\tx'].map(csvCell)).toEqual(["'=1", "'+1", "'-1", "'@A1", "'\tx"]);
    expect(csvCell('\rx')).toBe('"\'\rx"');
  });
});
