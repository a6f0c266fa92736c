/**
 * The pages decide by the build's instant (src/lib/build-clock.ts): `npm test` builds as of the
 * tests' instant, so an event the browser tests register for is open in the HTML whatever today is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNow } from '../../src/lib/build-clock.ts';
import { dayInZone, eventStatus } from '../../src/lib/events.ts';
import { distDir } from '../../scripts/page-weight.ts';

const page = (route: string) => readFileSync(join(distDir, route, 'index.html'), 'utf8');
const buildDay = dayInZone(buildNow());

describe('the build’s day', () => {
  it('is the day the events list was built for', () => {
    for (const route of ['events', 'fr/events', 'sw/events/past']) {
      expect(page(route), route).toContain(`buildDay&quot;:[0,&quot;${buildDay}&quot;]`);
    }
  });

  it('decides whether an event page shows its registration form without JavaScript', () => {
    const event = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'content', 'events', 'youth-leadership-summit.json'), 'utf8')) as { date: string; endDate: string };
    const open = ['upcoming', 'today'].includes(eventStatus(event, buildDay));
    const section = /<section id="register"[^>]*>/.exec(page('events/youth-leadership-summit'))?.[0];
    expect(section).toBeDefined();
    expect(section!.includes(' hidden'), section).toBe(!open);
  });
});
