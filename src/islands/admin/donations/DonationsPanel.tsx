/**
 * The Donations panel of the staff area (administrators only; the API answers 403 to anyone
 * else): the totals of this month and this year, one-time and monthly; the gifts, newest first,
 * with search, kind and date filters, CSV export and a receipt resent on request; the monthly
 * donors, active and cancelled; one donor's history; and the yearly statements.
 * Self-contained: mount `<DonationsPanel />` anywhere in the staff area.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { StatementYear } from '../../../../api/src/donations/statements.ts';
// Rows as the API lists them (types only: nothing of the API is bundled).
import type { GiftItem } from '../../../../api/src/donations/store.ts';
import { api } from '../../../lib/api-client.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { FilterSelect } from '../inbox/FilterSelect.tsx';
import { DateRangeFields, SearchField, ShowMore, usePagedList } from '../inbox/list-kit.tsx';
import { filled, formatDate } from '../inbox/staff-api.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';
import { DonorHistory } from './DonorHistory.tsx';
import { GiftTable } from './GiftTable.tsx';
import { Statements } from './Statements.tsx';
import { Treasurer } from './Treasurer.tsx';
import { KIND_LABELS, MONTHLY_SOURCE_LABELS, monthlyStatus, money } from './labels.ts';
import '../inbox/inbox.css';
import './donations.css';

interface Filters {
  q: string;
  kind: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { q: '', kind: '', from: '', to: '' };

/**
 * An address with the form's fields (its native GET, a bookmarked search) opens the panel on that
 * search.
 */
function filtersInAddress(): Filters {
  if (typeof location === 'undefined') return NO_FILTERS;
  const params = new URLSearchParams(location.search);
  const q = params.get('q') ?? '';
  const kind = params.get('kind') ?? '';
  return q || kind ? { ...NO_FILTERS, q, kind: kind === 'one-time' || kind === 'monthly' ? kind : '' } : NO_FILTERS;
}

/** The totals, null when they could not be read; undefined while they are asked for. */
type Summary = Awaited<ReturnType<typeof loadSummary>> | undefined;
async function loadSummary() {
  const answer = await call(() => api.donations.summary.$get({}, JSON_REQUEST), SIGN_IN_ON_401);
  return answer.ok ? answer.data : null;
}

