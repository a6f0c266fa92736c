import { describe, expect, it } from 'vitest';
import { dayStart, ORGANISATION_TIME_ZONE, yearBounds, zonedDateTime, zonedMidnight, zonedYear, zonedYearMonth } from '../../src/lib/organisation-calendar.ts';

describe('the organisation’s calendar (Central time)', () => {
  it('is the zone content/site.json names', () => {
    expect(ORGANISATION_TIME_ZONE).toBe('America/Chicago');
  });

  it('cuts years at midnight in Texas, not in UTC', () => {
    expect(yearBounds(2026)).toEqual(['2026-01-01T06:00:00.000Z', '2027-01-01T06:00:00.000Z']);
    // 7:30 PM and 11:59 PM on 31 December are that year; 12:01 AM on 1 January the next.
    expect(zonedYear('2027-01-01T01:30:00.000Z')).toBe(2026);
    expect(zonedYear('2027-01-01T05:59:00.000Z')).toBe(2026);
    expect(zonedYear('2027-01-01T06:01:00.000Z')).toBe(2027);
    expect(zonedYearMonth(new Date('2027-01-01T05:59:00.000Z'))).toEqual({ year: 2026, month: 11 });
  });

  it('finds midnight on the days the clocks change (daylight time starts and ends at 2 AM)', () => {
    expect(zonedMidnight(2026, 2, 8)).toBe('2026-03-08T06:00:00.000Z');
    expect(zonedMidnight(2026, 2, 9)).toBe('2026-03-09T05:00:00.000Z');
    expect(zonedMidnight(2026, 10, 1)).toBe('2026-11-01T05:00:00.000Z');
    expect(zonedMidnight(2026, 10, 2)).toBe('2026-11-02T06:00:00.000Z');
    // Months and days that run over, as Date.UTC's do.
    expect(zonedMidnight(2026, 12, 1)).toBe('2027-01-01T06:00:00.000Z');
    expect(dayStart('2026-12-31', 1)).toBe('2027-01-01T06:00:00.000Z');
  });

  it('writes an instant as Texas reads it, for spreadsheets', () => {
    expect(zonedDateTime('2027-01-01T01:30:00.000Z')).toBe('2026-12-31 19:30');
    expect(zonedDateTime('2026-07-04T17:00:00.000Z')).toBe('2026-07-04 12:00');
  });
});
