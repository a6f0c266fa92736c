/**
 * The organisation's calendar: days, months and years as they are in its own time zone
 * (content/site.json `timeZone`, America/Chicago for SIPA), never UTC's. A gift made at 7:30 PM in
 * Texas on 31 December belongs to that year: its receipt number, the year's totals and the year's
 * statement all say so, whatever zone the server runs in.
 */
import { isoToZonedTime, ORGANISATION_TIME_ZONE, zonedTimeToIso } from './newsletter-schedule.ts';

export { ORGANISATION_TIME_ZONE };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Midnight at the start of a calendar day in the zone, as an ISO instant. Month and day may run
 * over (month 12 is January of the next year, day 0 the last of the month before), like Date.UTC.
 */
export function zonedMidnight(year: number, month0: number, day: number, timeZone: string = ORGANISATION_TIME_ZONE): string {
  const date = new Date(Date.UTC(year, month0, day));
  return zonedTimeToIso(`${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T00:00`, timeZone)!;
}

/** The first instant of a year and of the next one in the zone: a year's gifts are those in [from, to). */
export function yearBounds(year: number, timeZone: string = ORGANISATION_TIME_ZONE): readonly [string, string] {
  return [zonedMidnight(year, 0, 1, timeZone), zonedMidnight(year + 1, 0, 1, timeZone)];
}

/** The calendar year an instant falls in, in the zone. */
export function zonedYear(iso: string | number, timeZone: string = ORGANISATION_TIME_ZONE): number {
  return Number(isoToZonedTime(iso, timeZone).slice(0, 4));
}

/** The zone's current year and month (0-11). */
export function zonedYearMonth(now: Date = new Date(), timeZone: string = ORGANISATION_TIME_ZONE): { year: number; month: number } {
  const local = isoToZonedTime(now.getTime(), timeZone);
  return { year: Number(local.slice(0, 4)), month: Number(local.slice(5, 7)) - 1 };
}

/** An instant as the zone's date and time to the minute, for a spreadsheet: "2026-12-31 19:30". */
export function zonedDateTime(iso: string, timeZone: string = ORGANISATION_TIME_ZONE): string {
  return isoToZonedTime(iso, timeZone).replace('T', ' ');
}

/** The start of a YYYY-MM-DD day in the zone (a date filter's "from"), `plusDays` later for "to". */
export function dayStart(date: string, plusDays = 0, timeZone: string = ORGANISATION_TIME_ZONE): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return zonedMidnight(y, m - 1, d + plusDays, timeZone);
}
