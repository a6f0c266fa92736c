/**
 * A program's status (spec section 4): the status given in its content if there is one,
 * otherwise 'active' once the program started more than 0 calendar months before the visitor's
 * date, otherwise 'upcoming'. "Calendar months" counts month boundaries crossed, not 30-day
 * spans: a program starting 10 January is still upcoming on 31 January and active on 1 February.
 */
import { localCalendarDay, type CalendarDay } from './local-day.ts';

export type { CalendarDay } from './local-day.ts';
export type ProgramStatus = 'active' | 'upcoming' | (string & {});

/** '2025-01-10' (or a full ISO timestamp) -> its calendar day, without time-zone shifts. */
export function parseCalendarDay(value: string): CalendarDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) throw new Error(`Not a calendar date: ${value}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new Error(`Not a calendar date: ${value}`);
  return { year, month, day };
}

/** Month boundaries crossed from `start` to `today` (negative when `today` is earlier). */
export function calendarMonthsBetween(start: CalendarDay, today: CalendarDay): number {
  return (today.year - start.year) * 12 + (today.month - start.month);
}

export function programStatus(
  program: { status?: string | undefined; startDate: string },
  today: CalendarDay | Date,
): ProgramStatus {
  if (program.status) return program.status;
  const day = today instanceof Date ? localCalendarDay(today) : today;
  return calendarMonthsBetween(parseCalendarDay(program.startDate), day) > 0 ? 'active' : 'upcoming';
}

/** How a status reads on a badge. */
export function statusLabel(status: ProgramStatus): string {
  if (status === 'active') return 'Active';
  if (status === 'upcoming') return 'Upcoming';
  return status.charAt(0).toUpperCase() + status.slice(1);
}
