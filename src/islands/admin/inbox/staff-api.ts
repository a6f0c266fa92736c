/**
 * What the staff panels share besides their calls to the API (src/islands/api-call.ts): the
 * filled-in values of a filter form, and dates as the panels write them.
 */

// The Newsletter panel imports JSON_REQUEST from here; the one place it lives is the typed client.
export { JSON_REQUEST } from '../../../lib/api-client.ts';

/** The filled-in values only, for a request's query. */
export function filled(values: Record<string, string | undefined>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value) query[key] = value;
  return query;
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const formatDateTime = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '');
export const formatDate = (iso: string | null) => (iso ? DATE.format(new Date(iso)) : '');
