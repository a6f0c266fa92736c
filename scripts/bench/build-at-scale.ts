/**
 * Build time and peak memory of `npm run build` (astro build + postbuild) at the site's real size
 * and at ten times its content: 1,000 blog posts and 200 events generated into a temporary copy
 * of the project (never into content/, never committed), built from nothing, then built again
 * after one post changed (the postbuild reuses what did not change); plus what /blog and /events
 * send in their first flight at each size, and the machine's load while it ran.
 *   node scripts/bench/build-at-scale.ts      prints the Markdown section
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { htmlPages, measurePage } from '../page-weight.ts';
import { LANG_CODES, type Lang } from '../../src/lib/i18n/languages.ts';
import { langOfPath } from '../../src/lib/i18n/paths.ts';
import { copyCaches, projectCopy } from '../project-copy.ts';

export const GENERATED_POSTS = 1000;
export const GENERATED_EVENTS = 200;

const TAGS = ['community', 'families', 'financial literacy', 'youth', 'volunteers', 'education', 'wellness', 'newcomers'];
const CATEGORIES = ['Community Support', 'Financial Empowerment', 'Cultural Celebration', 'Mental Health', 'Youth Programs', 'Volunteer', 'Community Events'];
const EVENT_CATEGORIES = ['workshop', 'cultural', 'fundraiser', 'youth', 'health'];

/**
 * Writes `posts` posts and `events` weekly events (Saturdays from `firstEventDay`) into the copy
 * in `dir`: the bench's thousand, or a test's few dozen around today.
 */
