/**
 * The yearly statements: one mail to each donor of a year with its gifts. The year is chosen
 * among those that have gifts, newest first (the current one "so far", for a donor who asks in
 * December); its donors, gifts and total are shown, and the confirmation says how many donors and
 * gifts the send covers. Queued on the server (each donor once, resumed after a restart). Once
 * sent, a gift that arrives late or a refund makes some donors' statements out of date: the same
 * button then sends those donors a statement that replaces theirs.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { StatementYear } from '../../../../api/src/donations/statements.ts';
import { api } from '../../../lib/api-client.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { useFocusResult } from '../focus-result.ts';
import { formatDateTime } from '../inbox/staff-api.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';
import { count, money, yearLabel } from './labels.ts';

type Progress = { year: number; total: number; sent: number; outdated: number; createdBy: string; createdAt: string; finishedAt: string | null };
type Preview = Extract<Awaited<ReturnType<typeof fetchPreview>>, { ok: true }>['data'];
const fetchPreview = (year: number) => call(() => api.donations.statements.preview.$get({ query: { year: String(year) } }, JSON_REQUEST), SIGN_IN_ON_401);

const donors = (n: number) => count(n, 'donor');
const covers = (part: { donors: number; gifts: number; cents: number }) => `${donors(part.donors)} (${count(part.gifts, 'gift')}, ${money(part.cents)})`;

/** The confirmation's question: the first send covers every donor, a later one those whose statement is out of date. */
function question(preview: Preview) {
  const { year, send } = preview;
  if (!preview.sentBefore) return `Send ${year} statements to ${covers(send)}?`;
  return `Send a new ${year} statement to ${covers(send)} who gave since or whose gifts changed? Each new statement says which one it replaces.`;
}

export function Statements({ onYears }: { onYears?: (years: StatementYear[]) => void }) {
  const id = useId().replace(/:/g, '');
  const [statements, setStatements] = useState<Progress[]>([]);
  const [years, setYears] = useState<StatementYear[] | null>(null);
  const [year, setYear] = useState(0);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const [noticeRef, focusNotice] = useFocusResult<HTMLParagraphElement>();
  const yesRef = useRef<HTMLButtonElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);

  async function load() {
    const answer = await call(() => api.donations.statements.$get({}, JSON_REQUEST), SIGN_IN_ON_401);
    if (!answer.ok) return setProblem(problemOf(answer));
    setStatements(answer.data.statements);
    setYears(answer.data.years);
    onYears?.(answer.data.years);
    setYear((current) => current || (answer.data.years[0]?.year ?? 0));
  }
  useEffect(() => void load(), []);

  async function loadPreview(of: number) {
    if (!of) return setPreview(null);
    const answer = await fetchPreview(of);
    if (!answer.ok) return setProblem(problemOf(answer));
    setPreview(answer.data);
  }
  useEffect(() => void loadPreview(year), [year]);
  // The question takes focus on its "Yes"; Cancel gives it back to the button that asked.
  useEffect(() => {
    if (confirming) yesRef.current?.focus();
    else if (cancelled.current) sendRef.current?.focus();
    cancelled.current = false;
  }, [confirming]);

  async function send() {
    setBusy(true);
    setProblem('');
    const answer = await call(() => api.donations.statements.$post({ json: { year } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(false);
    setConfirming(false);
    if (!answer.ok) setProblem(problemOf(answer));
    else setNotice(answer.data.message);
    focusNotice();
    await load();
    await loadPreview(year);
  }

  const chosen = years?.find((y) => y.year === year);
  const upToDate = preview?.sentBefore && preview.send.donors === 0;
  return (
    <div className="donation-statements" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Yearly statements</h3>
      <p className="inbox-muted">Each donor gets one mail with all their gifts of the year, in the language they gave in. Send them in January for the year before; a donor who asks during the year can have the year so far.</p>
      <PanelProblem problem={problem} />
      <p className="inbox-live" role="status" tabIndex={-1} ref={noticeRef}>
        {notice}
      </p>
      {years === null ? null : !years.length ? (
        <p className="inbox-muted">No gift counts yet: there is no statement to send.</p>
      ) : (
        <>
          <div className="inbox-filters">
            <div className="inbox-field">
              <label htmlFor={`${id}-year`}>Year</label>
              <select
                id={`${id}-year`}
                value={year}
                onChange={(event) => {
                  setConfirming(false);
                  setNotice('');
                  setYear(Number(event.target.value));
                }}
              >
                {years.map((y) => (
                  <option key={y.year} value={y.year}>
                    {yearLabel(y)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {chosen ? (
            <p>
              {yearLabel(chosen)}: {covers(chosen)}.
            </p>
          ) : null}
          {!preview || preview.year !== year ? null : upToDate ? (
            <p className="inbox-muted">Every donor of {year} has a statement that matches their gifts.</p>
          ) : confirming ? (
            <div className="inbox-danger" role="group" aria-label="Confirm the statements">
              <p>{question(preview)}</p>
              <div className="donation-actions">
                <button type="button" className="sipa-button" disabled={busy} onClick={() => void send()} ref={yesRef}>
                  {preview.sentBefore ? `Yes, send ${donors(preview.send.donors)} a new statement` : `Yes, send the ${year} statements`}
                </button>
                <button
                  type="button"
                  className="sipa-button sipa-button--secondary"
                  onClick={() => {
                    cancelled.current = true;
                    setConfirming(false);
                  }}
                >
                  Cancel
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => setConfirming(true)} ref={sendRef}>
              {preview.sentBefore ? `Send updated ${year} statements (${donors(preview.send.donors)})` : `Send ${year} statements`}
            </button>
          )}
        </>
      )}
      {statements.length ? (
        <ul className="donation-statements__list" aria-label="Statements sent">
          {statements.map((s) => (
            <li key={s.year}>
              {s.year}: {s.sent} of {s.total} sent{s.finishedAt ? ` (finished ${formatDateTime(s.finishedAt)})` : ''}, queued by {s.createdBy} on {formatDateTime(s.createdAt)}
              {s.outdated ? `; ${donors(s.outdated)} gave since or had a gift change` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