export default function DonationsPanel() {
  const id = useId().replace(/:/g, '');
  const [summary, setSummary] = useState<Summary>(undefined);
  const [draft, setDraft] = useState<Filters>(filtersInAddress);
  const [filters, setFilters] = useState<Filters>(() => draft);
  const [notice, setNotice] = useState('');
  const [donor, setDonor] = useState<string | null>(null);
  const [years, setYears] = useState<StatementYear[]>([]);
  // After "Back to donations" focus goes to the screen's heading, as after opening a donor it goes to theirs.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const backFocus = useRef(false);
  useEffect(() => {
    if (donor === null && backFocus.current) titleRef.current?.focus();
    backFocus.current = false;
  }, [donor]);
  const closeDonor = () => {
    backFocus.current = true;
    setDonor(null);
  };
  const list = usePagedList(useCallback((cursor?: string) => call(() => api.donations.gifts.$get({ query: filled({ ...filters, cursor }) }, JSON_REQUEST), SIGN_IN_ON_401), [filters]));
  const { items, setItems, loading, problem, setProblem, load } = list;

  useEffect(() => void load(), [load]);
  useEffect(() => {
    void loadSummary().then(setSummary);
  }, []);

  async function resend(gift: GiftItem) {
    setNotice('');
    const answer = await call(() => api.donations.gifts[':id'].receipt.$post({ param: { id: gift.id } }, JSON_REQUEST), SIGN_IN_ON_401);
    if (!answer.ok) return setProblem(problemOf(answer));
    setItems((current) => current.map((item) => (item.id === gift.id ? { ...item, receiptSentAt: answer.data.receiptSentAt } : item)));
    setNotice(answer.data.message);
  }

  if (donor) {
    return (
      <section className="staff-panel donations" aria-labelledby={`${id}-title`} data-hydrated="true">
        <h2 id={`${id}-title`} className="staff-panel__title">
          Donations
        </h2>
        <DonorHistory
          email={donor}
          onBack={closeDonor}
          onResend={resend}
          onForgotten={(message) => {
            closeDonor();
            setNotice(message);
            void load();
            void loadSummary().then(setSummary);
          }}
          notice={notice}
        />
      </section>
    );
  }

  // The totals and their notes sit above the search form: drawn before them, the form would move
  // down by a screen's third when they arrive, and a press on Search at that moment would land
  // elsewhere (the list left unfiltered). The screen waits for them, as short a wait as the list's.
  if (summary === undefined) {
    return (
      <section className="staff-panel donations" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="staff-panel__title">
          Donations
        </h2>
        <p className="inbox-empty" role="status">
          Loading...
        </p>
      </section>
    );
  }

  const active = summary?.monthlyDonors.filter((d) => d.status === 'active') ?? [];
  const stopped = summary?.monthlyDonors.filter((d) => d.status !== 'active') ?? [];
  const unverified = (summary?.notifications.failed ?? 0) + (summary?.notifications.received ?? 0);

  return (
    <section className="staff-panel donations" aria-labelledby={`${id}-title`} data-hydrated="true">
      <h2 id={`${id}-title`} className="staff-panel__title" tabIndex={-1} ref={titleRef}>
        Donations
      </h2>

      {summary ? (
        <div className="donation-totals" role="group" aria-label="Totals">
          {(
            [
              ['This month', summary.thisMonth],
              ['This year', summary.thisYear],
            ] as const
          ).map(([label, totals]) => (
            <dl key={label} className="donation-totals__card">
              <dt>{label}</dt>
              <dd>
                One-time: <strong>{money(totals.oneTimeCents)}</strong> ({totals.oneTimeCount} {totals.oneTimeCount === 1 ? 'gift' : 'gifts'})
              </dd>
              <dd>
                Monthly: <strong>{money(totals.monthlyCents)}</strong> ({totals.monthlyCount} {totals.monthlyCount === 1 ? 'payment' : 'payments'})
              </dd>
            </dl>
          ))}
        </div>
      ) : null}
      {summary?.pending.count ? (
        <p className="inbox-muted">
          {summary.pending.count} {summary.pending.count === 1 ? 'payment is' : 'payments are'} pending ({money(summary.pending.cents)}, an eCheck takes a few days to clear): not counted yet, receipted
          when PayPal says {summary.pending.count === 1 ? 'it has' : 'they have'} cleared.
        </p>
      ) : null}
      {unverified ? (
        <p className="inbox-muted">
          {unverified} PayPal {unverified === 1 ? 'notification is' : 'notifications are'} waiting to be verified
          {summary?.notifications.failed ? ` (${summary.notifications.failed} could not be verified; check the server log)` : ''}.
        </p>
      ) : null}

      <h3>Gifts</h3>
      <form
        className="inbox-filters"
        role="search"
        aria-label="Search gifts"
        method="get"
        action="/admin#donations"
        onSubmit={(event) => {
          event.preventDefault();
          setNotice('');
          setFilters({ ...draft });
        }}
      >
        <SearchField id={`${id}-q`} name="q" label="Search donors and receipts" placeholder="Name, email, receipt number or PayPal transaction" value={draft.q} onValue={(q) => setDraft({ ...draft, q })} />
        <FilterSelect id={`${id}-kind`} name="kind" label="Kind" anyLabel="Any kind" value={draft.kind} onValue={(kind) => setDraft({ ...draft, kind })} options={Object.entries(KIND_LABELS)} />
        <DateRangeFields idPrefix={id} from={draft.from} to={draft.to} onValue={(name, value) => setDraft({ ...draft, [name]: value })} />
        <div className="inbox-filters__actions">
          <button type="submit" className="sipa-button">
            Search
          </button>
          <button
            type="button"
            className="sipa-button sipa-button--secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            Clear
          </button>
          <a className="sipa-button sipa-button--secondary" href={api.donations.gifts['export.csv'].$path({ query: filled({ ...filters }) })} download>
            Export CSV
          </a>
        </div>
      </form>

      <p className="inbox-live" role="status">
        {notice}
      </p>
      <PanelProblem problem={problem} />

      {items.length ? (
        <GiftTable gifts={items} busy={loading} onDonor={setDonor} onResend={resend} />
      ) : loading ? (
        <p className="inbox-empty" role="status">
          Loading...
        </p>
      ) : (
        <p className="inbox-empty">No gifts{filters === NO_FILTERS ? ' yet' : ' match the search and filters'}.</p>
      )}
      <ShowMore list={list} />

      <h3>Monthly donors</h3>
      {(
        [
          ['Active', active],
          ['Cancelled or ended', stopped],
        ] as const
      ).map(([label, donors]) => (
        <div key={label} className="donation-monthly">
          <h4>
            {label} ({donors.length})
          </h4>
          {donors.length ? (
            <div className="donation-scroll">
              <table className="donation-table donation-table--cards">
                <caption className="sipa-visually-hidden">{label} monthly donors</caption>
                <thead>
                  <tr>
                    <th scope="col">Donor</th>
                    <th scope="col">Monthly</th>
                    <th scope="col">Status</th>
                    <th scope="col">Since</th>
                    <th scope="col">Last payment</th>
                    <th scope="col">Ended</th>
                    <th scope="col">PayPal path</th>
                  </tr>
                </thead>
                <tbody>
                  {donors.map((d) => (
                    <tr key={d.subscrId}>
                      <td data-label="Donor">
                        <button type="button" className="donation-link" onClick={() => setDonor(d.email)}>
                          {d.name || d.email}
                        </button>
                        <span className="inbox-muted donation-email">{d.email}</span>
                      </td>
                      <td data-label="Monthly">{money(d.amountCents)}</td>
                      <td data-label="Status">{monthlyStatus(d)}</td>
                      <td data-label="Since">{formatDate(d.signedUpAt)}</td>
                      <td data-label="Last payment">{formatDate(d.lastPaymentAt) || 'None yet'}</td>
                      <td data-label="Ended">{formatDate(d.cancelledAt ?? d.endedAt) || '—'}</td>
                      <td data-label="PayPal path">{MONTHLY_SOURCE_LABELS[d.source]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="inbox-muted">None.</p>
          )}
        </div>
      ))}

      <Statements onYears={setYears} />
      <Treasurer years={years} onDonor={setDonor} />
    </section>
  );
}
