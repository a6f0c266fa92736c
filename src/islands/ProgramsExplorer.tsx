import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FilterBar, IslandImage, pick, readFilterBar, useAddressSync } from './browser-kit.tsx';
import { useAdoptOnHydration } from './form-kit/hydration.ts';
import './programs-explorer.css';
import { ALL_CATEGORIES, emptyProgramsMessage, filterPrograms } from '../lib/program-filter.ts';
import { programStatus, statusLabel } from '../lib/program-status.ts';
import { formatCount } from '../lib/i18n/format.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { fill, textsIn, type Texts } from './form-kit/texts.ts';

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
  /** How many people it has served and the day it started, written in the page's language (toExplorerPrograms). */
  peopleServedLabel: string;
  startLabel: string;
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
  /** The page's language (its mount reads pageLang). */
  lang: Lang;
}

/** The catalogue keys this list shows (content/messages/<lang>.json). */
export const PROGRAMS_EXPLORER_TEXTS = [
  'listCategory',
  'programsCategoryAll',
  'programCategoryEarlyLearning',
  'programCategoryFinancialSecurity',
  'programCategoryDevelopingSkills',
  'programCategoryMentalHealth',
  'programCategoryYouthDevelopment',
  'programStatusActive',
  'programStatusUpcoming',
  'programsFilterLabel',
  'programsSearchLabel',
  'programsSearchPlaceholder',
  'programsShowingOne',
  'programsShowingMany',
  'noPrograms',
  'noProgramsMatching',
  'programsClearSearch',
  'programsPeopleServed',
  'programsStarted',
] as const;
type ProgramsTexts = Texts<(typeof PROGRAMS_EXPLORER_TEXTS)[number]>;

/** The categories' names in the catalogue (content and the address keep the English ones). */
const CATEGORY_KEYS: Readonly<Record<string, keyof ProgramsTexts>> = {
  'early learning': 'programCategoryEarlyLearning',
  'financial security': 'programCategoryFinancialSecurity',
  'developing skills': 'programCategoryDevelopingSkills',
  'mental health': 'programCategoryMentalHealth',
  'youth development': 'programCategoryYouthDevelopment',
};

function categoryName(category: string, t: ProgramsTexts): string {
  const key = CATEGORY_KEYS[category.toLowerCase()];
  return key ? t[key] : category;
}

function statusName(status: string, t: ProgramsTexts): string {
  if (status === 'active') return t.programStatusActive;
  if (status === 'upcoming') return t.programStatusUpcoming;
  return statusLabel(status);
}

/**
 * The all-programs list with a search box and a category filter (rules in src/lib/program-filter.ts).
 * The full list is rendered into the HTML at build time; once hydrated, the controls filter it,
 * statuses follow the visitor's date, category cards elsewhere on the page ([data-program-category])
 * set the filter, and ?q= / ?category= in the address pre-fill the controls. What the visitor
 * typed or picked before the script arrived is kept, and the address follows the filters.
 */
export default function ProgramsExplorer({ programs, categories, sectionId, initialCategory = ALL_CATEGORIES, path = '/programs', lang }: Props) {
  const t = textsIn(lang, PROGRAMS_EXPLORER_TEXTS);
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
        label={t.programsFilterLabel}
        searchLabel={t.programsSearchLabel}
        categoryLabel={t.listCategory}
        placeholder={t.programsSearchPlaceholder}
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={setCategory}
        options={[{ value: ALL_CATEGORIES, label: t.programsCategoryAll }, ...options.map((option) => ({ value: option, label: categoryName(option, t) }))]}
      />
      <p className="programs-explorer__count" role="status" aria-live="polite">
        {empty
          ? empty.offerClear
            ? fill(t.noProgramsMatching, { term: search.trim() })
            : t.noPrograms
          : fill(results.length === 1 ? t.programsShowingOne : t.programsShowingMany, { shown: formatCount(results.length, lang), total: formatCount(programs.length, lang) })}
      </p>
      {empty ? (
        <div className="programs-explorer__empty">
          {empty.offerClear && (
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => {
                setSearch('');
                document.getElementById(`${id}-search`)?.focus();
              }}>
              {t.programsClearSearch}
            </button>
          )}
        </div>
      ) : (
        <ul className="programs-explorer__list">
          {results.map((program) => {
            const status = today ? programStatus(program, today) : program.buildStatus;
            return (
              <li key={program.id} className="programs-explorer__item">
                <IslandImage src={program.image} alt={program.imageAlt} width={800} height={500} />
                <div className="programs-explorer__body">
                  <p className="programs-explorer__meta">
                    <span className="programs-explorer__category">{categoryName(program.category, t)}</span>
                    <span className="programs-explorer__status" data-status={status}>
                      {statusName(status, t)}
                    </span>
                  </p>
                  <h3>
                    <a href={program.href}>{program.title}</a>
                  </h3>
                  <p>{program.description}</p>
                  <p className="programs-explorer__served">
                    <strong>{program.peopleServedLabel}</strong> {t.programsPeopleServed} ·{' '}
                    {fill(t.programsStarted, { date: program.startLabel })}
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
