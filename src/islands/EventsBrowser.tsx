/**
 * The events list: featured spotlight, tabs (Upcoming, Featured, Past), a text search, category
 * filters, a results count and clear filters. Statuses are computed against the visitor's own
 * date once hydrated; the server render uses the build date so the list works without script.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
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
}

const CATEGORY_FILTERS: EventCategoryFilter[] = ['all', ...EVENT_CATEGORIES];

function StatusTag({ status }: { status: EventStatus }) {
  if (status === 'past') return <span className="event-tag event-tag--past">Event Completed</span>;
  if (status === 'today') return <span className="event-tag event-tag--today">Today</span>;
  return null;
}

function EventCard({ event, status }: { event: EventItem; status: EventStatus }) {
  const headingId = `event-card-${event.id}`;
  return (
    <article className="event-card" aria-labelledby={headingId}>
      <a className="event-card__media" href={`/events/${event.id}`} tabIndex={-1} aria-hidden="true">
        <span className="site-image">
          <img src={event.image} alt="" width={800} height={500} loading="lazy" decoding="async" />
        </span>
        <span className={`event-badge event-badge--${event.category}`}>{EVENT_CATEGORY_LABELS[event.category]}</span>
      </a>
      <div className="event-card__body">
        <div className="event-card__tags">
          <StatusTag status={status} />
          {event.isFeatured && <span className="event-tag event-tag--featured">Featured</span>}
        </div>
        <h3 id={headingId} className="event-card__title">
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
      </div>
    </article>
  );
}

export default function EventsBrowser({ events, buildDay }: Props) {
  const [today, setToday] = useState(buildDay);
  const [tab, setTab] = useState<EventTab>('upcoming');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<EventCategoryFilter>('all');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const uid = useId();

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

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = EVENT_TABS.length - 1;
    let next = -1;
    if (e.key === 'ArrowRight') next = index === last ? 0 : index + 1;
    else if (e.key === 'ArrowLeft') next = index === 0 ? last : index - 1;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = last;
    if (next < 0) return;
    e.preventDefault();
    setTab(EVENT_TABS[next]!.id);
    tabRefs.current[next]?.focus();
  }

  const panelId = `${uid}-panel`;
  const tabId = (id: EventTab) => `${uid}-tab-${id}`;

  return (
    <div className="events-browser">
      {spotlight && (
        <section className="event-spotlight" aria-labelledby={`${uid}-spotlight`}>
          <div className="event-spotlight__media site-image">
            <img src={spotlight.image} alt={spotlight.imageAlt} width={800} height={500} decoding="async" />
          </div>
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
        <div className="events-tabs" role="tablist" aria-label="Event lists">
          {EVENT_TABS.map((t, index) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              id={tabId(t.id)}
              type="button"
              role="tab"
              className="events-tabs__tab"
              aria-selected={tab === t.id}
              aria-controls={panelId}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={(e) => onTabKey(e, index)}
            >
              {t.label}
            </button>
          ))}
        </div>

        <div className="events-filters">
          <div className="sipa-field events-filters__search">
            <label htmlFor={`${uid}-search`}>Search events</label>
            <input
              id={`${uid}-search`}
              className="sipa-input"
              type="search"
              placeholder="Title, description or location"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <fieldset className="events-filters__categories">
            <legend className="sipa-label">Category</legend>
            <div className="sipa-chips">
              {CATEGORY_FILTERS.map((c) => (
                <button
                  key={c}
                  type="button"
                  className="sipa-chip"
                  aria-pressed={category === c}
                  onClick={() => setCategory(c)}
                >
                  {EVENT_CATEGORY_LABELS[c]}
                </button>
              ))}
            </div>
          </fieldset>
        </div>

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

        <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className="events-panel">
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
