/**
 * The inbox panel of the staff area: one list per kind (contact messages, volunteer applications,
 * partnership inquiries), newest first, with search, filters, "Show more" (keyset paging), bulk
 * status changes, CSV export of the filtered list, and a detail view of one item.
 * Self-contained: mount `<InboxPanel />` anywhere in the staff area.
 */
import { STAFF_LANGUAGE_NAMES } from '../../../lib/newsletter-audience.ts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AVAILABILITY_LABELS, AVAILABILITY_SLOTS, PARTNERSHIP_INTERESTS, VOLUNTEER_INTEREST_LABELS, VOLUNTEER_INTERESTS } from '../../../lib/constants.ts';
import { INBOX_KINDS, INBOX_KIND_LABELS, INBOX_STATUSES, INBOX_STATUS_LABELS, type InboxKind, type InboxStatus } from '../../../lib/inbox.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { FilterSelect, choicesOf } from './FilterSelect.tsx';
import { DateRangeFields, SearchField, ShowMore, usePagedList } from './list-kit.tsx';
import { InboxItemView } from './InboxItemView.tsx';
import { InboxNewCount, refreshInboxNewCount, useInboxNewCount } from './new-count.tsx';
import { api } from '../../../lib/api-client.ts';
import { filled, formatDateTime } from './staff-api.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';
import './inbox.css';

interface Filters {
  q: string;
  status: string;
  from: string;
  to: string;
  interest: string;
  availability: string;
}
const NO_FILTERS: Filters = { q: '', status: '', from: '', to: '', interest: '', availability: '' };

const INTEREST_CHOICES: Record<InboxKind, Array<[string, string]>> = {
  contact: [],
  volunteer: VOLUNTEER_INTERESTS.map((value) => [value, VOLUNTEER_INTEREST_LABELS[value]]),
  partnership: PARTNERSHIP_INTERESTS.map((value) => [value, value]),
};

