/**
 * Reading the content collections in the order pages show them. Pages stay thin: they call
 * these and compose components. (Astro-aware, so it lives outside src/lib.)
 */
import { getEntry, type CollectionEntry } from 'astro:content';
import type { BlogIndexEntry } from '../lib/blog.ts';
import { sortPosts } from '../lib/blog.ts';
import { toIndexEntry } from '../lib/blog-content.ts';
import type { BlogPost, EventItem } from '../lib/content-schemas.ts';
import { sortEvents } from '../lib/events.ts';
import { programStatus } from '../lib/program-status.ts';
import { site } from '../lib/site.ts';
import { DEFAULT_LANG, type Lang } from '../lib/i18n/languages.ts';
import { localizePath } from '../lib/i18n/paths.ts';
import { localizeHtmlLinks } from '../lib/i18n/links.ts';
import { formatDate, formatNumber } from '../lib/i18n/format.ts';
import { entriesIn, translationOf, type LocalizedEntry } from './localized.ts';

export type Program = CollectionEntry<'programs'>;

const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

/** Every program in `lang` (English where a translation is missing), in the editors' order. */
export async function getPrograms(lang: Lang = DEFAULT_LANG): Promise<Program[]> {
  return (await entriesIn('programs', lang)).sort(byOrder);
}

export async function getProgram(id: string, lang: Lang = DEFAULT_LANG): Promise<Program> {
  const entry = await getEntry('programs', id);
  if (!entry) throw new Error(`No program content/programs/${id}.mdx`);
  return translationOf<'programs'>(entry, lang);
}

/** The [program] route's parameter: the last segment of the program's `detailPath` (/programs/{it}). */
export function programRouteParam(program: Program): string {
  const match = /^\/programs\/([a-z0-9-]+)$/.exec(program.data.detailPath);
  if (!match) throw new Error(`content/programs/${program.id}.mdx: detailPath must be /programs/{a-z0-9-}, not ${program.data.detailPath}`);
  return match[1]!;
}

/** What all programs add up to: the totals /, /impact and /corporate show. */
export async function programTotals() {
  const programs = await getPrograms();
  const sum = (pick: (metrics: Program['data']['impactMetrics']) => number) => programs.reduce((total, program) => total + pick(program.data.impactMetrics), 0);
  return {
    programs: programs.length,
    peopleServed: sum((m) => m.peopleServed),
    communitiesReached: sum((m) => m.communitiesReached),
    partnerOrganizations: sum((m) => m.partnerOrganizations),
  };
}

/** The program's contact phone: its own, else the organisation's. */
export function programPhone(program: Program): { href: string; display: string } {
  const phone = program.data.contactInfo.phone;
  return phone ? { href: `tel:${phone}`, display: phone.replace(/^\+1-/, '') } : { href: `tel:${site.phone}`, display: site.phoneDisplay };
}

/** The status at build time; the page corrects it in the visitor's browser (src/scripts/program-status.ts). */
export function buildTimeStatus(program: Program): string {
  return programStatus(program.data, new Date());
}

export async function getSingle<C extends 'home' | 'plannedGiving' | 'careers'>(collection: C, id: string, lang: Lang = DEFAULT_LANG) {
  return (await getSingleEntry(collection, id, lang)).data;
}

/** A one-entry page's text and the language it is in (English where its translation is missing). */
export async function getSingleEntry<C extends 'home' | 'plannedGiving' | 'careers'>(collection: C, id: string, lang: Lang = DEFAULT_LANG) {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`No content/${collection}/${id}.json`);
  const localized = await translationOf(entry as CollectionEntry<C>, lang);
  return { data: localized.data as CollectionEntry<C>['data'], lang: localized.lang };
}

export async function getOrdered<C extends 'staff' | 'values' | 'volunteerOpportunities' | 'gallery' | 'guides'>(collection: C, lang: Lang = DEFAULT_LANG) {
  return ((await entriesIn(collection, lang)) as CollectionEntry<C>[]).sort(byOrder as never);
}

