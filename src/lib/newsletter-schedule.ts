/**
 * The time a newsletter is scheduled for, as staff enter and read it: a wall-clock time in the
 * organisation's time zone (content/site.json `timeZone`, America/Chicago when it names none),
 * whatever zone the staff member's phone or the server is set to. The API stores the instant (UTC).
 */
import raw from '../../content/site.json' with { type: 'json' };

/** The zone of the organisation's office in Grapevine, Texas. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** The organisation's time zone. site-config.ts checks it is one Intl knows when the site is built. */
export const ORGANISATION_TIME_ZONE: string = (raw as { timeZone?: string }).timeZone ?? DEFAULT_TIME_ZONE;

/** A datetime-local input's value: 2026-11-27T10:30 (seconds allowed). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant (ISO, UTC) a wall-clock time in the zone names, or null when the text is no time.
 * The offset is read twice, at a first guess and then at the result, so a time on the day the
 * clocks change gets that day's offset. A time the spring change skips is read with the offset
 * before it (2:30 AM is 3:30 AM daylight time); one the autumn change repeats is its first.
 */
export function zonedTimeToIso(wallTime: string, timeZone: string = ORGANISATION_TIME_ZONE): string | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second || 0);
  // Date.UTC rolls a 31 November over into December: such a date is no date.
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 16) !== wallTime.slice(0, 16)) return null;
  const guess = wall - offsetAt(wall, timeZone);
  const instant = wall - offsetAt(guess, timeZone);
  // In the skipped hour neither reading gives the time back; the offset before the change does.
  const exact = isoToZonedTime(instant, timeZone) === wallTime.slice(0, 16);
  return new Date(exact ? instant : guess).toISOString();
}

/** An instant as a datetime-local value in the zone, to the minute: 2026-11-27T10:30. */
export function isoToZonedTime(iso: string | number, timeZone: string = ORGANISATION_TIME_ZONE): string {
  const instant = typeof iso === 'number' ? iso : Date.parse(iso);
  const local = new Date(instant + offsetAt(instant, timeZone)).toISOString();
  return local.slice(0, 16);
}

/** The zone's name as people say it, the same all year: "Central Time". */
export function zoneName(timeZone: string = ORGANISATION_TIME_ZONE, at: number = Date.now()): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** When a scheduled campaign goes out, in full with the zone's name: "Friday, November 27, 2026 at 10:32 AM Central Standard Time". */
export function scheduledTime(iso: string, timeZone: string = ORGANISATION_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'long' }).format(Date.parse(iso));
}

/** The same, short, for the history's rows: "Nov 27, 2026, 10:32 AM CST". */
export function scheduledTimeShort(iso: string, timeZone: string = ORGANISATION_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(Date.parse(iso));
}
