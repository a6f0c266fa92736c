/**
 * The lists keep the first-flight budget however much content the site has: in a temporary copy
 * of the project with 48 more posts and 60 more weekly events around today (several pages of
 * every list, in every language), /events, its other lists and /blog still fit their HTML and
 * render-blocking CSS in 14.6 KB gzipped, carry one page of their list, and leave the rest to
 * page links and to the index the island fetches on demand. The bench's build at scale
 * (scripts/bench/build-at-scale.ts) measures the same at 1,000 posts and 200 events.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyCaches, projectCopy } from '../../scripts/project-copy.ts';
import { generateContent } from '../../scripts/bench/build-at-scale.ts';
import { measurePage } from '../../scripts/page-weight.ts';

const BUDGET_BYTES = 14.6 * 1024;
const POSTS = 48;
const EVENTS = 60;

let dir = '';
const file = (route: string) => join(dir, 'dist', route, 'index.html');
const html = (route: string) => readFileSync(file(route), 'utf8');

beforeAll(() => {
  dir = projectCopy('sipa-first-flight-at-scale-');
  // Thirty weeks back and thirty ahead: upcoming and past lists of several pages each.
  const firstEventDay = new Date(Date.now() - 30 * 7 * 86_400_000).toISOString().slice(0, 10);
  generateContent(dir, { posts: POSTS, events: EVENTS, firstEventDay });
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...copyCaches(dir) };
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env });
}, 900_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('first flight with many posts and events', () => {
  test.each(['/events', '/events/past', '/events/featured', '/blog', '/fr/events', '/sw/events/past', '/fr/blog'])(
    '%s: HTML plus render-blocking CSS fits in 14.6 KB gzipped',
    (route) => {
      const page = measurePage(route, file(route), join(dir, 'dist'));
      expect(page.html.gzip + page.css.gzip).toBeLessThanOrEqual(BUDGET_BYTES);
    },
  );

  test.each(['/events', '/events/past', '/fr/events', '/sw/events/past'])('%s shows one page of nine events and links to the next pages', (route) => {
    const page = html(route);
    expect(page.match(/class="[^"]*event-card[\s"]/g)?.length).toBe(9);
    const base = route.replace(/^\/(fr|sw)(?=\/)/, '');
    const prefix = route.slice(0, route.length - base.length);
    expect(page).toContain(`href="${prefix}${base}/page/2"`);
    expect(existsSync(file(`${route}/page/2`))).toBe(true);
  });

  test('the second page of a list carries its own nine events, not the first ones', () => {
    const cardLinks = (route: string) => [...html(route).matchAll(/<h3[^>]*event-card__title[^>]*><a href="([^"]+)"/g)].map((m) => m[1]);
    const first = cardLinks('/events/past');
    const second = cardLinks('/events/past/page/2');
    expect(second).toHaveLength(9);
    expect(second.filter((link) => first.includes(link))).toEqual([]);
  });

  test('every event is in the index the island fetches on demand, in each language', () => {
    for (const lang of ['', '/fr', '/sw']) {
      const index = JSON.parse(readFileSync(join(dir, 'dist', `${lang}/events/search-index.json`.replace(/^\//, '')), 'utf8')) as { id: string }[];
      expect(index.filter((event) => event.id.startsWith('generated-event-'))).toHaveLength(EVENTS);
    }
  });
});