export async function getTestimonial(placement: 'home' | 'get-involved' | 'about', lang: Lang = DEFAULT_LANG) {
  const all = await entriesIn('testimonials', lang);
  const found = all.find((entry) => entry.data.placements.includes(placement));
  if (!found) throw new Error(`No testimonial placed on ${placement}`);
  return found.data;
}

/**
 * The programs list island's rows (never the page bodies), linking to the programs' pages in
 * `lang`. Their numbers and dates are written here, at build time, so that the list builds no
 * Intl formatter while it hydrates (why: src/lib/i18n/format.ts).
 */
export function toExplorerPrograms(programs: readonly Program[], lang: Lang) {
  return programs.map((program) => ({
    id: program.data.programId,
    title: program.data.title,
    category: program.data.category,
    description: program.data.description,
    image: program.data.image,
    imageAlt: program.data.imageAlt,
    href: localizePath(program.data.detailPath, lang),
    startDate: program.data.startDate,
    status: program.data.status,
    buildStatus: buildTimeStatus(program),
    peopleServedLabel: formatNumber(program.data.impactMetrics.peopleServed, lang),
    startLabel: formatDate(program.data.startDate.slice(0, 10), lang),
  }));
}

/* Events and blog posts: the queries the event pages, the blog, the feed and the home page share. */

/**
 * `read(lang)` once per language for the whole build. Every list page, sidebar and article reads
 * the same sorted lists; at a thousand posts, building them again for each of 9,000 pages was
 * 25 s of a 66 s build (bench: build at scale). The lists are frozen, since every page shares
 * them. `astro dev` reads afresh on each request: there the content changes under the server.
 */
function oncePerBuild<T>(read: (lang: Lang) => Promise<readonly T[]>): (lang?: Lang) => Promise<readonly T[]> {
  const built = new Map<Lang, Promise<readonly T[]>>();
  return (lang = DEFAULT_LANG) => {
    if (import.meta.env.DEV) return read(lang);
    let list = built.get(lang);
    if (!list) built.set(lang, (list = read(lang).then((items) => Object.freeze(items))));
    return list;
  };
}

/** Every event's front matter, soonest first. */
export const getEvents = oncePerBuild(async (lang): Promise<EventItem[]> => sortEvents((await entriesIn('events', lang)).map((entry) => entry.data)));

/** Every post's collection entry (front matter and body): what the article pages render. */
export async function getPostEntries(lang: Lang = DEFAULT_LANG): Promise<LocalizedEntry<'blog'>[]> {
  return entriesIn('blog', lang);
}

/** Every post's front matter, newest first. */
export const getPosts = oncePerBuild(async (lang): Promise<BlogPost[]> => sortPosts((await entriesIn('blog', lang)).map((entry) => entry.data)));

/** The compact index of every post (front matter only, never a body), newest first: what the list island filters. */
export const getPostIndex = oncePerBuild(async (lang): Promise<BlogIndexEntry[]> => (await getPosts(lang)).map((post) => toIndexEntry(post, lang)));

/** The `count` newest posts. */
export async function getLatestPosts(count: number, lang: Lang = DEFAULT_LANG): Promise<BlogPost[]> {
  return (await getPosts(lang)).slice(0, count);
}

/** The FAQ in the order editors set (the `order` field), its answers' links in `lang` (answers write `/contact`). */
export async function getFaqs(lang: Lang = DEFAULT_LANG) {
  return (await entriesIn('faq', lang))
    .map((entry) => ({ ...entry.data, answer: localizeHtmlLinks(entry.data.answer, lang) }))
    .sort((a, b) => a.order - b.order);
}

/** The legal pages (privacy, terms, accessibility), one route each through src/pages/[legal].astro. */
export async function getLegalPages(lang: Lang = DEFAULT_LANG) {
  return entriesIn('legal', lang);
}
