/**
 * The page links under a list (the blog's, the events'): Previous, the numbers, Next.
 */
import type { MouseEvent } from 'react';
import { paginationWindow, PAGE_GAP } from '../lib/blog.ts';
import './list-pagination.css';

/**
 * Previous, the page numbers (a window with gaps) and Next, as links to the list's pre-rendered
 * pages, so they work before and without the island; `onGo` may handle a click in place instead.
 * One look for every list (list-pagination.css).
 */
export function PageLinks({
  label,
  previous,
  next,
  pageLabel,
  page,
  pageCount,
  href,
  onGo,
}: {
  label: string;
  previous: string;
  next: string;
  /** 'Page {number}' in the page's language, filled for each number's accessible name. */
  pageLabel: (n: number) => string;
  page: number;
  pageCount: number;
  href: (n: number) => string;
  onGo: (event: MouseEvent<HTMLAnchorElement>, n: number) => void;
}) {
  const step = (target: number, text: string, enabled: boolean) =>
    enabled ? (
      <a className="list-pagination__step" href={href(target)} onClick={(event) => onGo(event, target)}>
        {text}
      </a>
    ) : (
      <span className="list-pagination__step" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="list-pagination" aria-label={label}>
      {step(page - 1, previous, page > 1)}
      <ol className="list-pagination__numbers">
        {paginationWindow(page, pageCount).map((n, i) =>
          n === PAGE_GAP ? (
            <li key={`gap-${i}`} className="list-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a
                className="list-pagination__number"
                href={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={pageLabel(n)}
                onClick={(event) => onGo(event, n)}
              >
                {n}
              </a>
            </li>
          ),
        )}
      </ol>
      {step(page + 1, next, page < pageCount)}
    </nav>
  );
}
