import { describe, expect, it } from 'vitest';
import {
  activeFromMonth,
  monthNumber,
  parseCalendarDay,
  programStatus,
  statusLabel,
} from '../../src/lib/program-status.ts';
import { correctProgramStatuses } from '../../src/scripts/program-status.ts';

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
    const between = (start: string, today: string) => monthNumber(day(today)) - monthNumber(day(start));
    expect(between('2025-01-31', '2025-02-01')).toBe(1);
    expect(between('2025-01-01', '2025-01-31')).toBe(0);
    expect(between('2025-03-10', '2024-03-10')).toBe(-12);
  });

  it('parses an ISO timestamp by its date part and rejects nonsense', () => {
    expect(parseCalendarDay('2025-03-10T23:30:00-05:00')).toEqual({ year: 2025, month: 3, day: 10 });
    expect(() => parseCalendarDay('March 10')).toThrow();
    expect(() => parseCalendarDay('2025-13-01')).toThrow();
  });

  it('numbers months so that they count by subtraction', () => {
    expect(monthNumber({ year: 2025, month: 1 })).toBe(24300);
    expect(monthNumber({ year: 2024, month: 12 })).toBe(24299);
    expect(activeFromMonth('2025-03-10')).toBe(24303);
    expect(activeFromMonth('2025-12-20')).toBe(24312);
  });

  it('labels statuses', () => {
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('upcoming')).toBe('Upcoming');
    expect(statusLabel('paused')).toBe('Paused');
  });
});

/** A badge as the page holds it: what StatusBadge.astro writes, read and written as the browser would. */
function badge(startDate: string) {
  return {
    dataset: { activeFrom: String(activeFromMonth(startDate)), status: 'upcoming', labelActive: 'Actif', labelUpcoming: 'À venir' } as Record<string, string>,
    textContent: '',
  };
}

describe("the page's correction in the visitor's browser", () => {
  const correct = (badges: ReturnType<typeof badge>[], today: Date) =>
    correctProgramStatuses({ querySelectorAll: () => badges } as unknown as ParentNode, today);

  it('names the status in the page language from the month the program turns active', () => {
    const march = badge('2025-03-10');
    correct([march], new Date(2025, 2, 31, 23, 59));
    expect(march.dataset.status).toBe('upcoming');
    expect(march.textContent).toBe('À venir');
    correct([march], new Date(2025, 3, 1, 0, 0));
    expect(march.dataset.status).toBe('active');
    expect(march.textContent).toBe('Actif');
  });

  it('agrees with the rule on every day of two years around a start, across a year boundary', () => {
    for (const startDate of ['2025-01-10', '2025-12-20', '2026-02-28']) {
      const start = parseCalendarDay(startDate);
      for (let offset = -400; offset <= 400; offset++) {
        const today = new Date(start.year, start.month - 1, start.day + offset, 12);
        const one = badge(startDate);
        correct([one], today);
        expect(one.dataset.status, `${startDate} on ${today.toDateString()}`).toBe(programStatus({ startDate }, today));
      }
    }
  });
});
