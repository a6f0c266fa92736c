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
  EVENT_CATEGORY_LABELS,
  EVENT_TABS,
  eventStatus,
  filterEvents,
  formatEventDate,
  formatEventTimeRange,
  hasActiveFilters,
  localDay,
  resultsCount,
  spotlightEvent,
  truncate,
  type EventCategoryFilter,
  type EventItem,
  type EventStatus,
  type EventTab,
} from '../lib/events.ts';
import { EVENT_CATEGORIES } from '../lib/constants.ts';
import { MESSAGES } from '../lib/messages.ts';
import './events-browser.css';

interface Props {
  events: EventItem[];
  /** The build's date (YYYY-MM-DD); replaced by the visitor's date after hydration. */
  buildDay: string;
  /** The list this page shows: /events (upcoming), /events/featured, /events/past. */
  initialTab?: EventTab;
}

const CATEGORY_FILTERS: EventCategoryFilter[] = ['all', ...EVENT_CATEGORIES];
const CATEGORY_OPTIONS = CATEGORY_FILTERS.map((value) => ({ value, label: EVENT_CATEGORY_LABELS[value] }));

/** Each list has its own pre-rendered page, so the tabs are links that work without JavaScript. */
export function eventTabPath(tab: EventTab): string {
  return tab === 'upcoming' ? '/events' : `/events/${tab}`;
}

function isCategoryFilter(value: string | null | undefined): value is EventCategoryFilter {
  return (CATEGORY_FILTERS as readonly string[]).includes(value ?? '');
}

function StatusTag({ status }: { status: EventStatus }) {
  if (status === 'past') return <span className="event-tag event-tag--past">Event Completed</span>;
  if (status === 'today') return <span className="event-tag event-tag--today">Today</span>;
  return null;
}

function EventCard({ event, status }: { event: EventItem; status: EventStatus }) {
  const headingId = `event-card-${event.id}`;
  return (
    <ListCard
      name="event-card"
      href={`/events/${event.id}`}
      headingId={headingId}
      image={event.image}
      badge={<span className={`event-badge event-badge--${event.category}`}>{EVENT_CATEGORY_LABELS[event.category]}</span>}
    >
      <div className="event-card__tags">
        <StatusTag status={status} />
        {event.isFeatured && <span className="event-tag event-tag--featured">Featured</span>}
      </div>
      <h3 id={headingId} className="sipa-card__title event-card__title">
        <a href={`/events/${event.id}`}>{event.title}</a>
      </h3>
      <p className="event-card__meta">
        <time dateTime={event.date}>{formatEventDate(event.date)}</time>
        <span>{formatEventTimeRange(event.date, event.endDate)}</span>
        <span>{event.location}</span>
      </p>
      <p className="event-card__text">{truncate(event.description)}</p>
      <div className="event-card__actions">
        <a className="event-card__link" href={`/events/${event.id}`}>
          View details<span className="sipa-visually-hidden">: {event.title}</span>
        </a>
        {status !== 'past' && (
          <a className="event-card__link event-card__link--quiet" href={`/events/${event.id}.ics`} download={`${event.id}.ics`}>
            Add to calendar<span className="sipa-visually-hidden">: {event.title}</span>
          </a>
        )}
      </div>
    </ListCard>
  );
}

export default function EventsBrowser({ events, buildDay, initialTab = 'upcoming' }: Props) {
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
  useAddressSync(eventTabPath(tab), { q: search.trim() ? search : undefined, category: category === 'all' ? undefined : category }, ready);

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
          <IslandImage className="event-spotlight__media" src={spotlight.image} alt={spotlight.imageAlt} width={800} height={500} decoding="async" />
          <div className="event-spotlight__body">
            <p className="event-spotlight__eyebrow">Featured event</p>
            <h2 id={`${uid}-spotlight`} className="event-spotlight__title">
              {spotlight.title}
            </h2>
            <p className="event-spotlight__meta">
              <time dateTime={spotlight.date}>{formatEventDate(spotlight.date)}</time> ·{' '}
              {formatEventTimeRange(spotlight.date, spotlight.endDate)}
              <br />
              {spotlight.location}
            </p>
            {spotlightStatus === 'today' && <p className="event-spotlight__today">This event is today</p>}
            <p className="event-spotlight__text">{spotlight.description}</p>
            <div className="event-spotlight__actions">
              <a className="sipa-button" href={`/events/${spotlight.id}`}>
                See event details
              </a>
              {spotlightStatus !== 'past' && (
                <a className="sipa-button sipa-button--secondary" href={`/events/${spotlight.id}.ics`} download={`${spotlight.id}.ics`}>
                  Add to calendar
                </a>
              )}
            </div>
          </div>
        </section>
      )}

      <section className="events-list" aria-labelledby={`${uid}-all`}>
        <h2 id={`${uid}-all`} className="events-list__heading">
          All events
        </h2>
        <nav className="events-tabs" aria-label="Event lists">
          {EVENT_TABS.map((t) => (
            <a
              key={t.id}
              className="events-tabs__tab"
              href={eventTabPath(t.id)}
              aria-current={tab === t.id ? 'page' : undefined}
              onClick={(event) => chooseTab(event, t.id)}
            >
              {t.label}
            </a>
          ))}
        </nav>

        <FilterBar
          formRef={formRef}
          idPrefix={uid}
          action={eventTabPath(tab)}
          label="Filter events"
          searchLabel="Search events"
          placeholder="Title, description or location"
          search={search}
          onSearch={setSearch}
          category={category}
          onCategory={(value) => setCategory(isCategoryFilter(value) ? value : 'all')}
          options={CATEGORY_OPTIONS}
        />

        <div className="events-status">
          <p className="events-status__count" role="status" aria-live="polite">
            {resultsCount(visible.length)}
          </p>
          {active && (
            <button type="button" className="events-clear" onClick={clearFilters}>
              Clear filters
            </button>
          )}
        </div>

        <div className="events-panel">
          {visible.length > 0 ? (
            <div className="events-grid">
              {visible.map((event) => (
                <EventCard key={event.id} event={event} status={eventStatus(event, today)} />
              ))}
            </div>
          ) : (
            <div className="events-empty">
              <p className="events-empty__title">{MESSAGES.noEvents}</p>
              <p className="events-empty__hint">Try another search, category or tab.</p>
              {active && (
                <button type="button" className="sipa-button sipa-button--secondary" onClick={clearFilters}>
                  Clear filters
                </button>
              )}
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
