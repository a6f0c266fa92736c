/**
 * The waiting-list result page's place in the line. A static page cannot read its query without
 * JavaScript, so the page is built with the sentence "You are number … on the waiting list"
 * hidden and its number empty (src/components/events/WaitlistPlace.astro), and the server that
 * answers the form's post without JavaScript writes the number in and shows it
 * (api/src/routes/event-registrations.ts). The markers are these exact strings: the component
 * writes them, the fill finds them, and a page without them is not filled.
 */
export const WAITLIST_MARKERS = {
  /** The sentence with the number: hidden until the number is written in. */
  known: { hidden: '<p data-waitlist-known hidden>', shown: '<p data-waitlist-known>' },
  /** Where the number goes. */
  number: { empty: '<strong data-waitlist-number></strong>' },
  /** The sentence without it (the page opened on its own): hidden once the number is known. */
  unknown: { shown: '<p data-waitlist-unknown>', hidden: '<p data-waitlist-unknown hidden>' },
} as const;

/** The waiting list's places a page may show: a whole number from 1. */
export function isWaitlistPosition(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1;
}

/** The built page with the place written in and shown; undefined when the page lacks a marker. */
export function withWaitlistPosition(html: string, position: number): string | undefined {
  if (!isWaitlistPosition(position)) return undefined;
  const { known, number, unknown } = WAITLIST_MARKERS;
  if (![known.hidden, number.empty, unknown.shown].every((marker) => html.includes(marker))) return undefined;
  return html
    .replace(known.hidden, known.shown)
    .replace(number.empty, `<strong data-waitlist-number>${position}</strong>`)
    .replace(unknown.shown, unknown.hidden);
}
