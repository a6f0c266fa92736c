/**
 * The yearly statements: in January, one mail to each donor of the year before with its gifts.
 * Queued on the server (each donor once, resumed after a restart); a confirmation step first,
 * since it mails every donor.
 */
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { formatDateTime } from '../inbox/staff-api.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';

type Progress = { year: number; total: number; sent: number; createdBy: string; createdAt: string; finishedAt: string | null };

export function Statements({ year }: { year: number | null }) {
  const [statements, setStatements] = useState<Progress[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');

  async function load() {
    const answer = await call(() => api.donations.statements.$get({}, JSON_REQUEST), SIGN_IN_ON_401);
    if (answer.ok) setStatements(answer.data.statements);
  }
  useEffect(() => void load(), []);

  async function send() {
    if (year === null) return;
    setBusy(true);
    setProblem('');
    const answer = await call(() => api.donations.statements.$post({ json: { year } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(false);
    setConfirming(false);
    if (!answer.ok) return setProblem(problemOf(answer));
    setNotice(answer.data.message);
    await load();
  }

  const done = year !== null && statements.some((s) => s.year === year);
  return (
    <div className="donation-statements">
      <h3>Yearly statements</h3>
      <p className="inbox-muted">Each donor gets one mail with all their gifts of the year, in the language they gave in. Send it in January for the year before.</p>
      <PanelProblem problem={problem} />
      <p className="inbox-live" role="status">
        {notice}
      </p>
      {year !== null && !done ? (
        confirming ? (
          <div className="inbox-danger" role="group" aria-label="Confirm the statements">
            <p>Send a {year} statement to every donor of {year}? Each donor gets one.</p>
            <button type="button" className="sipa-button" disabled={busy} onClick={() => void send()}>
              Yes, send the {year} statements
            </button>{' '}
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className="sipa-button sipa-button--secondary" onClick={() => setConfirming(true)}>
            Send {year} statements
          </button>
        )
      ) : null}
      {statements.length ? (
        <ul className="donation-statements__list" aria-label="Statements sent">
          {statements.map((s) => (
            <li key={s.year}>
              {s.year}: {s.sent} of {s.total} sent{s.finishedAt ? ` (finished ${formatDateTime(s.finishedAt)})` : ''}, queued by {s.createdBy} on {formatDateTime(s.createdAt)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
