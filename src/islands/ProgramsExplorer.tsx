import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FilterBar, IslandImage, pick, readFilterBar, useAddressSync } from './browser-kit.tsx';
import { useAdoptOnHydration } from './form-kit/hydration.ts';
import './programs-explorer.css';
import { ALL_CATEGORIES, emptyProgramsMessage, filterPrograms } from '../lib/program-filter.ts';
import { programStatus, statusLabel } from '../lib/program-status.ts';

export interface ExplorerProgram {
  id: string;
  title: string;
  category: string;
  description: string;
  image: string;
  imageAlt: string;
  href: string;
  startDate: string;
  status?: string | undefined;
  /** The status when the page was built; replaced by the visitor's-date status after hydration. */
  buildStatus: string;
  peopleServed: number;
}

interface Props {
  programs: ExplorerProgram[];
  categories: string[];
  /** Id of the section to scroll to when a category card is chosen. */
  sectionId: string;
  /** The category of a pre-rendered category page (/programs/category/...). */
  initialCategory?: string;
  /** The page's own address, kept in step with the filters. */
  path?: string;
}

/**
 * The all-programs list with a search box and a category filter (rules in src/lib/program-filter.ts).
 * The full list is rendered into the HTML at build time; once hydrated, the controls filter it,
 * statuses follow the visitor's date, category cards elsewhere on the page ([data-program-category])
 * set the filter, and ?q= / ?category= in the address pre-fill the controls. What the visitor
 * typed or picked before the script arrived is kept, and the address follows the filters.
 */
export default function ProgramsExplorer({ programs, categories, sectionId, initialCategory = ALL_CATEGORIES, path = '/programs' }: Props) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(initialCategory);
  const [today, setToday] = useState<Date | null>(null);
  const [ready, setReady] = useState(false);
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const formRef = useRef<HTMLFormElement>(null);

  useAdoptOnHydration(formRef, (form) => {
    const params = new URLSearchParams(window.location.search);
    const onScreen = readFilterBar(form);
    setSearch(pick(onScreen.search, '', params.get('q')));
    const c = pick(onScreen.category, initialCategory, params.get('category'));
    setCategory(categories.find((known) => known.toLowerCase() === c.toLowerCase()) ?? c);
    setReady(true);
  });
  useAddressSync(path, { q: search.trim() ? search : undefined, category: category === initialCategory ? undefined : category }, ready);

  useEffect(() => {
    setToday(new Date());

    const onClick = (event: MouseEvent) => {
      const card = (event.target as Element | null)?.closest<HTMLElement>('[data-program-category]');
      if (!card || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      setCategory(card.dataset.programCategory ?? ALL_CATEGORIES);
      const section = document.getElementById(sectionId);
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      section?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
      section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [categories, sectionId]);

  const results = useMemo(() => filterPrograms(programs, { search, category }), [programs, search, category]);
  const empty = emptyProgramsMessage(search, results.length);
  const options = categories.some((known) => known.toLowerCase() === category.toLowerCase()) || category === ALL_CATEGORIES ? categories : [...categories, category];

  return (
    <div className="programs-explorer">
      <FilterBar
        formRef={formRef}
        idPrefix={id}
        action={`${path}#${sectionId}`}
        label="Filter programs"
        searchLabel="Search programs"
        placeholder="Search by name or keyword"
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={setCategory}
        options={[{ value: ALL_CATEGORIES, label: 'All categories' }, ...options.map((option) => ({ value: option, label: option }))]}
      />
      <p className="programs-explorer__count" role="status" aria-live="polite">
        {empty ? empty.text : `Showing ${results.length} of ${programs.length} programs`}
      </p>
      {empty ? (
        <div className="programs-explorer__empty">
          {empty.offerClear && (
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => {
                setSearch('');
                document.getElementById(`${id}-search`)?.focus();
              }}>
              Clear search
            </button>
          )}
        </div>
      ) : (
        <ul className="programs-explorer__list">
          {results.map((program) => {
            const status = today ? programStatus(program, today) : program.buildStatus;
            return (
              <li key={program.id} className="programs-explorer__item">
                <IslandImage src={program.image} alt={program.imageAlt} width={800} height={500} loading="lazy" decoding="async" />
                <div className="programs-explorer__body">
                  <p className="programs-explorer__meta">
                    <span className="programs-explorer__category">{program.category}</span>
                    <span className="programs-explorer__status" data-status={status}>
                      {statusLabel(status)}
                    </span>
                  </p>
                  <h3>
                    <a href={program.href}>{program.title}</a>
                  </h3>
                  <p>{program.description}</p>
                  <p className="programs-explorer__served">
                    <strong>{program.peopleServed.toLocaleString('en-US')}</strong> people served · Started{' '}
                    {new Date(`${program.startDate}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
