/**
 * A program's status (spec section 4): the status given in its content if there is one,
 * otherwise 'active' once the program started more than 0 calendar months before the visitor's
 * date, otherwise 'upcoming'. "Calendar months" counts month boundaries crossed, not 30-day
 * spans: a program starting 10 January is still upcoming on 31 January and active on 1 February.
 */
import { localCalendarDay, type CalendarDay } from './local-day.ts';

export type ProgramStatus = 'active' | 'upcoming' | (string & {});

/** '2025-01-10' (or a full ISO timestamp) -> its calendar day, without time-zone shifts. */
export function parseCalendarDay(value: string): CalendarDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) throw new Error(`Not a calendar date: ${value}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new Error(`Not a calendar date: ${value}`);
  return { year, month, day };
}

/** A calendar month as one number, months since the year 0: months compare and count by subtraction. */
export function monthNumber(day: Pick<CalendarDay, 'year' | 'month'>): number {
  return day.year * 12 + day.month - 1;
}

/**
 * The month (a `monthNumber`) from which a program without a given status is active: the one
 * after its start month. The page's badges carry it, so the browser only compares it with the
 * visitor's month (src/scripts/program-status.ts).
 */
export function activeFromMonth(startDate: string): number {
  return monthNumber(parseCalendarDay(startDate)) + 1;
}

export function programStatus(
  program: { status?: string | undefined; startDate: string },
  today: CalendarDay | Date,
): ProgramStatus {
  if (program.status) return program.status;
  const day = today instanceof Date ? localCalendarDay(today) : today;
  return monthNumber(day) >= activeFromMonth(program.startDate) ? 'active' : 'upcoming';
}

/** How a status reads on a badge. */
export function statusLabel(status: ProgramStatus): string {
  if (status === 'active') return 'Active';
  if (status === 'upcoming') return 'Upcoming';
  return status.charAt(0).toUpperCase() + status.slice(1);
}