export default function InboxPanel() {
  const counts = useInboxNewCount();
  const [kind, setKind] = useState<InboxKind>('contact');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const id = useId().replace(/:/g, '');
  // "Back to the list" returns focus to the item left (its row's button), or the list's heading when it is gone.
  const returnTo = useRef<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (openId !== null || returnTo.current === null) return;
    const row = document.querySelector<HTMLElement>(`[data-inbox-item="${CSS.escape(returnTo.current)}"]`);
    (row ?? titleRef.current)?.focus();
    returnTo.current = null;
  }, [openId]);
  const closeItem = () => {
    returnTo.current = openId;
    setOpenId(null);
  };

  const query = useCallback(
    (cursor?: string) =>
      filled({
        q: filters.q,
        status: filters.status,
        from: filters.from,
        to: filters.to,
        interest: kind === 'contact' ? '' : filters.interest,
        availability: kind === 'volunteer' ? filters.availability : '',
        cursor,
      }),
    [filters, kind],
  );

  const list = usePagedList(useCallback((cursor?: string) => call(() => api.inbox[':kind'].$get({ param: { kind }, query: query(cursor) }, JSON_REQUEST), SIGN_IN_ON_401), [kind, query]));
  const { items, setItems, loading, problem, setProblem, load } = list;

  useEffect(() => {
    setSelected(new Set());
    void load();
  }, [load]);

  function chooseKind(next: InboxKind) {
    setKind(next);
    setOpenId(null);
    setNotice('');
    setDraft((d) => ({ ...d, interest: '', availability: '' }));
    setFilters((f) => ({ ...f, interest: '', availability: '' }));
  }

  function search(event: { preventDefault(): void }) {
    event.preventDefault();
    setNotice('');
    setFilters({ ...draft });
  }

  function clearFilters() {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
  }

  async function setStatus(ids: string[], status: InboxStatus) {
    const answer = await call(() => api.inbox[':kind'].status.$post({ param: { kind }, json: { ids, status } }, JSON_REQUEST), SIGN_IN_ON_401);
    if (!answer.ok) return setProblem(problemOf(answer));
    setItems((current) => current.map((item) => (ids.includes(item.id) ? { ...item, status } : item)));
    setSelected(new Set());
    setNotice(`${answer.data.updated === 1 ? '1 item' : `${answer.data.updated} items`} marked ${INBOX_STATUS_LABELS[status].toLowerCase()}.`);
    void refreshInboxNewCount();
  }

  function toggle(itemId: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(itemId)) next.delete(itemId);
      else next.add(itemId);
      return next;
    });
  }

  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const exportHref = api.inbox[':kind']['export.csv'].$path({ param: { kind }, query: query() });

  if (openId) {
    return (
      <section className="staff-panel inbox" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="staff-panel__title">
          Inbox
        </h2>
        <InboxItemView
          kind={kind}
          id={openId}
          onBack={closeItem}
          onChanged={(changed) => setItems((current) => current.map((item) => (item.id === changed.id ? { ...item, status: changed.status } : item)))}
          onForgotten={(email, message) => {
            closeItem();
            setItems((current) => current.filter((item) => item.email !== email));
            setNotice(message);
          }}
        />
      </section>
    );
  }

  return (
    <section className="staff-panel inbox" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-panel__title" tabIndex={-1} ref={titleRef}>
        Inbox
      </h2>
      <div className="inbox-tabs" role="group" aria-label="Lists">
        {INBOX_KINDS.map((k) => (
          <button key={k} type="button" className="inbox-tab" aria-pressed={k === kind} onClick={() => chooseKind(k)}>
            {INBOX_KIND_LABELS[k]}
            <InboxNewCount count={counts?.[k]} />
          </button>
        ))}
      </div>

      <form className="inbox-filters" role="search" aria-label={`Search ${INBOX_KIND_LABELS[kind].toLowerCase()}`} onSubmit={search}>
        {/* On a phone the search and filters fold behind one Filter control, so the first item shows in the first screen. */}
        <button type="button" className="sipa-button sipa-button--secondary inbox-small inbox-filters__toggle" aria-expanded={filtersOpen} aria-controls={`${id}-more`} onClick={() => setFiltersOpen(!filtersOpen)}>
          Filter
        </button>
        <div id={`${id}-more`} className={`inbox-filters__more${filtersOpen ? ' inbox-filters__more--open' : ''}`}>
        <SearchField
          id={`${id}-q`}
          name="q"
          label="Search"
          placeholder={kind === 'partnership' ? 'Name, email, company or message' : kind === 'contact' ? 'Name, email, subject or message' : 'Name, email, skills or message'}
          value={draft.q}
          onValue={(q) => setDraft({ ...draft, q })}
        />
        <FilterSelect id={`${id}-status`} label="Status" anyLabel="Any status" value={draft.status} onValue={(status) => setDraft({ ...draft, status })} options={choicesOf(INBOX_STATUSES, INBOX_STATUS_LABELS)} />
        <DateRangeFields idPrefix={id} from={draft.from} to={draft.to} onValue={(name, value) => setDraft({ ...draft, [name]: value })} />
        {kind !== 'contact' ? (
          <FilterSelect
            id={`${id}-interest`}
            label={kind === 'volunteer' ? 'Interest' : 'Partnership interest'}
            anyLabel="Any"
            value={draft.interest}
            onValue={(interest) => setDraft({ ...draft, interest })}
            options={INTEREST_CHOICES[kind]}
          />
        ) : null}
        {kind === 'volunteer' ? (
          <FilterSelect
            id={`${id}-availability`}
            label="Availability"
            anyLabel="Any"
            value={draft.availability}
            onValue={(availability) => setDraft({ ...draft, availability })}
            options={choicesOf(AVAILABILITY_SLOTS, AVAILABILITY_LABELS)}
          />
        ) : null}
        <div className="inbox-filters__actions">
          <button type="submit" className="sipa-button">
            Search
          </button>
          <button type="button" className="sipa-button sipa-button--secondary" onClick={clearFilters}>
            Clear
          </button>
        </div>
        </div>
      </form>

      <div className="inbox-toolbar">
        <label className="inbox-check">
          <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((item) => item.id)))} disabled={!items.length} />
          Select all shown
        </label>
        <div className={`inbox-toolbar__bulk${selected.size ? '' : ' inbox-toolbar__bulk--idle'}`} role="group" aria-label="Change status of the selected items">
          {INBOX_STATUSES.map((s) => (
            <button key={s} type="button" className="sipa-button sipa-button--secondary inbox-small" disabled={!selected.size} onClick={() => void setStatus([...selected], s)}>
              Mark {INBOX_STATUS_LABELS[s].toLowerCase()}
            </button>
          ))}
        </div>
        <a className="sipa-button sipa-button--secondary inbox-small" href={exportHref} download>
          Export CSV
        </a>
      </div>

      <p className="inbox-live" role="status">
        {notice}
      </p>
      <PanelProblem problem={problem} />

      {items.length ? (
        <ul className="inbox-list" aria-label={INBOX_KIND_LABELS[kind]} aria-busy={loading || undefined}>
          {items.map((item) => (
            <li key={item.id} className={`inbox-row inbox-row--${item.status}`}>
              <input type="checkbox" className="inbox-row__check" checked={selected.has(item.id)} onChange={() => toggle(item.id)} aria-label={`Select ${item.name}`} />
              <button type="button" className="inbox-row__open" data-inbox-item={item.id} onClick={() => setOpenId(item.id)}>
                <span className="inbox-row__name">{item.name}</span>
                <span className="inbox-row__email">{item.email}</span>
                <span className="inbox-row__summary">{item.summary}</span>
                <span className="inbox-row__lang">Written in {STAFF_LANGUAGE_NAMES[item.lang]}</span>
              </button>
              <span className={`inbox-status inbox-status--${item.status}`}>{INBOX_STATUS_LABELS[item.status]}</span>
              <time className="inbox-row__date" dateTime={item.createdAt}>
                {formatDateTime(item.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      ) : loading ? (
        <p className="inbox-empty" role="status">
          Loading...
        </p>
      ) : (
        <p className="inbox-empty">Nothing here{filters === NO_FILTERS ? ' yet' : ' matches the search and filters'}.</p>
      )}
      <ShowMore list={list} />
    </section>
  );
}
