/**
 * The events list: featured spotlight, tabs (Upcoming, Featured, Past), a text search, category
 * filters, a results count and clear filters. Statuses are computed against the visitor's own
 * date once hydrated; the server render uses the build date so the list works without script.
 */
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { FilterBar, IslandImage, pick, readFilterBar, useAddressSync } from './browser-kit.tsx';
import { ListCard } from './ListCard.tsx';
import { useAdoptOnHydration } from './form-kit/hydration.ts';
import {
  EVENT_TABS,
  eventStatus,
  filterEvents,
  hasActiveFilters,
  localDay,
  spotlightEvent,
  truncate,
  type EventCategoryFilter,
  type EventStatus,
  type EventTab,
} from '../lib/events.ts';
import { EVENT_CATEGORIES } from '../lib/constants.ts';
import type { ListedEvent } from '../lib/i18n/event-format.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { fill, textsIn, type Texts } from './form-kit/texts.ts';
import './events-browser.css';

interface Props {
  /** The events with their date and times already written in the page's language (listedEvents). */
  events: ListedEvent[];
  /** The build's date (YYYY-MM-DD); replaced by the visitor's date after hydration. */
  buildDay: string;
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

export default function EventsBrowser({ events, buildDay, initialTab = 'upcoming', lang, eventsPath = '/events' }: Props) {
  const t = textsIn(lang, EVENTS_BROWSER_TEXTS);
  const [today, setToday] = useState(buildDay);
  const [tab, setTab] = useState<EventTab>(initialTab);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<EventCategoryFilter>('all');
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');

  // What the visitor typed or picked before the script arrived wins over the address.
  useAdoptOnHydration(formRef, (form) => {
    const params = new URLSearchParams(window.location.search);
    const onScreen = readFilterBar(form);
    setSearch(pick(onScreen.search, '', params.get('q')));
    const picked = pick(onScreen.category, 'all', params.get('category'));
    setCategory(isCategoryFilter(picked) ? picked : 'all');
    setReady(true);
  });
  useAddressSync(eventTabPath(tab, eventsPath), { q: search.trim() ? search : undefined, category: category === 'all' ? undefined : category }, ready);

  useEffect(() => {
    setToday(localDay(new Date()));
  }, []);

  const visible = useMemo(() => filterEvents(events, { tab, search, category }, today), [events, tab, search, category, today]);
  const spotlight = useMemo(() => spotlightEvent(events, today), [events, today]);
  const spotlightStatus = spotlight ? eventStatus(spotlight, today) : 'upcoming';
  const active = hasActiveFilters({ search, category });

  function clearFilters() {
    setSearch('');
    setCategory('all');
  }

  function chooseTab(event: MouseEvent<HTMLAnchorElement>, next: EventTab) {
    if (!ready || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setTab(next);
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

      <section className="events-list" aria-labelledby={`${uid}-all`}>
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
          onSearch={setSearch}
          category={category}
          onCategory={(value) => setCategory(isCategoryFilter(value) ? value : 'all')}
          options={CATEGORY_FILTERS.map((value) => ({ value, label: t[CATEGORY_KEYS[value]] }))}
        />

        <div className="events-status">
          <p className="events-status__count" role="status" aria-live="polite">
            {fill(visible.length === 1 ? t.eventsCountOne : t.eventsCountMany, { count: visible.length })}
          </p>
          {active && (
            <button type="button" className="events-clear" onClick={clearFilters}>
              {t.eventsClearFilters}
            </button>
          )}
        </div>

        <div className="events-panel">
          {visible.length > 0 ? (
            <div className="events-grid">
              {visible.map((event, i) => (
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
        </div>
      </section>
    </div>
  );
}
