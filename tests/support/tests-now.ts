/**
 * The instant the tests stand at: the browser tests fix their clocks (the page's and the
 * server's, server-clock.ts) at it, and `npm test` builds the site as of it (SITE_BUILD_NOW,
 * src/lib/build-clock.ts), so what a page decides without JavaScript (an event upcoming, a shift
 * still open) agrees with what the tests expect whatever the calendar says. Every event and shift
 * the tests register for in content/ comes after it.
 */
export const TESTS_NOW = '2026-11-21T12:00:00-06:00';
