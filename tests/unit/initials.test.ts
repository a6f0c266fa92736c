import { describe, expect, it } from 'vitest';
import { initials } from '../../src/lib/initials.ts';

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Ngozi Adeyemi')).toBe('NA');
    expect(initials('  grace  ama   mensah ')).toBe('GM');
  });
  it('handles a single name and an empty one', () => {
    expect(initials('Fatima')).toBe('F');
    expect(initials('   ')).toBe('?');
  });
});
