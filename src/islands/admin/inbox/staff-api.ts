/**
 * What the staff panels share besides their calls to the API (src/islands/api-call.ts): the
 * filled-in values of a filter form, and dates as the panels write them.
 */

import { ORGANISATION_TIME_ZONE } from '../../../lib/newsletter-schedule.ts';

// The Newsletter panel imports JSON_REQUEST from here; the one place it lives is the typed client.
export { JSON_REQUEST } from '../../../lib/api-client.ts';

/** The filled-in values only, for a request's query. */
export function filled(values: Record<string, string | undefined>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value) query[key] = value;
  return query;
}

// The organisation's calendar (content/site.json `timeZone`), whatever zone the phone is set to:
// a gift at 7:30 PM in Texas on 31 December reads as that day everywhere.
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: ORGANISATION_TIME_ZONE });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: ORGANISATION_TIME_ZONE });
export const formatDateTime = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '');
export const formatDate = (iso: string | null) => (iso ? DATE.format(new Date(iso)) : '');
