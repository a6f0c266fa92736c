/**
 * What the programs, events and blog lists share: one filter bar (a search box and a category
 * select in a real GET form, so Enter before hydration still reaches a filtered view), the
 * address kept in step with the filters so a view can be shared and reloaded, and the image
 * that fades in and says 'Image not available' like the static ones.
 */
import { useEffect, type ImgHTMLAttributes, type RefObject } from 'react';
import '../styles/site-image.css';

export interface FilterOption {
  value: string;
  label: string;
}

/** The text in the search box and the option picked, as they are on screen right now. */
export function readFilterBar(form: HTMLFormElement): { search: string; category: string | undefined } {
  const search = form.querySelector<HTMLInputElement>('input[name="q"]')?.value ?? '';
  const category = form.querySelector<HTMLSelectElement>('select[name="category"]')?.value;
  return { search, category };
}

/** The value a list starts from when it hydrates: what the visitor changed, else the address, else the page's own. */
export function pick(onScreen: string | undefined, rendered: string, fromAddress: string | null): string {
  if (onScreen !== undefined && onScreen !== rendered) return onScreen;
  return fromAddress ?? rendered;
}

/**
 * Writes the filters into the address (replaceState: typing does not flood the history). Empty
 * and default values are left out, so the plain list keeps its plain address.
 */
export function useAddressSync(path: string, params: Record<string, string | undefined>, ready: boolean) {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  useEffect(() => {
    if (!ready) return;
    const next = `${path}${query ? `?${query}` : ''}${window.location.hash}`;
    if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) history.replaceState(history.state, '', next);
  }, [path, query, ready]);
}

export function FilterBar({
  formRef,
  idPrefix,
  action,
  label,
  searchLabel,
  categoryLabel,
  placeholder,
  search,
  onSearch,
  category,
  onCategory,
  options,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  idPrefix: string;
  action: string;
  label: string;
  searchLabel: string;
  /** 'Category' in the page's language. */
  categoryLabel: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  category: string;
  onCategory: (value: string) => void;
  options: readonly FilterOption[];
}) {
  return (
    <form
      ref={formRef}
      className="sipa-filter-bar sipa-js-only"
      role="search"
      aria-label={label}
      method="get"
      action={action}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="sipa-field sipa-filter-bar__search">
        <label htmlFor={`${idPrefix}-search`}>{searchLabel}</label>
        <input
          id={`${idPrefix}-search`}
          name="q"
          type="search"
          value={search}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className="sipa-field sipa-filter-bar__category">
        <label htmlFor={`${idPrefix}-category`}>{categoryLabel}</label>
        <select id={`${idPrefix}-category`} name="category" value={category} onChange={(event) => onCategory(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

/**
 * An island's image, drawn as SiteImage draws a page's: the same fade-in and failure text, which
 * the page shell gives every `img[data-fade]` as it arrives (src/scripts/images.ts), and the same
 * loading rule: `first` (the image a visitor sees first) loads at once and is asked for first;
 * every other image is lazy.
 */
export function IslandImage({
  className,
  first = false,
  ...img
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'fetchPriority' | 'decoding'> & { className?: string; first?: boolean }) {
  return (
    <span className={['site-image', className].filter(Boolean).join(' ')}>
      <img data-fade="" {...img} loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : undefined} decoding="async" />
    </span>
  );
}
