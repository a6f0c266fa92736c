import { describe, expect, it } from 'vitest';
import { localCalendarDay, localDay } from '../../src/lib/local-day.ts';

describe('the visitor’s local day', () => {
  it('reads the calendar day in the visitor’s own time zone, not UTC', () => {
    const lateEvening = new Date(2026, 0, 5, 23, 59);
    expect(localCalendarDay(lateEvening)).toEqual({ year: 2026, month: 1, day: 5 });
    expect(localDay(lateEvening)).toBe('2026-01-05');
  });

  it('pads month and day to two digits', () => {
    expect(localDay(new Date(2026, 8, 3, 0, 0))).toBe('2026-09-03');
  });
});
