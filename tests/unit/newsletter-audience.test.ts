import { describe, expect, it } from 'vitest';
import { confirmSendDetail, confirmSendQuestion } from '../../src/lib/newsletter-audience.ts';

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

describe('the confirmation names the chosen audience and, for a scheduled send, when', () => {
  const counts = { en: 900, fr: 200, sw: 134 };
  it('one language: its subscribers only, named in English', () => {
    expect(confirmSendQuestion(counts, { lang: 'fr' })).toBe('Send to 200 French-language subscribers?');
    expect(confirmSendQuestion({ en: 0, fr: 0, sw: 1 }, { lang: 'sw' })).toBe('Send to 1 Swahili-language subscriber?');
    expect(confirmSendQuestion({ en: 1500, fr: 0, sw: 0 }, { lang: 'en' })).toBe('Send to 1,500 English-language subscribers?');
  });
  it('scheduled: the time in the organisation\'s zone, with the zone named', () => {
    expect(confirmSendQuestion(counts, { at: '2026-11-27T16:32:00.000Z' })).toBe(
      'Send to 1,234 subscribers on Friday, November 27, 2026 at 10:32 AM Central Standard Time: 900 English, 200 French, 134 Swahili?',
    );
    expect(confirmSendQuestion(counts, { lang: 'fr', at: '2026-07-04T14:00:00.000Z' })).toBe('Send to 200 French-language subscribers on Saturday, July 4, 2026 at 9:00 AM Central Daylight Time?');
  });
  it('the line under it says to whom, when, and whether it can be stopped', () => {
    expect(confirmSendDetail('Autumn gathering')).toBe('“Autumn gathering” goes out now, to every confirmed subscriber. It cannot be unsent.');
    expect(confirmSendDetail('Autumn gathering', { lang: 'fr' })).toBe('“Autumn gathering” goes out now, to every confirmed subscriber who signed up in French. It cannot be unsent.');
    expect(confirmSendDetail('Autumn gathering', { lang: 'sw', at: '2026-07-04T14:00:00.000Z' })).toBe(
      '“Autumn gathering” goes out at that time, to every confirmed subscriber who signed up in Swahili then. Until it starts, Cancel in the history below stops it.',
    );
  });
});
