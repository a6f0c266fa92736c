/**
 * Event rules: status against the visitor's date, the list's tabs, search and category filter,
 * card truncation, similar events, and the calendar links (.ics text and Google Calendar URL).
 * Pure: no DOM, no Astro. Dates are ISO strings with the event's own UTC offset
 * ('2026-12-05T10:00:00-06:00'); the event's calendar day is the date part of that string.
 */
import { EVENT_CARD_DESCRIPTION_LENGTH, EVENT_CATEGORIES, SIMILAR_EVENTS_MAX } from './constants.ts';
import type { EventItem } from './content-schemas.ts';
import { DEFAULT_LANG, type Lang } from './i18n/languages.ts';
import { localizeHref } from './i18n/links.ts';

export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export type EventStatus = 'past' | 'today' | 'upcoming';
export type EventCategoryFilter = EventCategory | 'all';

/** The events lists, in the order of their tabs (each tab's label is in the catalogues). */
export const EVENT_TABS = ['upcoming', 'featured', 'past'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

export type { EventItem } from './content-schemas.ts';

/** The subject the contact form is filled in with when a visitor registers for an event. */
export function registrationSubject(title: string): string {
  return `Registration: ${title}`;
}

/**
 * Where "Register now" leads. Registration through our own contact form opens it with the
 * subject filled in with the event's name (the form reads `?subject=`; the page gives the words in
 * its language, `event_registration_subject`), in the page's language;
 * another page of the site is that page in the page's language; any other link is kept.
 */
export function registrationHref(
  event: Pick<EventItem, 'title' | 'registrationLink'>,
  lang: Lang = DEFAULT_LANG,
  subject: string = registrationSubject(event.title),
): string | undefined {
  const link = event.registrationLink;
  if (!link) return undefined;
  const url = new URL(link, 'https://site.invalid');
  if (url.origin !== 'https://site.invalid') return link;
  if (url.pathname !== '/contact') return localizeHref(link, lang);
  return localizeHref(`/contact?${new URLSearchParams({ subject })}#contact-form`, lang);
}

/** Whether people register on the event's own page: registration is required and no editor set a link elsewhere. */
export function registersOnSite(event: Pick<EventItem, 'registrationRequired' | 'registrationLink'>): boolean {
  return event.registrationRequired && !event.registrationLink;
}

/** The calendar day (YYYY-MM-DD) an ISO date string names, in its own offset. */
export function eventDay(iso: string): string {
  return iso.slice(0, 10);
}

/** Today's date in the visitor's own time zone (the rule lives in local-day.ts). */
export { localDay } from './local-day.ts';

/** past / today / upcoming from the event's start day against `today` (YYYY-MM-DD). */
export function eventStatus(event: Pick<EventItem, 'date'>, today: string): EventStatus {
  const day = eventDay(event.date);
  if (day < today) return 'past';
  if (day === today) return 'today';
  return 'upcoming';
}

/** Whether a part of an event page shown only `when` the event has one of these statuses starts hidden. */
export function hiddenUnless(status: EventStatus, ...when: EventStatus[]): boolean {
  return !when.includes(status);
}

/** Cuts text to at most `max` characters at a word boundary, adding an ellipsis when cut. */
export function truncate(text: string, max: number = EVENT_CARD_DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const base = space > max * 0.6 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** Case-insensitive substring over title, description and location. Empty matches all. */
export function matchesEventSearch(event: Pick<EventItem, 'title' | 'description' | 'location'>, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return [event.title, event.description, event.location].some((field) => field.toLowerCase().includes(term));
}

const byDateAsc = (a: Pick<EventItem, 'date'>, b: Pick<EventItem, 'date'>) =>
  Date.parse(a.date) - Date.parse(b.date);

/** The events a tab shows: upcoming (today and later, soonest first), featured, past (latest first). */
export function eventsForTab<T extends Pick<EventItem, 'date' | 'isFeatured'>>(events: readonly T[], tab: EventTab, today: string): T[] {
  switch (tab) {
    case 'upcoming':
      return events.filter((e) => eventStatus(e, today) !== 'past').sort(byDateAsc);
    case 'featured':
      return events
        .filter((e) => e.isFeatured)
        .sort((a, b) => {
          const pa = eventStatus(a, today) === 'past' ? 1 : 0;
          const pb = eventStatus(b, today) === 'past' ? 1 : 0;
          return pa - pb || (pa ? byDateAsc(b, a) : byDateAsc(a, b));
        });
    case 'past':
      return events.filter((e) => eventStatus(e, today) === 'past').sort((a, b) => byDateAsc(b, a));
  }
}

export interface EventFilters {
  tab: EventTab;
  search: string;
  category: EventCategoryFilter;
}

/** Tab, then search, then category (all combine). */
export function filterEvents<T extends EventItem>(events: readonly T[], filters: EventFilters, today: string): T[] {
  return eventsForTab(events, filters.tab, today).filter(
    (e) => matchesEventSearch(e, filters.search) && (filters.category === 'all' || e.category === filters.category),
  );
}

export function hasActiveFilters(filters: Pick<EventFilters, 'search' | 'category'>): boolean {
  return filters.search.trim() !== '' || filters.category !== 'all';
}

/**
 * The visitor's days on which the build's lists are still right: after the day of the last event
 * already past at the build (`from`, excluded) and up to the day of the next one (`through`). On
 * those days no event changes list, so the page the build wrote (its first events, its count,
 * its spotlight) is the visitor's own; outside them the island needs the whole index.
 */
export function listsStableDays(events: readonly Pick<EventItem, 'date'>[], buildDay: string): { from?: string; through?: string } {
  const days = events.map((event) => eventDay(event.date));
  const before = days.filter((day) => day < buildDay).sort();
  const after = days.filter((day) => day >= buildDay).sort();
  return { from: before.at(-1), through: after[0] };
}

/** Whether `today` is one of the days `listsStableDays` names. */
export function listsStillRight(days: { from?: string; through?: string }, today: string): boolean {
  return (days.from === undefined || today > days.from) && (days.through === undefined || today <= days.through);
}

/** The spotlight: the soonest featured event not yet past, else the latest featured one. */
export function spotlightEvent<T extends EventItem>(events: readonly T[], today: string): T | undefined {
  return eventsForTab(events, 'featured', today)[0];
}

/** 'Showing 3 events' / 'Showing 1 event'. */
export function resultsCount(n: number): string {
  return `Showing ${n} ${n === 1 ? 'event' : 'events'}`;
}

/** Up to 3 others: same category first (nearest in date), then the nearest others. */
export function similarEvents<T extends EventItem>(event: T, all: readonly T[], max: number = SIMILAR_EVENTS_MAX): T[] {
  const start = Date.parse(event.date);
  const distance = (e: T) => Math.abs(Date.parse(e.date) - start);
  const others = all.filter((e) => e.id !== event.id);
  const same = others.filter((e) => e.category === event.category).sort((a, b) => distance(a) - distance(b));
  const rest = others.filter((e) => e.category !== event.category).sort((a, b) => distance(a) - distance(b));
  return [...same, ...rest].slice(0, max);
}

/** The IANA zone used to display event times (the organisation is in North Texas). */
export const EVENT_TIME_ZONE = 'America/Chicago';

export function formatEventDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: EVENT_TIME_ZONE,
  }).format(new Date(iso));
}

