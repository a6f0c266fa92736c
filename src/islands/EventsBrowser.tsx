/**
 * The events list: featured spotlight, tabs (Upcoming, Featured, Past), a text search, category
 * filters, a results count, clear filters and page links. Statuses are computed against the
 * visitor's own date once hydrated; the server render uses the build date so the list works
 * without script.
 *
 * A page carries one page of its list (EVENTS_PAGE_SIZE events), its count and the spotlight,
 * never the whole list: at 200 events the list alone was 265 KB of props. The index of every
 * event (/events/search-index.json) is fetched when the visitor searches, filters, changes tab
 * or page once the island runs, or comes on a day when an event has changed list since the
 * build; until then the tabs and page numbers load the pre-rendered pages.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { FilterBar, IslandImage, pick, readFilterBar, useAddressSync } from './browser-kit.tsx';
import { PageLinks } from './PageLinks.tsx';
import { ListCard } from './ListCard.tsx';
import { useAdoptOnHydration } from './form-kit/hydration.ts';
import {
  EVENT_TABS,
  eventStatus,
  filterEvents,
  hasActiveFilters,
  listsStillRight,
  localDay,
  spotlightEvent,
  truncate,
  type EventCategoryFilter,
  type EventStatus,
  type EventTab,
} from '../lib/events.ts';
import { EVENT_CATEGORIES, EVENTS_PAGE_SIZE } from '../lib/constants.ts';
import { paginate } from '../lib/blog.ts';
import type { ListedEvent } from '../lib/i18n/event-format.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { fill, textsIn, type Texts } from './form-kit/texts.ts';
import './events-browser.css';

interface Props {
  /** This page of the list, with dates and times already written in the page's language (listedEvents). */
  events: ListedEvent[];
  /** The featured spotlight on the build's day. */
  spotlight?: ListedEvent;
  page: number;
  pageCount: number;
  /** How many events the list has on the build's day. */
  total: number;
  /** The build's date (YYYY-MM-DD); replaced by the visitor's date after hydration. */
  buildDay: string;
  /** The visitor's days on which this page is still right (listsStableDays). */
  stableDays: { from?: string; through?: string };
  /** Where every event of the page's language is (JSON array of ListedEvent). */
  indexUrl: string;
  /** The list this page shows: /events (upcoming), /events/featured, /events/past. */
  initialTab?: EventTab;
  /** The page's language (its mount reads pageLang). */
  lang: Lang;
  /** The events list's address in the page's language (/events, /fr/events): where the tabs and the cards lead. */
  eventsPath?: string;
}

/** The catalogue keys this list shows (content/messages/<lang>.json). */
export const EVENTS_BROWSER_TEXTS = [
  'listCategory',
  'eventCategoryAll',
  'eventCategoryCultural',
  'eventCategoryWorkshop',
  'eventCategoryYouth',
  'eventCategoryHealth',
  'eventCategoryFundraiser',
  'eventsTabUpcoming',
  'eventsTabFeatured',
  'eventsTabPast',
  'eventsCompleted',
  'eventsToday',
  'eventsFeatured',
  'eventsViewDetails',
  'eventsAddToCalendar',
  'eventsSpotlightEyebrow',
  'eventsIsToday',
  'eventsSeeDetails',
  'eventsAllHeading',
  'eventsListsLabel',
  'eventsFilterLabel',
  'eventsSearchLabel',
  'eventsSearchPlaceholder',
  'eventsCountOne',
  'eventsCountMany',
  'eventsClearFilters',
  'noEvents',
  'eventsEmptyHint',
  'eventsPagesLabel',
  'blogPrevious',
  'blogNext',
  'blogPageNumber',
] as const;
type EventsTexts = Texts<(typeof EVENTS_BROWSER_TEXTS)[number]>;

const CATEGORY_KEYS = {
  all: 'eventCategoryAll',
  cultural: 'eventCategoryCultural',
  workshop: 'eventCategoryWorkshop',
  youth: 'eventCategoryYouth',
  health: 'eventCategoryHealth',
  fundraiser: 'eventCategoryFundraiser',
} as const satisfies Record<EventCategoryFilter, keyof EventsTexts>;

const TAB_KEYS = { upcoming: 'eventsTabUpcoming', featured: 'eventsTabFeatured', past: 'eventsTabPast' } as const satisfies Record<EventTab, keyof EventsTexts>;

const CATEGORY_FILTERS: EventCategoryFilter[] = ['all', ...EVENT_CATEGORIES];

/** Each list has its own pre-rendered page, so the tabs are links that work without JavaScript. */
export function eventTabPath(tab: EventTab, eventsPath = '/events'): string {
  return tab === 'upcoming' ? eventsPath : `${eventsPath}/${tab}`;
}

/** A list's page past the first: /events/page/2, /events/past/page/3. */
export function eventsPageHref(tab: EventTab, page: number, eventsPath = '/events'): string {
  return page <= 1 ? eventTabPath(tab, eventsPath) : `${eventTabPath(tab, eventsPath)}/page/${page}`;
}

