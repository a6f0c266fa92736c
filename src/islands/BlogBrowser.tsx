/**
 * The blog list: search box, category dropdown, 4 posts a page with Previous/Next and numbers
 * (only when more than 4 match), the empty state with Reset Filters, and ?tag= / ?q= / ?category= from
 * the address. The server render is one static page of the unfiltered list (/blog, /blog/2, ...)
 * whose pagination links work without script. The compact index (slug, title, excerpt, tags,
 * category, date, image: never the bodies) grows with the blog, so it is fetched only when the
 * visitor first searches or filters; until then the page numbers load the static pages, and a
 * page costs the same with 7 posts or 1,000.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import {
  ALL_CATEGORIES,
  BLOG_CATEGORIES,
  blogPageHref,
  blogStateFromQuery,
  filterPosts,
  paginate,
  type BlogIndexEntry,
} from '../lib/blog.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { fill, textsIn, type Texts } from './form-kit/texts.ts';
import { FilterBar, pick, readFilterBar, useAddressSync } from './browser-kit.tsx';
import { PageLinks } from './PageLinks.tsx';
import { ListCard } from './ListCard.tsx';
import { useAdoptOnHydration } from './form-kit/hydration.ts';
import './blog-browser.css';

interface Props {
  /** The posts of this static page. */
  posts: BlogIndexEntry[];
  page: number;
  pageCount: number;
  total: number;
  /** Where the compact index lives (JSON array of BlogIndexEntry). */
  indexUrl: string;
  /** The category of a pre-rendered category list (/blog/category/...), else All Categories. */
  initialCategory?: string;
  /** The search of a pre-rendered tag list (/blog/tag/...), else empty. */
  initialSearch?: string;
  /** The address of this list's first page: /blog, or the category's or tag's list (/fr/blog… in French). */
  basePath?: string;
  /** The blog's address in the page's language (/blog, /fr/blog): where the posts' links and a search's address lead. */
  blogPath?: string;
  /** The page's language (its mount reads pageLang). */
  lang: Lang;
}

/** The catalogue keys this list shows (content/messages/<lang>.json). */
export const BLOG_BROWSER_TEXTS = [
  'listCategory',
  'blogCategoryAll',
  'blogCategoryCommunitySupport',
  'blogCategoryFinancialEmpowerment',
  'blogCategoryMentalHealth',
  'blogCategoryCulturalCelebration',
  'blogCategoryYouthPrograms',
  'blogCategoryVolunteer',
  'blogCategoryCommunityEvents',
  'blogCategoryConference',
  'blogReadMore',
  'blogFilterLabel',
  'blogSearchLabel',
  'blogSearchPlaceholder',
  'blogResultsLabel',
  'blogTotalOne',
  'blogTotalMany',
  'blogFoundOne',
  'blogFoundMany',
  'noArticles',
  'noArticlesHint',
  'blogResetFilters',
  'blogPagesLabel',
  'blogPrevious',
  'blogNext',
  'blogPageNumber',
] as const;
type BlogTexts = Texts<(typeof BLOG_BROWSER_TEXTS)[number]>;

/** The categories' names in the catalogue (the posts and the address keep the English ones). */
const CATEGORY_KEYS: Readonly<Record<string, keyof BlogTexts>> = {
  'All Categories': 'blogCategoryAll',
  'Community Support': 'blogCategoryCommunitySupport',
  'Financial Empowerment': 'blogCategoryFinancialEmpowerment',
  'Mental Health': 'blogCategoryMentalHealth',
  'Cultural Celebration': 'blogCategoryCulturalCelebration',
  'Youth Programs': 'blogCategoryYouthPrograms',
  Volunteer: 'blogCategoryVolunteer',
  'Community Events': 'blogCategoryCommunityEvents',
  Conference: 'blogCategoryConference',
};

function categoryName(category: string, t: BlogTexts): string {
  const key = CATEGORY_KEYS[category];
  return key ? t[key] : category;
}

function PostCard({ post, blogPath, t, first }: { post: BlogIndexEntry; blogPath: string; t: BlogTexts; first: boolean }) {
  const headingId = `post-card-${post.slug}`;
  return (
    <ListCard name="post-card" href={`${blogPath}/${post.slug}`} headingId={headingId} image={post.image} first={first}>
      <p className="sipa-card__eyebrow post-card__category">{categoryName(post.category, t)}</p>
      <h3 id={headingId} className="sipa-card__title post-card__title">
        <a href={`${blogPath}/${post.slug}`}>{post.title}</a>
      </h3>
      <p className="post-card__meta">
        <time dateTime={post.date}>{post.dateLabel}</time> · {post.author}
      </p>
      <p className="post-card__excerpt">{post.excerpt}</p>
      <a className="post-card__more" href={`${blogPath}/${post.slug}`}>
        {t.blogReadMore}<span className="sipa-visually-hidden">: {post.title}</span>
      </a>
    </ListCard>
  );
}