export function formatEventTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: EVENT_TIME_ZONE }).format(new Date(iso));
}

/** '20261205T160000Z' */
export function icsUtc(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function icsEscape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/([,;])/g, '\\$1');
}

/** Folds a content line at 75 octets, as RFC 5545 asks (continuation lines start with a space). */
function icsFold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const len = new TextEncoder().encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + len > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += len;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An iCalendar (RFC 5545) file for one event, CRLF line endings. */
export function eventIcs(event: EventItem, options: { url: string; domain: string; stamp: string; organisation: string }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${options.organisation}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@${options.domain}`,
    `DTSTAMP:${icsUtc(options.stamp)}`,
    `DTSTART:${icsUtc(event.date)}`,
    `DTEND:${icsUtc(event.endDate)}`,
    `SUMMARY:${icsEscape(event.title)}`,
    `DESCRIPTION:${icsEscape(`${event.description}\n\n${options.url}`)}`,
    `LOCATION:${icsEscape(event.location)}`,
    `URL:${options.url}`,
    `ORGANIZER;CN=${icsEscape(event.organizer)}:mailto:${event.contact.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(icsFold).join('\r\n')}\r\n`;
}

/** A Google Calendar 'add event' link. */
export function googleCalendarUrl(event: EventItem, pageUrl: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${icsUtc(event.date)}/${icsUtc(event.endDate)}`,
    details: `${event.description}\n\n${pageUrl}`,
    location: event.location,
    ctz: EVENT_TIME_ZONE,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function directionsUrl(location: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(location)}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: the build's answer to 'today'. */
export function dayInZone(now: Date, timeZone: string = EVENT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(now);
}

/** Events from the collection, soonest first. */
export function sortEvents<T extends Pick<EventItem, 'date'>>(events: readonly T[]): T[] {
  return [...events].sort(byDateAsc);
}
