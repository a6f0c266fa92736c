/**
 * getStaticPaths for every route with parameters of its own, each built from the content queries
 * in ./content.ts: one page per entry (a program, a guide, a post, an event, a legal page) or per
 * list page (the blog's pages, categories and tags), in every language. The route files under
 * src/pages/[...lang]/ name one of these and the page component that draws it.
 */
import type { GetStaticPaths } from 'astro';
import { EVENTS_PAGE_SIZE } from '../lib/constants.ts';
import { dayInZone, eventsForTab, type EventTab } from '../lib/events.ts';
import { getEvents, getLegalPages, getOrdered, getPostEntries, getPostIndex, getPosts, getPrograms, programRouteParam } from './content.ts';
import { entriesIn } from './localized.ts';
import { inEveryLang } from '../lib/i18n/static-paths.ts';
import { ALL_CATEGORIES, blogCategoryPath, blogTagPath, categoryCounts, filterPosts, paginate } from '../lib/blog.ts';
import { programCategories } from '../lib/program-filter.ts';
import { categorySlug } from '../lib/routes.ts';

/** The path segment of a list's page: none for the first, "2", "3", ... after it. */
const pageSegment = (index: number) => (index === 0 ? undefined : String(index + 1));

/** /{id}: one page per file in content/legal (privacy, terms, accessibility). */
export const legalPaths = (() =>
  inEveryLang(async (lang) => (await getLegalPages(lang)).map((page) => ({ params: { legal: page.id }, props: { page } })))) satisfies GetStaticPaths;

/** /resources/{id}: one page per financial guide in content/guides. */
export const guidePaths = (() =>
  inEveryLang(async (lang) => (await getOrdered('guides', lang)).map((guide) => ({ params: { guide: guide.id }, props: { guide } })))) satisfies GetStaticPaths;

/** /programs/{id}: one page per file in content/programs, at the address its `detailPath` names. */
export const programPaths = (() =>
  inEveryLang(async (lang) =>
    (await getPrograms(lang)).map((program) => ({ params: { program: programRouteParam(program) }, props: { program } })))) satisfies GetStaticPaths;

/** /programs/category/{category}: one page per category the programs use. */
export const programCategoryPaths = (() =>
  inEveryLang(async (lang) => {
    const programs = await getPrograms(lang);
    return programCategories(programs.map((program) => program.data)).map((category) => ({
      params: { category: categorySlug(category) },
      props: { category },
    }));
  })) satisfies GetStaticPaths;

/** /events/{id}: one page per event, with the list its similar events come from. */
export const eventPaths = (() =>
  inEveryLang(async (lang) => {
    const events = await getEvents(lang);
    // The language each event's text is in: English where its translation is missing.
    const textLang = new Map((await entriesIn('events', lang)).map((entry) => [entry.data.id, entry.lang]));
    return events.map((event) => ({ params: { id: event.id }, props: { event, all: events, contentLang: textLang.get(event.id) ?? lang } }));
  })) satisfies GetStaticPaths;

/** /get-involved/shifts/{id}: one page per volunteer shift, in each language (the opportunity's words in it). */
export const shiftPaths = (() =>
  inEveryLang(async (lang) =>
    // `?? []`: an entry the content layer cached before the field existed has no default filled in.
    (await getOrdered('volunteerOpportunities', lang)).flatMap((entry) => (entry.data.shifts ?? []).map((shift) => ({ params: { shift: shift.id }, props: { opportunity: entry.data, shift } }))),
  )) satisfies GetStaticPaths;

/** /events/page/2, /events/past/page/2, ...: an events list past its first page, on the build's day. */
export const eventListPagePaths = (tab: EventTab) =>
  (() =>
    inEveryLang(async (lang) => {
      const { pageCount } = paginate(eventsForTab(await getEvents(lang), tab, dayInZone(new Date())), 1, EVENTS_PAGE_SIZE);
      return Array.from({ length: pageCount - 1 }, (_, i) => ({ params: { page: String(i + 2) }, props: { tab, page: i + 2 } }));
    })) satisfies GetStaticPaths;

/** /blog/{slug}: one page per post, with the index its related posts come from. */
export const postPaths = (() =>
  inEveryLang(async (lang) => {
    const all = await getPostIndex(lang);
    return (await getPostEntries(lang)).map((entry) => ({ params: { slug: entry.data.slug }, props: { entry, all } }));
  })) satisfies GetStaticPaths;

/** /blog/2, /blog/3, ...: the unfiltered list past its first page (/blog itself is its own route). */
export const blogPagePaths = (() =>
  inEveryLang(async (lang) => {
    const { pageCount } = paginate(await getPosts(lang), 1);
    return Array.from({ length: pageCount - 1 }, (_, i) => ({ params: { page: String(i + 2) }, props: { page: i + 2 } }));
  })) satisfies GetStaticPaths;

/** /blog/category/{category} (and /2, /3, ... when it has more than one page). */
export const blogCategoryPaths = (() =>
  inEveryLang(async (lang) => {
    const posts = await getPosts(lang);
    return categoryCounts(posts).flatMap(({ category }) => {
      const slug = blogCategoryPath(category).split('/').pop()!;
      const { pageCount } = paginate(posts.filter((post) => post.category === category), 1);
      return Array.from({ length: pageCount }, (_, i) => ({ params: { category: slug, page: pageSegment(i) }, props: { category, page: i + 1 } }));
    });
  })) satisfies GetStaticPaths;

/** /blog/tag/{tag} (and /2, ... past one page): what searching for a tag finds. */
export const blogTagPaths = (() =>
  inEveryLang(async (lang) => {
    const posts = await getPosts(lang);
    const tags = [...new Map(posts.flatMap((post) => post.tags).map((tag) => [blogTagPath(tag), tag])).values()];
    return tags.flatMap((tag) => {
      const slug = blogTagPath(tag).split('/').pop()!;
      const { pageCount } = paginate(filterPosts(posts, tag, ALL_CATEGORIES), 1);
      return Array.from({ length: pageCount }, (_, i) => ({ params: { tag: slug, page: pageSegment(i) }, props: { tag, page: i + 1 } }));
    });
  })) satisfies GetStaticPaths;