export default function BlogBrowser({
  posts,
  page: initialPage,
  pageCount: initialPageCount,
  total: initialTotal,
  indexUrl,
  initialCategory = ALL_CATEGORIES,
  initialSearch = '',
  basePath = '/blog',
  blogPath = '/blog',
  lang,
}: Props) {
  const t = textsIn(lang, BLOG_BROWSER_TEXTS);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [index, setIndex] = useState<BlogIndexEntry[] | null>(null);
  const [search, setSearch] = useState(initialSearch);
  const [category, setCategory] = useState<string>(initialCategory);
  const [page, setPage] = useState(initialPage);
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
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

  // What the visitor typed or picked before the script arrived wins over the address.
  useAdoptOnHydration(formRef, (form) => {
    const params = new URLSearchParams(window.location.search);
    const fromQuery = blogStateFromQuery(window.location.search);
    const onScreen = readFilterBar(form);
    const nextSearch = pick(onScreen.search, initialSearch, fromQuery.search || null);
    const nextCategory = pick(onScreen.category, initialCategory, params.has('category') ? fromQuery.category : null);
    if (nextSearch !== initialSearch || nextCategory !== initialCategory) {
      setSearch(nextSearch);
      setCategory(nextCategory);
      setPage(Number(params.get('page')) || 1);
    }
    setReady(true);
  });
  const plain = search === initialSearch && category === initialCategory;
  useAddressSync(
    plain ? blogPageHref(page, basePath) : blogPath,
    plain
      ? {}
      : { q: search.trim() ? search : undefined, category: category === ALL_CATEGORIES ? undefined : category, page: page > 1 ? String(page) : undefined },
    ready && index !== null,
  );

  // A filter that came from the address (or was typed before hydration) needs the index.
  useEffect(() => {
    if (ready && !plain) void loadIndex();
  }, [ready, plain, loadIndex]);

  useEffect(() => {
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
      return {
        items: posts,
        page: initialPage,
        pageCount: initialPageCount,
        total: initialTotal,
        showPagination: initialTotal > posts.length || initialPageCount > 1,
      };
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


  return (
    <div className="blog-browser">
      <FilterBar
        formRef={formRef}
        idPrefix={uid}
        action={basePath}
        label={t.blogFilterLabel}
        searchLabel={t.blogSearchLabel}
        categoryLabel={t.listCategory}
        placeholder={t.blogSearchPlaceholder}
        search={search}
        onSearch={onSearch}
        category={category}
        onCategory={onCategory}
        options={[...BLOG_CATEGORIES, ...(category === 'Conference' ? ['Conference'] : [])].map((c) => ({ value: c, label: categoryName(c, t) }))}
      />

      <div ref={listRef} className="blog-results" role="group" tabIndex={-1} aria-label={t.blogResultsLabel}>
        <p className="blog-results__count" role="status" aria-live="polite">
          {fill(
            filtered && index ? (result.total === 1 ? t.blogFoundOne : t.blogFoundMany) : result.total === 1 ? t.blogTotalOne : t.blogTotalMany,
            { count: result.total },
          )}
        </p>
        {result.items.length > 0 ? (
          <div className="blog-grid">
            {result.items.map((post, i) => (
              <PostCard key={post.slug} post={post} blogPath={blogPath} t={t} first={i === 0} />
            ))}
          </div>
        ) : (
          <div className="blog-empty">
            <p className="blog-empty__title">{t.noArticles}</p>
            <p className="blog-empty__hint">{t.noArticlesHint}</p>
            <button type="button" className="sipa-button" onClick={resetFilters}>
              {t.blogResetFilters}
            </button>
          </div>
        )}

        {result.showPagination && (
          <PageLinks
            label={t.blogPagesLabel}
            previous={t.blogPrevious}
            next={t.blogNext}
            pageLabel={(n) => fill(t.blogPageNumber, { number: n })}
            page={result.page}
            pageCount={result.pageCount}
            href={(n) => blogPageHref(n, basePath)}
            onGo={goTo}
          />
        )}
      </div>
    </div>
  );
}
