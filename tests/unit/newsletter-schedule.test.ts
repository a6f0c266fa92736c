import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, ORGANISATION_TIME_ZONE, isoToZonedTime, scheduledTime, scheduledTimeShort, zoneName, zonedTimeToIso } from '../../src/lib/newsletter-schedule.ts';

describe('a newsletter\'s time is entered and shown in the organisation\'s time zone', () => {
  it('is Central time unless content/site.json names another zone', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/Chicago');
    expect(ORGANISATION_TIME_ZONE).toBe('America/Chicago');
    expect(zoneName()).toBe('Central Time');
    expect(zoneName('Europe/Paris')).toBe('Central European Time');
  });

  it('reads a wall-clock time in the zone as the instant it names, in winter and in summer', () => {
    expect(zonedTimeToIso('2026-11-27T10:32')).toBe('2026-11-27T16:32:00.000Z');
    expect(zonedTimeToIso('2026-07-04T09:00')).toBe('2026-07-04T14:00:00.000Z');
    expect(zonedTimeToIso('2026-07-04T09:00:30')).toBe('2026-07-04T14:00:30.000Z');
    expect(zonedTimeToIso('2026-11-27T10:32', 'Europe/Paris')).toBe('2026-11-27T09:32:00.000Z');
  });

  it('on the days the clocks change: the skipped hour is read as daylight time, the repeated one as its first', () => {
    expect(zonedTimeToIso('2026-03-08T01:59')).toBe('2026-03-08T07:59:00.000Z');
    expect(zonedTimeToIso('2026-03-08T02:30')).toBe('2026-03-08T08:30:00.000Z');
    expect(zonedTimeToIso('2026-03-08T03:30')).toBe('2026-03-08T08:30:00.000Z');
    expect(zonedTimeToIso('2026-11-01T01:30')).toBe('2026-11-01T06:30:00.000Z');
    expect(zonedTimeToIso('2026-11-01T02:30')).toBe('2026-11-01T08:30:00.000Z');
  });

  it('refuses what is no time', () => {
    for (const text of ['', 'tomorrow', '2026-11-31T10:00', '2026-13-01T10:00', '2026-11-27 10:32', '2026-11-27T25:00']) expect(zonedTimeToIso(text)).toBeNull();
  });

  it('shows an instant as the zone\'s wall-clock time, and names it in full and short', () => {
    expect(isoToZonedTime('2026-11-27T16:32:00.000Z')).toBe('2026-11-27T10:32');
    expect(isoToZonedTime(Date.parse('2026-07-04T14:00:59.000Z'))).toBe('2026-07-04T09:00');
    expect(scheduledTime('2026-11-27T16:32:00.000Z')).toBe('Friday, November 27, 2026 at 10:32 AM Central Standard Time');
    expect(scheduledTimeShort('2026-07-04T14:00:00.000Z')).toBe('Jul 4, 2026, 9:00 AM CDT');
  });
});
