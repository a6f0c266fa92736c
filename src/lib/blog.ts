/**
 * Blog rules: search (title, excerpt or any tag, case-insensitive), category, pagination (4 per
 * page, shown only past 4 matches), recent posts, related posts, popular tags, dates.
 * Pure: no DOM, no Astro. The list island works on the compact index entry, never the body.
 */
import type { BlogPost } from './content-schemas.ts';
import { categorySlug } from './routes.ts';
import { BLOG_PAGE_SIZE, BLOG_RECENT_POSTS, BLOG_RELATED_ARTICLES } from './constants.ts';

export const ALL_CATEGORIES = 'All Categories';

/** The category dropdown's options, in the spec's order. */
export const BLOG_CATEGORIES = [
  ALL_CATEGORIES,
  'Community Support',
  'Financial Empowerment',
  'Cultural Celebration',
  'Mental Health',
  'Youth Programs',
  'Volunteer',
  'Community Events',
] as const;

/** Categories a post may carry: the dropdown's (less 'All Categories') plus Conference. */
export const POST_CATEGORIES = [...BLOG_CATEGORIES.slice(1), 'Conference'] as const;

/** What the list needs about a post; the island gets only this. */
export type BlogIndexEntry = Pick<BlogPost, 'id' | 'slug' | 'title' | 'excerpt' | 'tags' | 'category' | 'date' | 'image' | 'imageAlt' | 'author'> & {
  /** The date written in the list's language ('November 3, 2026', '3 novembre 2026'), by toIndexEntry. */
  dateLabel: string;
};

export function matchesBlogSearch(post: Pick<BlogIndexEntry, 'title' | 'excerpt' | 'tags'>, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return (
    post.title.toLowerCase().includes(term) ||
    post.excerpt.toLowerCase().includes(term) ||
    post.tags.some((tag) => tag.toLowerCase().includes(term))
  );
}

export function matchesBlogCategory(post: Pick<BlogIndexEntry, 'category'>, category: string): boolean {
  return category === ALL_CATEGORIES || category === '' || post.category === category;
}

/** Newest first. */
export function sortPosts<T extends Pick<BlogIndexEntry, 'date' | 'id'>>(posts: readonly T[]): T[] {
  // Each date parsed once, not in every comparison: the build sorts a thousand posts per page.
  return posts
    .map((post) => ({ post, time: Date.parse(post.date) }))
    .sort((a, b) => b.time - a.time || b.post.id - a.post.id)
    .map(({ post }) => post);
}

export function filterPosts<T extends Pick<BlogIndexEntry, 'id' | 'date' | 'title' | 'excerpt' | 'tags' | 'category'>>(posts: readonly T[], search: string, category: string): T[] {
  return sortPosts(posts).filter((p) => matchesBlogSearch(p, search) && matchesBlogCategory(p, category));
}

export interface BlogPage<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
  /** Pagination controls are shown only when more than one page's worth matches. */
  showPagination: boolean;
}

export function paginate<T>(items: readonly T[], page: number, pageSize: number = BLOG_PAGE_SIZE): BlogPage<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return {
    items: items.slice((current - 1) * pageSize, current * pageSize),
    page: current,
    pageCount,
    total: items.length,
    showPagination: items.length > pageSize,
  };
}

/** A hidden run of page numbers in the pagination ("…"). */
export const PAGE_GAP = 'gap';
export type PageLink = number | typeof PAGE_GAP;

/**
 * The page numbers the pagination shows: the first, the last, and the current page with one
 * neighbour each side, with a gap for every hidden run (page 5 of 252: 1 … 4 5 6 … 252). A gap
 * that would hide a single number shows the number instead, so no gap ever stands for one page.
 */
