/**
 * The blog list: search box, category dropdown, 4 posts a page with Previous/Next and numbers
 * (only when more than 4 match), the empty state with Reset Filters, and ?tag= / ?category= from
 * the address. The server render is one static page of the unfiltered list (/blog, /blog/2, ...)
 * whose pagination links work without script; once hydrated the island fetches the compact
 * index (slug, title, excerpt, tags, category, date, image: never the bodies) and filters it.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import {
  ALL_CATEGORIES,
  BLOG_CATEGORIES,
  blogPageHref,
  blogStateFromQuery,
  filterPosts,
  formatPostDate,
  paginate,
  type BlogIndexEntry,
} from '../lib/blog.ts';
import { MESSAGES } from '../lib/messages.ts';
import './blog-browser.css';

interface Props {
  /** The posts of this static page. */
  posts: BlogIndexEntry[];
  page: number;
  pageCount: number;
  total: number;
  /** Where the compact index lives (JSON array of BlogIndexEntry). */
  indexUrl: string;
}

function PostCard({ post }: { post: BlogIndexEntry }) {
  const headingId = `post-card-${post.slug}`;
  return (
    <article className="post-card" aria-labelledby={headingId}>
      <a className="post-card__media" href={`/blog/${post.slug}`} tabIndex={-1} aria-hidden="true">
        <span className="site-image">
          <img src={post.image} alt="" width={800} height={500} loading="lazy" decoding="async" />
        </span>
      </a>
      <div className="post-card__body">
        <p className="post-card__category">{post.category}</p>
        <h3 id={headingId} className="post-card__title">
          <a href={`/blog/${post.slug}`}>{post.title}</a>
        </h3>
        <p className="post-card__meta">
          <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.author}
        </p>
        <p className="post-card__excerpt">{post.excerpt}</p>
        <a className="post-card__more" href={`/blog/${post.slug}`}>
          Read more<span className="sipa-visually-hidden">: {post.title}</span>
        </a>
      </div>
    </article>
  );
}

export default function BlogBrowser({ posts, page: initialPage, pageCount: initialPageCount, total: initialTotal, indexUrl }: Props) {
  const uid = useId();
  const [index, setIndex] = useState<BlogIndexEntry[] | null>(null);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [page, setPage] = useState(initialPage);
  const listRef = useRef<HTMLDivElement>(null);
  const loading = useRef<Promise<void> | null>(null);

  const loadIndex = useCallback(() => {
    loading.current ??= fetch(indexUrl)
      .then((res) => (res.ok ? (res.json() as Promise<BlogIndexEntry[]>) : Promise.reject(new Error(String(res.status)))))
      .then(setIndex)
      .catch(() => {
        loading.current = null;
      });
    return loading.current;
  }, [indexUrl]);

  const scrollToList = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    if (el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }, []);

  useEffect(() => {
    void loadIndex();
    const fromQuery = blogStateFromQuery(window.location.search);
    if (fromQuery.search || fromQuery.category !== ALL_CATEGORIES) {
      setSearch(fromQuery.search);
      setCategory(fromQuery.category);
      setPage(1);
    }
    // Sidebar links (popular tags, categories) set the filters here instead of reloading.
    function onClick(e: globalThis.MouseEvent) {
      const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-blog-tag], a[data-blog-category]');
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      if (link.dataset.blogTag !== undefined) {
        setSearch(link.dataset.blogTag);
        setCategory(ALL_CATEGORIES);
      } else {
        setSearch('');
        setCategory(link.dataset.blogCategory ?? ALL_CATEGORIES);
      }
      setPage(1);
      void loadIndex();
      const input = document.getElementById(`${uid}-search`);
      input?.scrollIntoView({ block: 'center' });
      input?.focus({ preventScroll: true });
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [loadIndex, uid]);

  const result = useMemo(() => {
    if (!index) {
      return { items: posts, page: initialPage, pageCount: initialPageCount, total: initialTotal, showPagination: initialTotal > posts.length || initialPageCount > 1 };
    }
    return paginate(filterPosts(index, search, category), page);
  }, [index, posts, initialPage, initialPageCount, initialTotal, search, category, page]);

  const filtered = search.trim() !== '' || category !== ALL_CATEGORIES;

  function onSearch(value: string) {
    setSearch(value);
    setPage(1);
    void loadIndex();
  }
  function onCategory(value: string) {
    setCategory(value);
    setPage(1);
    void loadIndex();
  }
  function resetFilters() {
    setSearch('');
    setCategory(ALL_CATEGORIES);
    setPage(1);
  }
  function goTo(e: MouseEvent<HTMLAnchorElement>, target: number) {
    if (!index) return; // Before the index arrives, the links load the static pages.
    e.preventDefault();
    setPage(target);
    scrollToList();
  }

  const numbers = Array.from({ length: result.pageCount }, (_, i) => i + 1);

  return (
    <div className="blog-browser">
      <div className="blog-filters" role="search" aria-label="Search the blog">
        <div className="sipa-field blog-filters__search">
          <label htmlFor={`${uid}-search`}>Search articles</label>
          <input
            id={`${uid}-search`}
            className="sipa-input"
            type="search"
            placeholder="Search by title, summary or tag"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <div className="sipa-field blog-filters__category">
          <label htmlFor={`${uid}-category`}>Category</label>
          <select id={`${uid}-category`} value={category} onChange={(e) => onCategory(e.target.value)}>
            {BLOG_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
            {category === 'Conference' && <option value="Conference">Conference</option>}
          </select>
        </div>
      </div>

      <div ref={listRef} className="blog-results" tabIndex={-1} aria-label="Articles">
        <p className="blog-results__count" role="status" aria-live="polite">
          {filtered && index ? `${result.total} ${result.total === 1 ? 'article' : 'articles'} found` : `${result.total} articles`}
        </p>
        {result.items.length > 0 ? (
          <div className="blog-grid">
            {result.items.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </div>
        ) : (
          <div className="blog-empty">
            <p className="blog-empty__title">{MESSAGES.noArticles}</p>
            <p className="blog-empty__hint">{MESSAGES.noArticlesHint}</p>
            <button type="button" className="sipa-button" onClick={resetFilters}>
              Reset Filters
            </button>
          </div>
        )}

        {result.showPagination && (
          <nav className="blog-pagination" aria-label="Blog pages">
            {result.page > 1 ? (
              <a className="blog-pagination__step" href={blogPageHref(result.page - 1)} onClick={(e) => goTo(e, result.page - 1)}>
                Previous
              </a>
            ) : (
              <span className="blog-pagination__step" aria-disabled="true">
                Previous
              </span>
            )}
            <ol className="blog-pagination__numbers">
              {numbers.map((n) => (
                <li key={n}>
                  <a
                    className="blog-pagination__number"
                    href={blogPageHref(n)}
                    aria-current={n === result.page ? 'page' : undefined}
                    aria-label={`Page ${n}`}
                    onClick={(e) => goTo(e, n)}
                  >
                    {n}
                  </a>
                </li>
              ))}
            </ol>
            {result.page < result.pageCount ? (
              <a className="blog-pagination__step" href={blogPageHref(result.page + 1)} onClick={(e) => goTo(e, result.page + 1)}>
                Next
              </a>
            ) : (
              <span className="blog-pagination__step" aria-disabled="true">
                Next
              </span>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}
