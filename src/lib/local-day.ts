/**
 * The visitor's "today": the calendar day in their own time zone, the one rule the event pages,
 * the events list and the program status all read the date by.
 */
export interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

/** The visitor's calendar day, read in their own time zone. */
export function localCalendarDay(date: Date): CalendarDay {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** Today's date in the visitor's own time zone, as YYYY-MM-DD. */
export function localDay(now: Date): string {
  const { year, month, day } = localCalendarDay(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}
