/**
 * The yearly statements: in January, one mail to each donor of the year before with its gifts.
 * Queued on the server (each donor once, resumed after a restart); a confirmation step first,
 * since it mails every donor. Once sent, a gift that arrives late or a refund makes some donors'
 * statements out of date: the same button then sends those donors a statement that replaces theirs.
 */
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { formatDateTime } from '../inbox/staff-api.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';

type Progress = { year: number; total: number; sent: number; outdated: number; createdBy: string; createdAt: string; finishedAt: string | null };

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

  const sent = year === null ? undefined : statements.find((s) => s.year === year);
  const outdated = sent?.outdated ?? 0;
  const donors = (n: number) => `${n} ${n === 1 ? 'donor' : 'donors'}`;
  return (
    <div className="donation-statements">
      <h3>Yearly statements</h3>
      <p className="inbox-muted">Each donor gets one mail with all their gifts of the year, in the language they gave in. Send it in January for the year before.</p>
      <PanelProblem problem={problem} />
      <p className="inbox-live" role="status">
        {notice}
      </p>
      {year !== null && (!sent || outdated > 0) ? (
        confirming ? (
          <div className="inbox-danger" role="group" aria-label="Confirm the statements">
            <p>
              {sent
                ? `Send a new ${year} statement to the ${donors(outdated)} who gave since or whose gifts changed? Each new statement says which one it replaces.`
                : `Send a ${year} statement to every donor of ${year}? Each donor gets one.`}
            </p>
            <button type="button" className="sipa-button" disabled={busy} onClick={() => void send()}>
              {sent ? `Yes, send ${donors(outdated)} a new statement` : `Yes, send the ${year} statements`}
            </button>{' '}
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className="sipa-button sipa-button--secondary" onClick={() => setConfirming(true)}>
            {sent ? `Send updated ${year} statements (${donors(outdated)})` : `Send ${year} statements`}
          </button>
        )
      ) : null}
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
