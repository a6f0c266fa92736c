/**
 * The subscribers panel of the staff area: the weekly chart, a list with search and a status
 * filter (signed-up, confirmed and unsubscribed dates, the page the person signed up from),
 * unsubscribe or delete one, CSV export of the filtered list and CSV import with its report.
 * Self-contained: mount `<SubscribersPanel />` anywhere in the staff area.
 */
import { useCallback, useEffect, useId, useState, type ChangeEvent } from 'react';
import { SUBSCRIBER_STATUSES, SUBSCRIBER_STATUS_LABELS } from '../../../lib/inbox.ts';
// A subscriber as the API lists it (types only: nothing of the API is bundled).
import type { SubscriberItem as Subscriber } from '../../../../api/src/inbox/subscribers-store.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { FilterSelect, choicesOf } from './FilterSelect.tsx';
import { SearchField, ShowMore, usePagedList } from './list-kit.tsx';
import { SubscriberChart, type ChartWeek } from './SubscriberChart.tsx';
import { api } from '../../../lib/api-client.ts';
import { filled, formatDate } from './staff-api.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';
import './inbox.css';

interface ImportReport {
  confirmed: number;
  pending: number;
  duplicates: number;
  existing: number;
  rejected: Array<{ line: number; value: string; reason: string }>;
}

/** The path of the page someone signed up from, without the site's own origin. */
function sourcePage(source: string | null): string {
  if (!source) return '';
  if (source === 'import') return 'Imported';
  try {
    return new URL(source).pathname;
  } catch {
    return source;
  }
}

