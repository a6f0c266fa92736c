/**
 * What the events tests expect, read from content/events (English) with the list's own rules
 * (src/lib/events.ts), so that an editor adding or removing an event keeps them green; and a
 * fixed index of the eight events the site shipped with (fixtures/events-index.json), which the
 * search and filter tests receive through page.route, so their literal expectations hold
 * whatever is published.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { EVENTS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { eventsForTab, sortEvents, type EventItem, type EventTab } from '../../src/lib/events.ts';

const EVENTS = join(import.meta.dirname, '..', '..', 'content', 'events');

export function publishedEvents(): EventItem[] {
  return sortEvents(
    readdirSync(EVENTS)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(EVENTS, name), 'utf8')) as EventItem),
  );
}

/** A tab's list on the visitor's day: its count and the titles of its first page. */
export function tabList(tab: EventTab, day: string): { total: number; titles: string[] } {
  const events = eventsForTab(publishedEvents(), tab, day);
  return { total: events.length, titles: events.slice(0, EVENTS_PAGE_SIZE).map((event) => event.title) };
}

const FIXED_INDEX = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'events-index.json'), 'utf8')) as unknown[];

/** The list's index answered by the fixed eight events. */
export async function serveFixedEventsIndex(page: Page): Promise<void> {
  await page.route('**/events/search-index.json', (route) => route.fulfill({ json: FIXED_INDEX }));
}
