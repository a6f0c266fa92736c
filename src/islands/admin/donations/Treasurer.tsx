/**
 * For the treasurer: the donors to thank and ask again (those who gave last year and not this
 * year, LYBUNT; or in any year but this one, SYBUNT), each with last year's total, the lifetime
 * total and the last gift, a name opening their history; both lists as CSV; and the monthly
 * summary of a year (one-time, monthly, refunds, net) as CSV for the accountant. Years and months
 * are the organisation's (its time zone), as everywhere on the screen.
 */
import { useEffect, useId, useState } from 'react';
import type { StatementYear } from '../../../../api/src/donations/statements.ts';
import type { LapsedDonor } from '../../../../api/src/donations/treasurer.ts';
import { api } from '../../../lib/api-client.ts';
import { zonedYearMonth } from '../../../lib/organisation-calendar.ts';
import { zoneName } from '../../../lib/newsletter-schedule.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { formatDate } from '../inbox/staff-api.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';
import { count, money, yearLabel } from './labels.ts';

type List = 'lybunt' | 'sybunt';
const LISTS = (year: number): Record<List, string> => ({ lybunt: `LYBUNT: gave in ${year - 1}, not in ${year}`, sybunt: `SYBUNT: gave in some year, not in ${year}` });

export function Treasurer({ years, onDonor }: { years: StatementYear[]; onDonor: (email: string) => void }) {
  const id = useId().replace(/:/g, '');
  const thisYear = zonedYearMonth().year;
  const [list, setList] = useState<List>('lybunt');
  const [lapsed, setLapsed] = useState<{ donors: LapsedDonor[]; more: boolean; year: number } | null>(null);
  const [problem, setProblem] = useState('');
  const [summaryYear, setSummaryYear] = useState(0);
  const monthlyYears = years.length ? years : [{ year: thisYear, current: true, donors: 0, gifts: 0, cents: 0 }];
  const chosenYear = summaryYear || monthlyYears[0]!.year;

  useEffect(() => {
    setLapsed(null);
    void call(() => api.donations.lapsed.$get({ query: { list } }, JSON_REQUEST), SIGN_IN_ON_401).then((answer) => (answer.ok ? setLapsed(answer.data) : setProblem(problemOf(answer))));
  }, [list]);

  const labels = LISTS(lapsed?.year ?? thisYear);
  return (
    <div className="donation-treasurer" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>For the treasurer</h3>
      <PanelProblem problem={problem} />

      <h4>Donors who have not given this year</h4>
      <div className="inbox-filters">
        <div className="inbox-field">
          <label htmlFor={`${id}-list`}>List</label>
          <select id={`${id}-list`} value={list} onChange={(event) => setList(event.target.value as List)}>
            {(Object.keys(labels) as List[]).map((key) => (
              <option key={key} value={key}>
                {labels[key]}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-filters__actions">
          <a className="sipa-button sipa-button--secondary" href={api.donations.lapsed['export.csv'].$path({ query: { list } })} download>
            Export this list (CSV)
          </a>
        </div>
      </div>
      {lapsed === null ? (
        <p className="inbox-empty" role="status">
          Loading...
        </p>
      ) : lapsed.donors.length ? (
        <>
          <p className="inbox-muted">
            {count(lapsed.donors.length, 'donor')}
            {lapsed.more ? ' shown, the most recent first; the CSV has them all' : ', the most recent gift first'}.
          </p>
          <ul className="donation-cards" aria-label={labels[list]}>
            {lapsed.donors.map((donor) => (
              <li key={donor.email} className="donation-card">
                <button type="button" className="donation-link" onClick={() => onDonor(donor.email)}>
                  {donor.name || donor.email}
                </button>
                <span className="inbox-muted donation-email">{donor.email}</span>
                <dl className="donation-card__facts">
                  <div>
                    <dt>In {lapsed.year - 1}</dt>
                    <dd>{money(donor.lastYearCents)}</dd>
                  </div>
                  <div>
                    <dt>In all</dt>
                    <dd>{money(donor.lifetimeCents)}</dd>
                  </div>
                  <div>
                    <dt>Last gift</dt>
                    <dd>{formatDate(donor.lastGiftAt)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="inbox-muted">Nobody: every donor on this list has given this year.</p>
      )}

      <h4>Monthly summary for the accountant</h4>
      <p className="inbox-muted">Each month of the year in {zoneName()}: one-time gifts, monthly gifts, what refunds and reversals took back, and the net, with the year's total.</p>
      <div className="inbox-filters">
        <div className="inbox-field">
          <label htmlFor={`${id}-summary-year`}>Year of the summary</label>
          <select id={`${id}-summary-year`} value={chosenYear} onChange={(event) => setSummaryYear(Number(event.target.value))}>
            {monthlyYears.map((y) => (
              <option key={y.year} value={y.year}>
                {yearLabel(y)}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-filters__actions">
          <a className="sipa-button sipa-button--secondary" href={api.donations.monthly['export.csv'].$path({ query: { year: String(chosenYear) } })} download>
            Download the {chosenYear} summary (CSV)
          </a>
        </div>
      </div>
    </div>
  );
}
