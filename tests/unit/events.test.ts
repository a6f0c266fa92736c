import { describe, expect, it } from 'vitest';
import {
  eventIcs,
  eventStatus,
  eventsForTab,
  filterEvents,
  googleCalendarUrl,
  hasActiveFilters,
  listsStableDays,
  listsStillRight,
  localDay,
  matchesEventSearch,
  registrationHref,
  registrationSubject,
  resultsCount,
  similarEvents,
  spotlightEvent,
  truncate,
  type EventItem,
} from '../../src/lib/events.ts';

const base: Omit<EventItem, 'id' | 'title' | 'date' | 'endDate' | 'category' | 'isFeatured'> = {
  location: 'Grapevine Library, Grapevine, TX',
  description: 'A morning for families.',
  image: '/art/x.svg',
  imageAlt: 'x',
  registrationRequired: false,
  organizer: 'SIPA',
  contact: { email: 'info@example.org' },
};
const ev = (id: string, date: string, category: EventItem['category'], isFeatured = false, extra: Partial<EventItem> = {}): EventItem => ({
  ...base,
  id,
  title: id,
  date,
  endDate: date,
  category,
  isFeatured,
  ...extra,
});

const events = [
  ev('festival', '2026-08-15T11:00:00-05:00', 'cultural', true),
  ev('health-fair', '2026-09-19T09:00:00-05:00', 'health'),
  ev('workshop', '2026-11-21T10:00:00-06:00', 'workshop', false, { location: 'SIPA Office, Suite 200' }),
  ev('winter', '2026-12-12T14:00:00-06:00', 'cultural', true, { description: 'Shared meal and a warm-coat exchange.' }),
  ev('gala', '2027-04-10T18:30:00-05:00', 'fundraiser', true),
];

describe('eventStatus', () => {
  const e = { date: '2026-11-21T10:00:00-06:00' };
  it('is upcoming the day before', () => expect(eventStatus(e, '2026-11-20')).toBe('upcoming'));
  it('is today on the day itself', () => expect(eventStatus(e, '2026-11-21')).toBe('today'));
  it('is past the day after', () => expect(eventStatus(e, '2026-11-22')).toBe('past'));
  it('uses the event’s own calendar day, not the UTC instant', () => {
    // 23:30 in Texas is already the next day in UTC; the event is still on the 21st.
    expect(eventStatus({ date: '2026-11-21T23:30:00-06:00' }, '2026-11-21')).toBe('today');
  });
  it('compares across month and year boundaries', () => {
    expect(eventStatus({ date: '2027-01-01T00:00:00-06:00' }, '2026-12-31')).toBe('upcoming');
    expect(eventStatus({ date: '2026-12-31T23:59:00-06:00' }, '2027-01-01')).toBe('past');
  });
  it('localDay formats the visitor’s local calendar date', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 10, 21, 0, 0))).toBe('2026-11-21');
  });
});

describe('tabs', () => {
  const today = '2026-11-21';
  it('upcoming holds today and later, soonest first', () => {
    expect(eventsForTab(events, 'upcoming', today).map((e) => e.id)).toEqual(['workshop', 'winter', 'gala']);
  });
  it('past holds earlier days, latest first', () => {
    expect(eventsForTab(events, 'past', today).map((e) => e.id)).toEqual(['health-fair', 'festival']);
  });
  it('featured holds featured events, coming ones first', () => {
    expect(eventsForTab(events, 'featured', today).map((e) => e.id)).toEqual(['winter', 'gala', 'festival']);
  });
  it('the spotlight is the next featured event', () => {
    expect(spotlightEvent(events, today)?.id).toBe('winter');
    expect(spotlightEvent(events, '2027-05-01')?.id).toBe('gala');
  });
});

describe('search and category filter', () => {
  const today = '2026-11-21';
  it('matches title, description and location case-insensitively', () => {
    expect(matchesEventSearch(events[3]!, 'WINTER')).toBe(true);
    expect(matchesEventSearch(events[3]!, 'coat EXCHANGE')).toBe(true);
    expect(matchesEventSearch(events[2]!, 'suite 200')).toBe(true);
    expect(matchesEventSearch(events[2]!, 'gala')).toBe(false);
    expect(matchesEventSearch(events[2]!, '   ')).toBe(true);
  });
  it('combines tab, search and category', () => {
    expect(filterEvents(events, { tab: 'upcoming', search: '', category: 'cultural' }, today).map((e) => e.id)).toEqual(['winter']);
    expect(filterEvents(events, { tab: 'past', search: 'grapevine', category: 'all' }, today).map((e) => e.id)).toEqual([
      'health-fair',
      'festival',
    ]);
    expect(filterEvents(events, { tab: 'upcoming', search: 'nothing-like-this', category: 'all' }, today)).toEqual([]);
    expect(filterEvents(events, { tab: 'featured', search: '', category: 'fundraiser' }, today).map((e) => e.id)).toEqual(['gala']);
  });
  it('knows when filters are active', () => {
    expect(hasActiveFilters({ search: '', category: 'all' })).toBe(false);
    expect(hasActiveFilters({ search: ' x', category: 'all' })).toBe(true);
    expect(hasActiveFilters({ search: '', category: 'youth' })).toBe(true);
  });
  it('counts results', () => {
    expect(resultsCount(1)).toBe('Showing 1 event');
    expect(resultsCount(0)).toBe('Showing 0 events');
  });
});

