/**
 * What the blog tests expect, read from the content itself (content/blog/*.mdx, English) with
 * the list's own rules (src/lib/blog.ts), so that an editor adding or removing a post keeps them
 * green; and a fixed index of seven posts (fixtures/blog-index.json) that the list's search and
 * filter tests receive through page.route, so their literal expectations hold whatever is
 * published.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { paginate, sortPosts, type BlogIndexEntry } from '../../src/lib/blog.ts';

const BLOG = join(import.meta.dirname, '..', '..', 'content', 'blog');

type Post = Pick<BlogIndexEntry, 'id' | 'slug' | 'title' | 'excerpt' | 'tags' | 'category' | 'date'>;

/** The English posts' front matter, newest first, as the list orders them. */
export function publishedPosts(): Post[] {
  const posts = readdirSync(BLOG)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => parse(readFileSync(join(BLOG, name), 'utf8').split(/^---$/m)[1]!) as Post);
  return sortPosts(posts);
}

/** The posts of each page of the unfiltered list: pages[0] is /blog, pages[1] /blog/2. */
export function listPages(): Post[][] {
  const posts = publishedPosts();
  const { pageCount } = paginate(posts, 1);
  return Array.from({ length: pageCount }, (_, i) => paginate(posts, i + 1).items);
}

export const FIXED_INDEX = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'blog-index.json'), 'utf8')) as BlogIndexEntry[];

/** The list's index answered by the fixed seven posts (in any language's address). */
export async function serveFixedIndex(page: Page): Promise<void> {
  await page.route('**/blog/search-index.json', (route) => route.fulfill({ json: FIXED_INDEX }));
}
