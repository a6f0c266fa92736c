import { describe, expect, it } from 'vitest';
import { confirmSendQuestion } from '../../src/lib/newsletter-audience.ts';

describe('the newsletter confirmation names the audience and its size per language', () => {
  it('counts with thousands separators, in the languages\' order', () => {
    expect(confirmSendQuestion({ en: 900, fr: 200, sw: 134 })).toBe('Send to 1,234 subscribers: 900 English, 200 French, 134 Swahili?');
    expect(confirmSendQuestion({ en: 12_000, fr: 0, sw: 3 })).toBe('Send to 12,003 subscribers: 12,000 English, 3 Swahili?');
  });
  it('says subscriber for one and names no language for nobody', () => {
    expect(confirmSendQuestion({ en: 0, fr: 1, sw: 0 })).toBe('Send to 1 subscriber: 1 French?');
    expect(confirmSendQuestion({ en: 0, fr: 0, sw: 0 })).toBe('Send to 0 subscribers?');
  });
});
