import { describe, expect, it } from 'vitest';
import {
  ALL_CATEGORIES,
  authorInitial,
  blogPageHref,
  blogCategoryPath,
  blogTagPath,
  blogStateFromQuery,
  filterPosts,
  formatPostDate,
  matchesBlogSearch,
  paginate,
  paginationWindow,
  popularTags,
  recentPosts,
  relatedPosts,
  type BlogIndexEntry,
} from '../../src/lib/blog.ts';
import { toIndexEntry } from '../../src/lib/blog-content.ts';

const post = (id: number, category: BlogIndexEntry['category'], date: string, tags: string[] = [], title = `Post ${id}`): BlogIndexEntry => ({
  id,
  slug: `post-${id}`,
  title,
  excerpt: `Excerpt for post ${id}`,
  tags,
  category,
  date,
  dateLabel: `written ${date}`,
  image: '/art/x.svg',
  imageAlt: 'x',
  author: 'Amina',
});

const posts = [
  post(1, 'Financial Empowerment', '2026-10-28', ['youth', 'Budgeting'], 'Personal Finance for Youth'),
  post(2, 'Conference', '2026-09-12', ['women']),
  post(3, 'Financial Empowerment', '2026-10-20', ['credit']),
  post(4, 'Community Support', '2026-07-30', ['families']),
  post(5, 'Mental Health', '2026-06-18', ['wellness']),
  post(6, 'Volunteer', '2026-08-27', ['volunteers']),
  post(7, 'Youth Programs', '2026-11-10', ['youth', 'leadership']),
];

describe('blog search', () => {
  it('matches the title, the excerpt or any tag, case-insensitively', () => {
    expect(matchesBlogSearch(posts[0]!, 'PERSONAL finance')).toBe(true);
    expect(matchesBlogSearch(posts[1]!, 'excerpt for POST 2')).toBe(true);
    expect(matchesBlogSearch(posts[0]!, 'budgeting')).toBe(true);
    expect(matchesBlogSearch(posts[1]!, 'budgeting')).toBe(false);
  });
  it('does not match the author or the category', () => {
    expect(matchesBlogSearch(posts[1]!, 'amina')).toBe(false);
    expect(matchesBlogSearch(posts[1]!, 'conference')).toBe(false);
  });
  it('an empty search matches all', () => expect(filterPosts(posts, '  ', ALL_CATEGORIES)).toHaveLength(7));
});

describe('blog category', () => {
  it('must equal the selection unless All Categories', () => {
    expect(filterPosts(posts, '', 'Financial Empowerment').map((p) => p.id)).toEqual([1, 3]);
    expect(filterPosts(posts, '', ALL_CATEGORIES)).toHaveLength(7);
    expect(filterPosts(posts, '', 'Cultural Celebration')).toEqual([]);
  });
  it('combines with the search', () => {
    expect(filterPosts(posts, 'youth', 'Youth Programs').map((p) => p.id)).toEqual([7]);
    expect(filterPosts(posts, 'youth', ALL_CATEGORIES).map((p) => p.id)).toEqual([7, 1]);
  });
  it('sorts newest first', () => expect(filterPosts(posts, '', ALL_CATEGORIES)[0]!.id).toBe(7));
});

describe('pagination', () => {
  it('shows 4 per page and pagination only past 4 matches', () => {
    const all = paginate(filterPosts(posts, '', ALL_CATEGORIES), 1);
    expect(all.items).toHaveLength(4);
    expect(all.pageCount).toBe(2);
    expect(all.showPagination).toBe(true);
    expect(paginate(posts.slice(0, 4), 1).showPagination).toBe(false);
    expect(paginate(posts.slice(0, 5), 1).showPagination).toBe(true);
  });
  it('gives the rest on the last page and clamps out-of-range pages', () => {
    expect(paginate(posts, 2).items.map((p) => p.id)).toEqual([5, 6, 7]);
    expect(paginate(posts, 9).page).toBe(2);
    expect(paginate(posts, 0).page).toBe(1);
    expect(paginate([], 1)).toMatchObject({ items: [], page: 1, pageCount: 1, showPagination: false });
  });
  it('links page 1 to /blog and later pages to /blog/{n}', () => {
    expect(blogPageHref(1)).toBe('/blog');
    expect(blogPageHref(2)).toBe('/blog/2');
    expect(blogPageHref(1, '/blog/category/volunteer')).toBe('/blog/category/volunteer');
    expect(blogPageHref(3, '/blog/category/volunteer')).toBe('/blog/category/volunteer/3');
    expect(blogCategoryPath('Community Support')).toBe('/blog/category/community-support');
    expect(blogCategoryPath('Youth Programs')).toBe('/blog/category/youth-programs');
    expect(blogTagPath('financial literacy')).toBe('/blog/tag/financial-literacy');
  });
});

