import { describe, expect, it } from 'vitest';
import {
  calendarMonthsBetween,
  parseCalendarDay,
  programStatus,
  statusLabel,
} from '../../src/lib/program-status.ts';

const day = (value: string) => parseCalendarDay(value);

describe('programStatus', () => {
  const program = { startDate: '2025-01-10' };

  it('is upcoming before the start date', () => {
    expect(programStatus(program, day('2024-12-31'))).toBe('upcoming');
    expect(programStatus(program, day('2024-06-15'))).toBe('upcoming');
  });

  it('is upcoming on the start day and for the rest of the start month', () => {
    expect(programStatus(program, day('2025-01-10'))).toBe('upcoming');
    expect(programStatus(program, day('2025-01-31'))).toBe('upcoming');
  });

  it('turns active on the first day of the next calendar month', () => {
    expect(programStatus(program, day('2025-02-01'))).toBe('active');
    expect(programStatus(program, day('2025-02-09'))).toBe('active');
  });

  it('counts calendar months across a year boundary', () => {
    const december = { startDate: '2025-12-20' };
    expect(programStatus(december, day('2025-12-31'))).toBe('upcoming');
    expect(programStatus(december, day('2026-01-01'))).toBe('active');
  });

  it('uses a status given in the content whatever the date', () => {
    expect(programStatus({ startDate: '2025-01-10', status: 'paused' }, day('2030-01-01'))).toBe('paused');
    expect(programStatus({ startDate: '2030-01-10', status: 'active' }, day('2025-01-01'))).toBe('active');
  });

  it('ignores an empty given status', () => {
    expect(programStatus({ startDate: '2025-03-10', status: '' }, day('2025-04-01'))).toBe('active');
  });

  it('reads a Date in the visitor time zone', () => {
    expect(programStatus({ startDate: '2025-03-10' }, new Date(2025, 2, 31, 23, 59))).toBe('upcoming');
    expect(programStatus({ startDate: '2025-03-10' }, new Date(2025, 3, 1, 0, 0))).toBe('active');
  });
});

describe('calendar helpers', () => {
  it('counts month boundaries, not 30-day spans', () => {
    expect(calendarMonthsBetween(day('2025-01-31'), day('2025-02-01'))).toBe(1);
    expect(calendarMonthsBetween(day('2025-01-01'), day('2025-01-31'))).toBe(0);
    expect(calendarMonthsBetween(day('2025-03-10'), day('2024-03-10'))).toBe(-12);
  });

  it('parses an ISO timestamp by its date part and rejects nonsense', () => {
    expect(parseCalendarDay('2025-03-10T23:30:00-05:00')).toEqual({ year: 2025, month: 3, day: 10 });
    expect(() => parseCalendarDay('March 10')).toThrow();
    expect(() => parseCalendarDay('2025-13-01')).toThrow();
  });

  it('labels statuses', () => {
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('upcoming')).toBe('Upcoming');
    expect(statusLabel('paused')).toBe('Paused');
  });
});
