/**
 * An event's date and times in a language, on the clock of the place it happens (Central Time).
 * English is src/lib/events.ts' own format ('Saturday, December 5, 2026', '10:00 AM – 2:00 PM CT');
 * French writes hours the French way ('10 h', '18 h 30'), Swahili the Western 12-hour clock with
 * the part of the day ('9:00 asubuhi', '5:00 jioni'), as the glossaries say.
 */
import { m } from '../../paraglide/messages.js';
import type { EventItem } from '../events.ts';
import { eventDate, eventTime } from './event-clock.ts';
import type { Lang } from './languages.ts';

export { eventDate, eventTime };

export function eventTimeRange(start: string, end: string, lang: Lang): string {
  return m.event_time_range({ start: eventTime(start, lang), end: eventTime(end, lang) }, { locale: lang });
}

/** An event as the events list island gets it: with its date and times written in the page's language. */
export type ListedEvent = EventItem & { dateLabel: string; timeLabel: string };

/**
 * The events with their date and times written here, at build time, so that the list builds no
 * Intl formatter while it hydrates (why: format.ts).
 */
export function listedEvents(events: readonly EventItem[], lang: Lang): ListedEvent[] {
  return events.map((event) => ({ ...event, dateLabel: eventDate(event.date, lang), timeLabel: eventTimeRange(event.date, event.endDate, lang) }));
}