export function paginationWindow(current: number, pageCount: number, neighbours = 1): PageLink[] {
  const last = Math.max(1, Math.floor(pageCount));
  const page = Math.min(Math.max(1, Math.floor(current) || 1), last);
  const from = Math.max(1, page - neighbours);
  const to = Math.min(last, page + neighbours);
  const links: PageLink[] = [];
  if (from > 1) links.push(1);
  if (from === 3) links.push(2);
  else if (from > 3) links.push(PAGE_GAP);
  for (let n = from; n <= to; n++) links.push(n);
  if (to === last - 2) links.push(last - 1);
  else if (to < last - 2) links.push(PAGE_GAP);
  if (to < last) links.push(last);
  return links;
}

/** The static URL of list page n: /blog for 1, /blog/{n} after (or under a category's list). */
export function blogPageHref(page: number, base: string = '/blog'): string {
  return page <= 1 ? base : `${base}/${page}`;
}

/** The pre-rendered list of the posts a tag search finds: /blog/tag/financial-literacy. */
export function blogTagPath(tag: string): string {
  return `/blog/tag/${categorySlug(tag)}`;
}

/** The pre-rendered list of one category: /blog/category/community-support. */
export function blogCategoryPath(category: string): string {
  return `/blog/category/${categorySlug(category)}`;
}

export function recentPosts<T extends Pick<BlogIndexEntry, 'date' | 'id'>>(posts: readonly T[], count: number = BLOG_RECENT_POSTS): T[] {
  return sortPosts(posts).slice(0, count);
}

/** Same category, excluding the post itself, newest first, at most 2. */
export function relatedPosts<T extends Pick<BlogIndexEntry, 'slug' | 'category' | 'date' | 'id'>>(
  post: Pick<BlogIndexEntry, 'slug' | 'category'>,
  all: readonly T[],
  count: number = BLOG_RELATED_ARTICLES,
): T[] {
  return sortPosts(all.filter((p) => p.slug !== post.slug && p.category === post.category)).slice(0, count);
}

/** Tags by how many posts carry them (then alphabetically). */
export function popularTags(posts: readonly Pick<BlogIndexEntry, 'tags'>[], count = 12): string[] {
  const counts = new Map<string, number>();
  for (const post of posts) for (const tag of post.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([tag]) => tag);
}

/** Categories present in the posts with their counts, in the dropdown's order then Conference. */
export function categoryCounts(posts: readonly Pick<BlogIndexEntry, 'category'>[]): { category: string; count: number }[] {
  return POST_CATEGORIES.map((category) => ({ category, count: posts.filter((p) => p.category === category).length })).filter(
    (c) => c.count > 0,
  );
}

export interface BlogSidebarLists<T> {
  recent: T[];
  categories: { category: string; count: number }[];
  tags: string[];
}

const sidebars = new WeakMap<readonly object[], BlogSidebarLists<never>>();

/**
 * The sidebar's recent posts, categories and popular tags, worked out once per list of posts:
 * every list page of a build passes the same shared index (src/data/content.ts), and at a
 * thousand posts working them out again on each of 1,300 list pages cost seconds of the build.
 */
export function blogSidebarLists<T extends Pick<BlogIndexEntry, 'date' | 'id' | 'category' | 'tags'>>(posts: readonly T[]): BlogSidebarLists<T> {
  let lists = sidebars.get(posts) as BlogSidebarLists<T> | undefined;
  if (!lists) {
    lists = { recent: recentPosts(posts), categories: categoryCounts(posts), tags: popularTags(posts) };
    sidebars.set(posts, lists as BlogSidebarLists<never>);
  }
  return lists;
}

/** 'November 3, 2026': the spec's en-US long form. Dates are calendar dates, shown as written. */
export function formatPostDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 10)}T12:00:00Z`),
  );
}

/** The author's initial for the avatar. */
export function authorInitial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

/** Reads the list's state from a query string: ?tag= sets the search; ?q= and ?category= too. */
export function blogStateFromQuery(query: string): { search: string; category: string } {
  const params = new URLSearchParams(query);
  const search = params.get('tag') ?? params.get('q') ?? '';
  const category = params.get('category') ?? ALL_CATEGORIES;
  return {
    search,
    category: (BLOG_CATEGORIES as readonly string[]).includes(category) || category === 'Conference' ? category : ALL_CATEGORIES,
  };
}
