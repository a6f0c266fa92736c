/**
 * An event's date and hour in a language, on the clock of the place it happens (Central Time),
 * with no catalogue: the pages (event-format.ts) and the API's mail (api/src/events/mails.ts) share it.
 */
import { EVENT_TIME_ZONE, formatEventDate, formatEventTime } from '../events.ts';
import { formatDate } from './format.ts';
import type { Lang } from './languages.ts';

export function eventDate(iso: string, lang: Lang): string {
  if (lang === 'en') return formatEventDate(iso);
  return formatDate(iso, lang, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: EVENT_TIME_ZONE });
}

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: EVENT_TIME_ZONE });

/** The hour (0-23) and minutes of an instant in Central Time. */
function hourAndMinute(iso: string): [number, string] {
  const [hour, minute] = clock.format(new Date(iso)).split(':');
  return [Number(hour), minute!];
}

/** Swahili parts of the day, from the glossary's examples: 9:00 asubuhi, 12:00 mchana, 5:00 jioni, 8:00 usiku. */
function swahiliPartOfDay(hour: number): string {
  if (hour >= 5 && hour < 12) return 'asubuhi';
  if (hour >= 12 && hour < 16) return 'mchana';
  if (hour >= 16 && hour < 20) return 'jioni';
  return 'usiku';
}

export function eventTime(iso: string, lang: Lang): string {
  if (lang === 'en') return formatEventTime(iso);
  const [hour, minute] = hourAndMinute(iso);
  if (lang === 'fr') return minute === '00' ? `${hour}\u00a0h` : `${hour}\u00a0h\u00a0${minute}`;
  return `${hour % 12 || 12}:${minute} ${swahiliPartOfDay(hour)}`;
}