describe('truncate', () => {
  it('leaves text of 120 characters or fewer alone', () => {
    const text = 'a'.repeat(120);
    expect(truncate(text)).toBe(text);
  });
  it('cuts longer text to at most 120 characters with an ellipsis, at a word', () => {
    const text = 'word '.repeat(40).trim();
    const out = truncate(text);
    expect(out.length).toBeLessThanOrEqual(120);
    expect(out.endsWith('word…')).toBe(true);
  });
  it('cuts an unbroken string at the limit', () => {
    const out = truncate('x'.repeat(200));
    expect(out).toHaveLength(120);
  });
});

describe('similar events', () => {
  it('prefers the same category, at most 3, never itself', () => {
    const list = similarEvents(events[0]!, events);
    expect(list).toHaveLength(3);
    expect(list[0]!.id).toBe('winter');
    expect(list.map((e) => e.id)).not.toContain('festival');
  });
});

describe('calendar', () => {
  const e = ev('winter', '2026-12-12T14:00:00-06:00', 'cultural', true, {
    endDate: '2026-12-12T18:00:00-06:00',
    title: 'Winter; Family, Celebration',
    description: 'A long description '.repeat(8),
  });
  const ics = eventIcs(e, { url: 'https://example.org/events/winter', domain: 'example.org', stamp: '2026-11-21T00:00:00Z', organisation: 'SIPA' });
  it('is a valid VCALENDAR with CRLF lines no longer than 75 octets', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('\r\nBEGIN:VEVENT\r\n');
    expect(ics).toContain('\r\nDTSTART:20261212T200000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20261213T000000Z\r\n');
    expect(ics).toContain('SUMMARY:Winter\\; Family\\, Celebration');
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
  it('builds a Google Calendar link with UTC dates', () => {
    const url = new URL(googleCalendarUrl(e, 'https://example.org/events/winter'));
    expect(url.hostname).toBe('calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20261212T200000Z/20261213T000000Z');
    expect(url.searchParams.get('text')).toBe(e.title);
  });
});

describe('registration link', () => {
  it('opens our contact form with the event in the subject', () => {
    expect(registrationHref({ title: 'Spring Hope Gala', registrationLink: '/contact' })).toBe(
      '/contact?subject=Registration%3A+Spring+Hope+Gala#contact-form',
    );
    expect(registrationSubject('Youth Leadership Summit')).toBe('Registration: Youth Leadership Summit');
  });

  it('opens the contact form in the page’s language, and any other page of the site in it too', () => {
    expect(registrationHref({ title: 'Fête d’hiver des familles', registrationLink: '/contact' }, 'fr')).toBe(
      '/fr/contact?subject=Registration%3A+F%C3%AAte+d%E2%80%99hiver+des+familles#contact-form',
    );
    expect(registrationHref({ title: 'Gala', registrationLink: '/contact' }, 'sw', 'Usajili: Gala')).toBe('/sw/contact?subject=Usajili%3A+Gala#contact-form');
    expect(registrationHref({ title: 'Gala', registrationLink: '/get-involved#volunteer' }, 'sw')).toBe('/sw/get-involved#volunteer');
    expect(registrationHref({ title: 'Gala', registrationLink: 'https://tickets.example.org/gala' }, 'fr')).toBe('https://tickets.example.org/gala');
  });

  it('keeps any other registration link, and has none without one', () => {
    expect(registrationHref({ title: 'Gala', registrationLink: 'https://tickets.example.org/gala' })).toBe('https://tickets.example.org/gala');
    expect(registrationHref({ title: 'Gala', registrationLink: undefined })).toBeUndefined();
  });
});

describe('listsStableDays / listsStillRight: the days on which the build’s lists are the visitor’s', () => {
  const events = [{ date: '2026-11-14T10:00:00-06:00' }, { date: '2026-12-12T10:00:00-06:00' }, { date: '2027-01-09T10:00:00-06:00' }];
  const days = listsStableDays(events, '2026-11-27');

  it('runs from after the last event already past to the day of the next one', () => {
    expect(days).toEqual({ from: '2026-11-14', through: '2026-12-12' });
  });

  it('holds on the build’s day, on the next event’s day (it is still upcoming, shown as today) and back to the day after the last past one', () => {
    for (const day of ['2026-11-27', '2026-12-12', '2026-11-15']) expect(listsStillRight(days, day), day).toBe(true);
  });

  it('ends once an event has changed list: the next one is past, or the visitor is back on the day of the last past one', () => {
    for (const day of ['2026-12-13', '2026-11-14', '2027-02-01']) expect(listsStillRight(days, day), day).toBe(false);
  });

  it('is open on a side with no event', () => {
    expect(listsStableDays([], '2026-11-27')).toEqual({});
    expect(listsStillRight({}, '2030-01-01')).toBe(true);
  });
});