describe('pagination window', () => {
  it('shows 1 … 4 5 6 … 252 on page 5 of 252', () => {
    expect(paginationWindow(5, 252)).toEqual([1, 'gap', 4, 5, 6, 'gap', 252]);
  });
  it('keeps the first and last pages and one neighbour each side of the current one', () => {
    expect(paginationWindow(1, 252)).toEqual([1, 2, 'gap', 252]);
    expect(paginationWindow(252, 252)).toEqual([1, 'gap', 251, 252]);
    expect(paginationWindow(126, 252)).toEqual([1, 'gap', 125, 126, 127, 'gap', 252]);
    expect(paginationWindow(250, 252)).toEqual([1, 'gap', 249, 250, 251, 252]);
  });
  it('never hides a single page behind a gap', () => {
    expect(paginationWindow(3, 252)).toEqual([1, 2, 3, 4, 'gap', 252]);
    expect(paginationWindow(4, 252)).toEqual([1, 2, 3, 4, 5, 'gap', 252]);
    expect(paginationWindow(5, 252)).toEqual([1, 'gap', 4, 5, 6, 'gap', 252]);
    expect(paginationWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationWindow(249, 252)).toEqual([1, 'gap', 248, 249, 250, 251, 252]);
  });
  it('shows every number of a short list', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(2, 2)).toEqual([1, 2]);
    expect(paginationWindow(1, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('clamps a page out of range', () => {
    expect(paginationWindow(0, 10)).toEqual([1, 2, 'gap', 10]);
    expect(paginationWindow(99, 10)).toEqual([1, 'gap', 9, 10]);
  });
});

describe('sidebar and article helpers', () => {
  it('recent posts are the newest 3', () => expect(recentPosts(posts).map((p) => p.id)).toEqual([7, 1, 3]));
  it('related posts share the category, exclude the post, at most 2', () => {
    expect(relatedPosts(posts[0]!, posts).map((p) => p.id)).toEqual([3]);
    expect(relatedPosts(posts[4]!, posts)).toEqual([]);
    const many = [...posts, post(8, 'Financial Empowerment', '2026-01-01'), post(9, 'Financial Empowerment', '2025-01-01')];
    expect(relatedPosts(many[0]!, many).map((p) => p.id)).toEqual([3, 8]);
  });
  it('popular tags come by frequency', () => expect(popularTags(posts)[0]).toBe('youth'));
  it('formats dates in en-US long form', () => expect(formatPostDate('2026-11-10')).toBe('November 10, 2026'));
  it('the index entry carries its date written in the list’s language', () => {
    const { dateLabel: _, ...front } = post(1, 'Volunteer', '2026-11-03T09:30:00.000Z');
    expect(toIndexEntry(front, 'en').dateLabel).toBe('November 3, 2026');
    expect(toIndexEntry(front, 'fr').dateLabel).toBe('3 novembre 2026');
    expect(toIndexEntry(front, 'sw').dateLabel).toBe('3 Novemba 2026');
  });
  it('takes the author initial', () => expect(authorInitial(' amina')).toBe('A'));
  it('?tag= sets the search; unknown categories fall back to All Categories', () => {
    expect(blogStateFromQuery('?tag=youth')).toEqual({ search: 'youth', category: ALL_CATEGORIES });
    expect(blogStateFromQuery('?category=Volunteer')).toEqual({ search: '', category: 'Volunteer' });
    expect(blogStateFromQuery('?category=Nope')).toEqual({ search: '', category: ALL_CATEGORIES });
  });
});
