/**
 * The instant a build counts as now. Pages that must be right without JavaScript decide at build
 * time whether an event or a volunteer shift is upcoming, today or over, and whether a program is
 * active; the visitor's browser then corrects them to its own date (src/scripts/event-status.ts,
 * src/scripts/program-status.ts).
 *
 * `SITE_BUILD_NOW` (an ISO 8601 instant with its offset) builds a copy of the site as of that
 * instant instead of the machine's clock. `npm test` builds so (scripts/test-all.ts), for the
 * day its browser tests fix their clocks at, so the events in content/ never pass under them.
 */
export const BUILD_NOW_VARIABLE = 'SITE_BUILD_NOW';

export function buildNow(env: Record<string, string | undefined> = process.env): Date {
  const fixed = env[BUILD_NOW_VARIABLE];
  if (!fixed) return new Date();
  const instant = new Date(fixed);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(fixed) || Number.isNaN(instant.getTime())) {
    throw new Error(`${BUILD_NOW_VARIABLE} must be an ISO 8601 instant such as 2026-11-21T12:00:00-06:00, not "${fixed}"`);
  }
  return instant;
}
