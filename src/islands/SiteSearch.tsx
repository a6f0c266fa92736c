import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { Lang } from '../lib/i18n/languages.ts';
import { fill, textsIn } from './form-kit/texts.ts';

/**
 * The search page's box and results, on Pagefind's JS API (the index scripts/postbuild.ts writes
 * to dist/pagefind/, one per language: Pagefind picks the page's `<html lang>`). Nothing of
 * Pagefind is fetched until the visitor searches. Server-rendered, the island is the same GET
 * form the header holds, so without JavaScript a search lands back on this page, which then
 * offers its sections.
 */
export const SITE_SEARCH_TEXTS = ['searchLabel', 'searchButton', 'searchHint', 'searchLoading', 'searchFoundOne', 'searchFoundMany', 'searchNone', 'searchFailed', 'searchResultsLabel'] as const;

/** The most results shown (the count says how many pages match): past ten, a better word finds more than scrolling does. */
const MAX_RESULTS = 10;
const QUERY_MAX = 100;

interface Result {
  url: string;
  title: string;
  /** Pagefind's excerpt: the page's own text, escaped, with the matched words in `<mark>`. */
  excerpt: string;
}

interface PagefindResult {
  data: () => Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

let pagefind: Promise<Pagefind> | undefined;

/** Pagefind's script, asked for once, on the first search. */
function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (import(/* @vite-ignore */ `${'/pagefind/'}pagefind.js`) as Promise<Pagefind>).then(async (module) => {
    // In the page, not a worker: the worker's script would carry the strict policy of every
    // non-page file (no fetch), and a site this size searches in a few milliseconds.
    await module.options({ excerptLength: 24, noWorker: true });
    return module;
  });
  pagefind.catch(() => (pagefind = undefined)); // a failed load may be tried again
  return pagefind;
}

/** Pagefind names a page by its folder (`/fr/about/`); the site's addresses have no trailing slash. */
export const pageAddress = (url: string) => url.replace(/(?:index\.html|\/)$/, '') || '/';

type State = { status: 'idle' } | { status: 'loading'; query: string } | { status: 'done'; query: string; total: number; results: Result[] } | { status: 'failed'; query: string };

export default function SiteSearch({ lang, action }: { lang: Lang; action: string }) {
  const t = textsIn(lang, SITE_SEARCH_TEXTS);
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ status: 'idle' });
  const latest = useRef(0);

  async function run(raw: string) {
    const query = raw.trim().slice(0, QUERY_MAX);
    if (!query) return;
    const ticket = ++latest.current;
    setState({ status: 'loading', query });
    try {
      const found = await (await loadPagefind()).search(query);
      const results = await Promise.all((found?.results ?? []).slice(0, MAX_RESULTS).map((result) => result.data()));
      if (ticket !== latest.current) return;
      setState({ status: 'done', query, total: found?.results.length ?? 0, results: results.map((data) => ({ url: pageAddress(data.url), title: data.meta.title ?? pageAddress(data.url), excerpt: data.excerpt })) });
    } catch {
      if (ticket === latest.current) setState({ status: 'failed', query });
    }
  }

  // A search from the header (or this form before the island woke) arrives as ?q=.
  useEffect(() => {
    const query = new URLSearchParams(location.search).get('q') ?? '';
    if (input.current && query && !input.current.value) input.current.value = query;
    if (input.current?.value) void run(input.current.value);
  }, []);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = input.current?.value.trim() ?? '';
    if (!query) return;
    history.replaceState(null, '', `${action}?q=${encodeURIComponent(query)}`);
    void run(query);
  }

  const status =
    state.status === 'loading'
      ? t.searchLoading
      : state.status === 'failed'
        ? t.searchFailed
        : state.status === 'done'
          ? state.results.length === 0
            ? fill(t.searchNone, { query: state.query })
            : fill(state.total === 1 ? t.searchFoundOne : t.searchFoundMany, { count: state.total, query: state.query })
          : t.searchHint;

  return (
    <div className="site-search-island">
      <form className="site-search" role="search" action={action} method="get" onSubmit={submit}>
        <label className="site-search__label" htmlFor="search-page-query">
          {t.searchLabel}
        </label>
        <div className="site-search__row">
          <input ref={input} id="search-page-query" className="sipa-input site-search__input" type="search" name="q" maxLength={QUERY_MAX} autoComplete="off" enterKeyHint="search" required />
          <button className="sipa-button site-search__button" type="submit">
            {t.searchButton}
          </button>
        </div>
      </form>
      <p className="site-search__status" role="status">
        {status}
      </p>
      {state.status === 'done' && state.results.length > 0 && (
        <ol className="site-search__results" aria-label={t.searchResultsLabel}>
          {state.results.map((result) => (
            <li key={result.url} className="site-search__result">
              <a className="site-search__title" href={result.url}>
                {result.title}
              </a>
              <p className="site-search__excerpt" dangerouslySetInnerHTML={{ __html: result.excerpt }} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