export default function SubscribersPanel() {
  const uid = useId().replace(/:/g, '');
  const [weeks, setWeeks] = useState<ChartWeek[] | null>(null);
  const [draft, setDraft] = useState({ q: '', status: '' });
  const [filters, setFilters] = useState({ q: '', status: '' });
  const [notice, setNotice] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [importing, setImporting] = useState(false);

  const loadChart = useCallback(async () => {
    const answer = await call(() => api.subscribers.chart.$get({}, JSON_REQUEST), SIGN_IN_ON_401);
    if (answer.ok) setWeeks(answer.data.weeks);
  }, []);

  const list = usePagedList(useCallback((cursor?: string) => call(() => api.subscribers.$get({ query: filled({ ...filters, cursor }) }, JSON_REQUEST), SIGN_IN_ON_401), [filters]));
  const { items, setItems, loading, problem, setProblem, load } = list;

  useEffect(() => void loadChart(), [loadChart]);
  useEffect(() => void load(), [load]);

  async function unsubscribe(subscriber: Subscriber) {
    const answer = await call(() => api.subscribers[':id'].unsubscribe.$post({ param: { id: subscriber.id } }, JSON_REQUEST), SIGN_IN_ON_401);
    if (!answer.ok) return setProblem(problemOf(answer));
    setItems((current) => current.map((s) => (s.id === subscriber.id ? { ...s, status: 'unsubscribed', unsubscribedAt: new Date().toISOString() } : s)));
    setNotice(`${subscriber.email} was unsubscribed.`);
    void loadChart();
  }

  async function remove(subscriber: Subscriber) {
    const answer = await call(() => api.subscribers[':id'].delete.$post({ param: { id: subscriber.id } }, JSON_REQUEST), SIGN_IN_ON_401);
    setConfirmDelete(null);
    if (!answer.ok) return setProblem(problemOf(answer));
    setItems((current) => current.filter((s) => s.id !== subscriber.id));
    setNotice(`${subscriber.email} was deleted.`);
    void loadChart();
  }

  async function runImport(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!file) return setProblem('Choose a CSV file to import.');
    setImporting(true);
    setReport(null);
    const answer = await call(async () => api.subscribers.import.$post({}, { headers: { ...JSON_REQUEST.headers, 'Content-Type': 'text/csv' }, init: { ...JSON_REQUEST.init, body: await file.text() } }), SIGN_IN_ON_401);
    setImporting(false);
    if (!answer.ok) return setProblem(problemOf(answer));
    setReport(answer.data);
    void load();
    void loadChart();
  }

  return (
    <section className="staff-panel subscribers" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="staff-panel__title">
        Subscribers
      </h2>
      {weeks ? <SubscriberChart weeks={weeks} /> : <p role="status">Loading...</p>}

      <form
        className="inbox-filters"
        role="search"
        aria-label="Search subscribers"
        onSubmit={(e) => {
          e.preventDefault();
          setNotice('');
          setFilters({ ...draft });
        }}
      >
        <SearchField id={`${uid}-q`} label="Search by email" value={draft.q} onValue={(q) => setDraft({ ...draft, q })} />
        <FilterSelect id={`${uid}-status`} label="Status" anyLabel="Any status" value={draft.status} onValue={(status) => setDraft({ ...draft, status })} options={choicesOf(SUBSCRIBER_STATUSES, SUBSCRIBER_STATUS_LABELS)} />
        <div className="inbox-filters__actions">
          <button type="submit" className="sipa-button">
            Search
          </button>
          <a className="sipa-button sipa-button--secondary" href={api.subscribers['export.csv'].$path({ query: filled(filters) })} download>
            Export CSV
          </a>
        </div>
      </form>

      <p className="inbox-live" role="status">
        {notice}
      </p>
      <PanelProblem problem={problem} />

      {items.length ? (
        <ul className="inbox-list subscriber-list" aria-label="Subscribers" aria-busy={loading || undefined}>
          {items.map((s) => (
            <li key={s.id} className="inbox-row subscriber-row">
              <div className="subscriber-row__who">
                <span className="inbox-row__name">{s.email}</span>
                <span className="inbox-row__email">
                  Signed up {formatDate(s.createdAt)}
                  {s.source ? ` from ${sourcePage(s.source)}` : ''}
                </span>
              </div>
              <span className={`inbox-status inbox-status--${s.status}`}>{SUBSCRIBER_STATUS_LABELS[s.status]}</span>
              {s.stoppedReason ? <small className="inbox-stopped-reason"> {s.stoppedReason}</small> : null}
              <span className="subscriber-row__dates">
                {s.confirmedAt ? <span>Confirmed {formatDate(s.confirmedAt)}</span> : null}
                {s.unsubscribedAt ? <span>Unsubscribed {formatDate(s.unsubscribedAt)}</span> : null}
              </span>
              <span className="subscriber-row__actions">
                {confirmDelete === s.id ? (
                  <>
                    <button type="button" className="sipa-button inbox-small inbox-danger__button" onClick={() => void remove(s)}>
                      Delete {s.email}
                    </button>
                    <button type="button" className="sipa-button sipa-button--secondary inbox-small" onClick={() => setConfirmDelete(null)}>
                      Cancel
                    </button>
                  </>
                ) : (
                  <>
                    {s.status !== 'unsubscribed' ? (
                      <button type="button" className="sipa-button sipa-button--secondary inbox-small" onClick={() => void unsubscribe(s)}>
                        Unsubscribe
                      </button>
                    ) : null}
                    <button type="button" className="sipa-button sipa-button--secondary inbox-small" onClick={() => setConfirmDelete(s.id)}>
                      Delete…
                    </button>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="inbox-empty" role="status">
          {loading ? 'Loading...' : 'No subscribers match.'}
        </p>
      )}
      <ShowMore list={list} />

      <form className="subscriber-import" onSubmit={runImport}>
        <h3>Import subscribers from CSV</h3>
        <p className="inbox-muted">
          One address a line, optionally followed by the date the person agreed to receive the newsletter and the language they read (<code>email,confirmed,language</code>, dates as YYYY-MM-DD, language en, fr or sw; English when empty). Only
          addresses with that date are added as confirmed; the others get the confirmation mail first. Addresses already on the list stay as they are.
        </p>
        <label htmlFor={`${uid}-file`}>CSV file</label>
        <input id={`${uid}-file`} type="file" accept=".csv,text/csv" onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)} />
        <button type="submit" className="sipa-button" disabled={importing}>
          {importing ? 'Importing...' : 'Import'}
        </button>
        {report ? (
          <div className="subscriber-import__report" role="status">
            <p>
              {report.confirmed} added as confirmed, {report.pending} sent a confirmation mail, {report.existing} already on the list, {report.duplicates} duplicate lines merged,{' '}
              {report.rejected.length} rejected.
            </p>
            {report.rejected.length ? (
              <ul>
                {report.rejected.map((r) => (
                  <li key={r.line}>
                    Line {r.line}: {r.value ? <code>{r.value}</code> : null} {r.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </form>
    </section>
  );
}
