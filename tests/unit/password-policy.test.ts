import { describe, expect, it } from 'vitest';
import { PASSWORD_SPECIAL_CHARACTERS, confirmationProblem, passwordProblems } from '../../src/lib/password-policy.ts';

describe('the staff password policy', () => {
  it('lists every broken rule in the spec order with the spec texts', () => {
    expect(passwordProblems('')).toEqual([
      'Password must have at least 8 characters',
      'Password must have lower case letters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]);
    expect(passwordProblems('abcdefgh')).toEqual(['Password must have upper case letters', 'Password must have numbers', 'Password must have special characters']);
    expect(passwordProblems('Abcdefg1!')).toEqual([]);
    expect(passwordProblems('Abc1!xy')).toEqual(['Password must have at least 8 characters']);
  });

  it('counts exactly the 33 special characters of the hosted policy, space included', () => {
    const specials = ' ^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';
    expect([...specials]).toHaveLength(33);
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe(specials);
    for (const ch of specials) expect(passwordProblems(`Abcdefg1${ch}`), JSON.stringify(ch)).toEqual([]);
    for (const ch of ['€', '§', 'é', '¡']) expect(passwordProblems(`Abcdefg1${ch}`)).toEqual(['Password must have special characters']);
  });

  it("says 'Your passwords must match' only once both have 6 characters and they differ", () => {
    expect(confirmationProblem('Abcde', 'Abcdx')).toBeNull();
    expect(confirmationProblem('Abcdef', 'Abcde')).toBeNull();
    expect(confirmationProblem('Abcdef', 'Abcdeg')).toBe('Your passwords must match');
    expect(confirmationProblem('Abcdef1!', 'Abcdef1!')).toBeNull();
  });
});