export function generateContent(dir: string, { posts = GENERATED_POSTS, events: eventCount = GENERATED_EVENTS, firstEventDay = '2024-01-06' } = {}): void {
  const blog = join(dir, 'content', 'blog');
  for (let i = 0; i < posts; i++) {
    const day = new Date(Date.UTC(2019, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const tags = [TAGS[i % TAGS.length], TAGS[(i * 3 + 1) % TAGS.length]];
    writeFileSync(
      join(blog, `generated-post-${i}.mdx`),
      [
        '---',
        `id: ${10_000 + i}`,
        `slug: generated-post-${i}`,
        `title: "Community update number ${i + 1}"`,
        `excerpt: "What families, volunteers and partners did together in week ${i + 1}: workshops, visits and new neighbours welcomed."`,
        'author: "Amina Diallo"',
        `date: "${day}"`,
        `category: "${CATEGORIES[i % CATEGORIES.length]}"`,
        'image: "/art/blog/financial-literacy-workshop.svg"',
        'imageAlt: "Illustration of a workshop table with a calculator, a notebook and coins on a woven cloth"',
        `tags: ${JSON.stringify([...new Set(tags)])}`,
        '---',
        '',
        `This week ${20 + (i % 30)} families joined our programs. Volunteers met new arrivals at the airport, helped with school enrolment and sat with parents at the bank.`,
        '',
        '## What comes next',
        '',
        'Our next workshop covers budgeting for a first winter in North Texas. Every session has interpreters, and children are welcome.',
        '',
      ].join('\n'),
    );
  }
  const events = join(dir, 'content', 'events');
  const template = JSON.parse(readFileSync(join(events, 'african-heritage-festival.json'), 'utf8')) as Record<string, unknown>;
  for (let i = 0; i < eventCount; i++) {
    // Weekly from the first day (January 2024 for the bench), 10:00 to 13:00 Central, written with their offset as the schema asks.
    const day = new Date(Date.parse(`${firstEventDay}T00:00:00Z`) + i * 7 * 86_400_000).toISOString().slice(0, 10);
    writeFileSync(
      join(events, `generated-event-${i}.json`),
      JSON.stringify({
        ...template,
        id: `generated-event-${i}`,
        title: `Community gathering ${i + 1}`,
        date: `${day}T10:00:00-06:00`,
        endDate: `${day}T13:00:00-06:00`,
        category: EVENT_CATEGORIES[i % EVENT_CATEGORIES.length],
        isFeatured: false,
        attendees: 40 + (i % 60),
      }),
    );
  }
}

export interface BuildMeasure {
  pages: number;
  /** Pages per language (English unprefixed, the others under /<code>/): English alone is the site before translations. */
  pagesByLang: Record<Lang, number>;
  seconds: number;
  /** CPU time of the build's processes (user + system): what the machine's load does not stretch. */
  cpuSeconds: number;
  peakMb: number;
  /** One-minute load average when the build started and when it ended. */
  load: [number, number];
  eventsFirstFlightGzip: number;
  blogFirstFlightGzip: number;
  blogJsGzip: number;
  indexKb: number;
}

/** Runs `npm run build` in `dir` under /usr/bin/time (the peak resident memory of the build's processes, their CPU time). */
function build(dir: string): BuildMeasure {
  const loadBefore = loadavg()[0]!;
  const started = performance.now();
  const report = join(dir, 'build-time.txt');
  execFileSync('/usr/bin/time', ['-f', '%M %U %S', '-o', report, 'npm', 'run', 'build', '--silent'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    // The copy's own caches: the first build starts from nothing, the rebuild finds the first's work.
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...copyCaches(dir) },
  });
  const seconds = (performance.now() - started) / 1000;
  const [peakKb, user, system] = readFileSync(report, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  const dist = join(dir, 'dist');
  const pages = htmlPages(dist);
  const blog = measurePage('/blog', join(dist, 'blog', 'index.html'), dist);
  const events = measurePage('/events', join(dist, 'events', 'index.html'), dist);
  const index = join(dist, 'blog', 'search-index.json');
  const pagesByLang = Object.fromEntries(LANG_CODES.map((lang) => [lang, 0])) as Record<Lang, number>;
  for (const page of pages) pagesByLang[langOfPath(page.route)] += 1;
  return {
    pages: pages.length,
    pagesByLang,
    seconds,
    cpuSeconds: user! + system!,
    peakMb: peakKb! / 1024,
    load: [loadBefore, loadavg()[0]!],
    eventsFirstFlightGzip: events.html.gzip + events.css.gzip,
    blogFirstFlightGzip: blog.html.gzip + blog.css.gzip,
    blogJsGzip: blog.js.gzip,
    indexKb: existsSync(index) ? readFileSync(index).byteLength / 1024 : 0,
  };
}

export interface ScaleMeasures {
  real: BuildMeasure;
  scaled: BuildMeasure;
  /** The scaled site built again after one post's text changed. */
  rebuilt: BuildMeasure;
}

export async function buildAtScale(): Promise<ScaleMeasures> {
  const realDir = projectCopy('sipa-build-scale-');
  const scaledDir = projectCopy('sipa-build-scale-');
  try {
    const real = build(realDir);
    generateContent(scaledDir);
    const scaled = build(scaledDir);
    const edited = join(scaledDir, 'content', 'blog', 'generated-post-500.mdx');
    writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nA correction: the workshop moved to the library.\n`);
    const rebuilt = build(scaledDir);
    return { real, scaled, rebuilt };
  } finally {
    rmSync(realDir, { recursive: true, force: true });
    rmSync(scaledDir, { recursive: true, force: true });
  }
}

export function buildAtScaleMarkdown({ real, scaled, rebuilt }: ScaleMeasures): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const row = (label: string, m: BuildMeasure) =>
    `| ${label} | ${m.pages} | ${LANG_CODES.map((lang) => m.pagesByLang[lang]).join(' / ')} | ${m.seconds.toFixed(1)} | ${m.cpuSeconds.toFixed(0)} | ${m.peakMb.toFixed(0)} | ${m.load.map((l) => l.toFixed(1)).join(' → ')} | ${kb(m.blogFirstFlightGzip)} | ${kb(m.eventsFirstFlightGzip)} | ${kb(m.blogJsGzip)} | ${m.indexKb.toFixed(0)} |`;
  return [
    `\`npm run build\` (astro build and postbuild) in a temporary copy of the project; the larger one with ${GENERATED_POSTS} generated posts and ${GENERATED_EVENTS} generated events, ` +
      'built from nothing, then again after one post changed (the rewrites of unchanged pages and the brotli copies of unchanged files are reused). ' +
      'Targets: build under 90 s, peak under 1,536 MB, first flight (HTML and render-blocking CSS, gzipped) at most 14.6 KB on /blog and /events. ' +
      'Peak memory is the largest resident set of the build (`/usr/bin/time`); CPU s is the processes\' user and system time, which the load of a shared machine does not stretch; load is the one-minute load average at the start and the end. ' +
      'The lists carry one page; the search indexes are fetched only when a visitor searches or filters. ' +
      `Every public page is built in each language (${LANG_CODES.join(', ')}); the English column is the page count of the site without its translations.`,
    '',
    `| site | pages | ${LANG_CODES.join(' / ')} | build s | CPU s | peak MB | load | /blog first flight gz KB | /events first flight gz KB | /blog JS gz KB | blog index KB (raw, on demand) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    row('real content', real),
    row(`+${GENERATED_POSTS} posts, +${GENERATED_EVENTS} events`, scaled),
    row('the same, one post changed', rebuilt),
  ].join('\n');
}

/** The bench report's section (scripts/bench.ts loads every module here that exports one). */
export async function section(): Promise<{ title: string; markdown: string }> {
  return { title: 'Build at scale', markdown: buildAtScaleMarkdown(await buildAtScale()) };
}

if (import.meta.main) {
  const { title, markdown } = await section();
  console.log(`## ${title}\n\n${markdown}`);
}