function isCategoryFilter(value: string | null | undefined): value is EventCategoryFilter {
  return (CATEGORY_FILTERS as readonly string[]).includes(value ?? '');
}

function StatusTag({ status, t }: { status: EventStatus; t: EventsTexts }) {
  if (status === 'past') return <span className="event-tag event-tag--past">{t.eventsCompleted}</span>;
  if (status === 'today') return <span className="event-tag event-tag--today">{t.eventsToday}</span>;
  return null;
}

function EventCard({ event, status, t, eventsPath, first }: { event: ListedEvent; status: EventStatus; t: EventsTexts; eventsPath: string; first: boolean }) {
  const headingId = `event-card-${event.id}`;
  return (
    <ListCard
      name="event-card"
      href={`${eventsPath}/${event.id}`}
      headingId={headingId}
      image={event.image}
      first={first}
      badge={<span className={`event-badge event-badge--${event.category}`}>{t[CATEGORY_KEYS[event.category]]}</span>}
    >
      <div className="event-card__tags">
        <StatusTag status={status} t={t} />
        {event.isFeatured && <span className="event-tag event-tag--featured">{t.eventsFeatured}</span>}
      </div>
      <h3 id={headingId} className="sipa-card__title event-card__title">
        <a href={`${eventsPath}/${event.id}`}>{event.title}</a>
      </h3>
      <p className="event-card__meta">
        <time dateTime={event.date}>{event.dateLabel}</time>
        <span>{event.timeLabel}</span>
        <span>{event.location}</span>
      </p>
      <p className="event-card__text">{truncate(event.description)}</p>
      <div className="event-card__actions">
        <a className="event-card__link" href={`${eventsPath}/${event.id}`}>
          {t.eventsViewDetails}<span className="sipa-visually-hidden">: {event.title}</span>
        </a>
        {status !== 'past' && (
          <a className="event-card__link event-card__link--quiet" href={`/events/${event.id}.ics`} download={`${event.id}.ics`}>
            {t.eventsAddToCalendar}<span className="sipa-visually-hidden">: {event.title}</span>
          </a>
        )}
      </div>
    </ListCard>
  );
}

