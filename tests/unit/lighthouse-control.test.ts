import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { distWithControlPage } from '../../scripts/bench/control-page.ts';
import { frontsMarkdown, lighthouseMarkdown, type LighthouseRow } from '../../scripts/bench/lighthouse.ts';

const dist = mkdtempSync(join(tmpdir(), 'sipa-control-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

test('the control page goes into a copy of dist/, which holds the site as well, and never into dist/ itself', () => {
  mkdirSync(join(dist, 'about'));
  writeFileSync(join(dist, 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(dist, 'about', 'index.html'), '<h1>About</h1>');
  const copy = distWithControlPage(dist);
  try {
    expect(readFileSync(join(copy.dir, 'about', 'index.html'), 'utf8')).toBe('<h1>About</h1>');
    const control = readFileSync(join(copy.dir, 'lighthouse-control', 'index.html'), 'utf8');
    expect(control).toContain('<h1>A bare page</h1>');
    // Nothing to load: no stylesheet, font, image or script.
    expect(control).not.toMatch(/<(link|style|img|script|svg)\b/);
    expect(readdirSync(dist).sort()).toEqual(['about', 'index.html']);
  } finally {
    copy.remove();
  }
  expect(existsSync(copy.dir)).toBe(false);
});

const path = { element: 'text h1', documentEndMs: 750, lastRequests: [] };
const row = (route: string, lcpMs: number): LighthouseRow => ({
  route,
  score: 100,
  lcpMs,
  fcpMs: lcpMs,
  tbtMs: 0,
  cls: 0,
  runs: [{ score: 100, lcpMs }],
  path,
  benchmarkIndex: 1500,
});

test('the control has its own line, is no route, and sets the floor the routes are read against', async () => {
  const markdown = lighthouseMarkdown([row('/', 1040), row('/faq', 920), row('/lighthouse-control/', 800)], 1);
  expect(markdown).toContain('| bare page (control) | 100 | 0.80 | 0.80 | 0 | 0.000 | 100 / 0.80 | control |');
  expect(markdown).toContain('1 of 2 routes miss a target: /.');
  expect(markdown).toContain('its LCP, 0.80 s, is what this machine gives a page with nothing to load');
  expect(markdown).toContain("The routes' LCP is 0.12 to 0.24 s above it");
  // The path table lists the routes only.
  expect(markdown).not.toContain('| /lighthouse-control/ |');
}, 60_000);

test('the fronts side by side: each route from each front, with the end of its LCP path, the count within target and the load', async () => {
  const withPath = (route: string, lcpMs: number, endMs: number): LighthouseRow => ({
    ...row(route, lcpMs),
    path: { element: 'text h1', documentEndMs: 610, lastRequests: [{ path: '/_astro/figtree.woff2', endMs }] },
  });
  const markdown = frontsMarkdown(
    new Map([
      ['node', [withPath('/', 940, 940), withPath('/about', 1080, 920), withPath('/lighthouse-control/', 830, 610)]],
      ['nginx', [withPath('/', 980, 910), withPath('/about', 920, 910), withPath('/lighthouse-control/', 800, 610)]],
    ]),
    'Load average (1 / 5 min, 2 cores) 19.95 / 16.29 at the start, 21.26 / 20.22 at the end.',
  );
  expect(markdown).toContain('| route | `npm start` (HTTP/2) | nginx |');
  expect(markdown).toContain('| / | 0.94 (0.94) | 0.98 (0.91) |');
  expect(markdown).toContain('| /about | 1.08 **over** (0.92) | 0.92 (0.91) |');
  expect(markdown).toContain('| bare page (control) | 0.83 (0.61) | 0.80 (0.61) |');
  expect(markdown).toContain('Routes with LCP at most 1.00 s: `npm start` (HTTP/2) 1 of 2; nginx 2 of 2.');
  expect(markdown).toContain('Load average (1 / 5 min, 2 cores) 19.95 / 16.29 at the start, 21.26 / 20.22 at the end.');
}, 60_000);