export default function EventsBrowser({
  events,
  spotlight: builtSpotlight,
  page: initialPage,
  pageCount: initialPageCount,
  total: initialTotal,
  buildDay,
  stableDays,
  indexUrl,
  initialTab = 'upcoming',
  lang,
  eventsPath = '/events',
}: Props) {
  const t = textsIn(lang, EVENTS_BROWSER_TEXTS);
  const [today, setToday] = useState(buildDay);
  const [tab, setTab] = useState<EventTab>(initialTab);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<EventCategoryFilter>('all');
  const [page, setPage] = useState(initialPage);
  const [index, setIndex] = useState<ListedEvent[] | null>(null);
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLElement>(null);
  const loading = useRef<Promise<void> | null>(null);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');

  const loadIndex = useCallback(() => {
    loading.current ??= fetch(indexUrl)
      .then((res) => (res.ok ? (res.json() as Promise<ListedEvent[]>) : Promise.reject(new Error(String(res.status)))))
      .then(setIndex)
      .catch(() => {
        loading.current = null;
      });
    return loading.current;
  }, [indexUrl]);

  // What the visitor typed or picked before the script arrived wins over the address.
  useAdoptOnHydration(formRef, (form) => {
    const params = new URLSearchParams(window.location.search);
    const onScreen = readFilterBar(form);
    const nextSearch = pick(onScreen.search, '', params.get('q'));
    const picked = pick(onScreen.category, 'all', params.get('category'));
    setSearch(nextSearch);
    setCategory(isCategoryFilter(picked) ? picked : 'all');
    if (nextSearch.trim() || picked !== 'all') setPage(Number(params.get('page')) || 1);
    setReady(true);
  });
  const active = hasActiveFilters({ search, category });
  useAddressSync(
    active ? eventTabPath(tab, eventsPath) : eventsPageHref(tab, page, eventsPath),
    { q: search.trim() ? search : undefined, category: category === 'all' ? undefined : category, page: active && page > 1 ? String(page) : undefined },
    ready,
  );

  useEffect(() => {
    const day = localDay(new Date());
    setToday(day);
    // An event has changed list since the build: this page's events and count are not the visitor's.
    if (!listsStillRight(stableDays, day)) void loadIndex();
  }, [stableDays, loadIndex]);

  // A filter from the address (or typed before hydration) needs the index.
  useEffect(() => {
    if (ready && active) void loadIndex();
  }, [ready, active, loadIndex]);

  const result = useMemo(
    () => (index ? paginate(filterEvents(index, { tab, search, category }, today), page, EVENTS_PAGE_SIZE) : { items: events, page: initialPage, pageCount: initialPageCount, total: initialTotal }),
    [index, events, initialPage, initialPageCount, initialTotal, tab, search, category, page, today],
  );
  const spotlight = useMemo(() => (index ? spotlightEvent(index, today) : builtSpotlight), [index, builtSpotlight, today]);
  const spotlightStatus = spotlight ? eventStatus(spotlight, today) : 'upcoming';

  function clearFilters() {
    setSearch('');
    setCategory('all');
    setPage(1);
  }

  function chooseTab(event: MouseEvent<HTMLAnchorElement>, next: EventTab) {
    // Before the index is asked for, the tab's link loads its pre-rendered list.
    if (!ready || (!index && !active) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setTab(next);
    setPage(1);
  }

  function goTo(event: MouseEvent<HTMLAnchorElement>, target: number) {
    if (!index || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setPage(target);
    const list = listRef.current;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
  }

  return (
    <div className="events-browser">
      {spotlight && (
        <section className="event-spotlight" aria-labelledby={`${uid}-spotlight`}>
          <IslandImage className="event-spotlight__media" src={spotlight.image} alt={spotlight.imageAlt} width={800} height={500} first />
          <div className="event-spotlight__body">
            <p className="event-spotlight__eyebrow">{t.eventsSpotlightEyebrow}</p>
            <h2 id={`${uid}-spotlight`} className="event-spotlight__title">
              {spotlight.title}
            </h2>
            <p className="event-spotlight__meta">
              <time dateTime={spotlight.date}>{spotlight.dateLabel}</time> ·{' '}
              {spotlight.timeLabel}
              <br />
              {spotlight.location}
            </p>
            {spotlightStatus === 'today' && <p className="event-spotlight__today">{t.eventsIsToday}</p>}
            <p className="event-spotlight__text">{spotlight.description}</p>
            <div className="event-spotlight__actions">
              <a className="sipa-button" href={`${eventsPath}/${spotlight.id}`}>
                {t.eventsSeeDetails}
              </a>
              {spotlightStatus !== 'past' && (
                <a className="sipa-button sipa-button--secondary" href={`/events/${spotlight.id}.ics`} download={`${spotlight.id}.ics`}>
                  {t.eventsAddToCalendar}
                </a>
              )}
            </div>
          </div>
        </section>
      )}

      <section ref={listRef} className="events-list" aria-labelledby={`${uid}-all`}>
        <h2 id={`${uid}-all`} className="events-list__heading">
          {t.eventsAllHeading}
        </h2>
        <nav className="events-tabs" aria-label={t.eventsListsLabel}>
          {EVENT_TABS.map((choice) => (
            <a
              key={choice}
              className="events-tabs__tab"
              href={eventTabPath(choice, eventsPath)}
              aria-current={tab === choice ? 'page' : undefined}
              onClick={(event) => chooseTab(event, choice)}
            >
              {t[TAB_KEYS[choice]]}
            </a>
          ))}
        </nav>

        <FilterBar
          formRef={formRef}
          idPrefix={uid}
          action={eventTabPath(tab, eventsPath)}
          label={t.eventsFilterLabel}
          searchLabel={t.eventsSearchLabel}
          categoryLabel={t.listCategory}
          placeholder={t.eventsSearchPlaceholder}
          search={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
            void loadIndex();
          }}
          category={category}
          onCategory={(value) => {
            setCategory(isCategoryFilter(value) ? value : 'all');
            setPage(1);
            void loadIndex();
          }}
          options={CATEGORY_FILTERS.map((value) => ({ value, label: t[CATEGORY_KEYS[value]] }))}
        />

        <div className="events-status">
          <p className="events-status__count" role="status" aria-live="polite">
            {fill(result.total === 1 ? t.eventsCountOne : t.eventsCountMany, { count: result.total })}
          </p>
          {active && (
            <button type="button" className="events-clear" onClick={clearFilters}>
              {t.eventsClearFilters}
            </button>
          )}
        </div>

        <div className="events-panel">
          {result.items.length > 0 ? (
            <div className="events-grid">
              {result.items.map((event, i) => (
                <EventCard key={event.id} event={event} status={eventStatus(event, today)} t={t} eventsPath={eventsPath} first={i === 0 && !spotlight} />
              ))}
            </div>
          ) : (
            <div className="events-empty">
              <p className="events-empty__title">{t.noEvents}</p>
              <p className="events-empty__hint">{t.eventsEmptyHint}</p>
              {active && (
                <button type="button" className="sipa-button sipa-button--secondary" onClick={clearFilters}>
                  {t.eventsClearFilters}
                </button>
              )}
            </div>
          )}
          {result.pageCount > 1 && (
            <PageLinks
              label={t.eventsPagesLabel}
              previous={t.blogPrevious}
              next={t.blogNext}
              pageLabel={(n) => fill(t.blogPageNumber, { number: n })}
              page={result.page}
              pageCount={result.pageCount}
              href={(n) => eventsPageHref(tab, n, eventsPath)}
              onGo={goTo}
            />
          )}
        </div>
      </section>
    </div>
  );
}
