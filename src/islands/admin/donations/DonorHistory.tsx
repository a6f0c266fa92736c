/** One donor's history: every gift (with its receipt), the monthly subscriptions, the total given. */
import { useEffect, useRef, useState } from 'react';
import type { GiftItem } from '../../../../api/src/donations/store.ts';
import { api } from '../../../lib/api-client.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { formatDate } from '../inbox/staff-api.ts';
import { ForgetPerson } from '../inbox/ForgetPerson.tsx';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';
import { DonorStatement } from './DonorStatement.tsx';
import { GiftTable } from './GiftTable.tsx';
import { monthlyStatus, money } from './labels.ts';

type History = Extract<Awaited<ReturnType<typeof fetchHistory>>, { ok: true }>['data'];
const fetchHistory = (email: string) => call(() => api.donations.donor.$get({ query: { email } }, JSON_REQUEST), SIGN_IN_ON_401);

export function DonorHistory({
  email,
  onBack,
  onResend,
  onForgotten,
  notice,
}: {
  email: string;
  onBack: () => void;
  onResend: (gift: GiftItem) => Promise<void>;
  /** After "delete this person's data": the server's message. */
  onForgotten: (message: string) => void;
  notice: string;
}) {
  const [history, setHistory] = useState<History | null>(null);
  const [problem, setProblem] = useState('');
  // Opening a donor moves focus to their name, the new view's heading (not left on a button that is gone).
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function load() {
    const answer = await fetchHistory(email);
    if (!answer.ok) return setProblem(problemOf(answer));
    setHistory(answer.data);
  }
  useEffect(() => void load(), [email]);

  return (
    <div className="donor-history">
      <button type="button" className="sipa-button sipa-button--secondary inbox-small" onClick={onBack}>
        Back to donations
      </button>
      <h3 tabIndex={-1} ref={headingRef}>
        {history?.name || email}
      </h3>
      <PanelProblem problem={problem} />
      <p className="inbox-live" role="status">
        {notice}
      </p>
      {history ? (
        <>
          <p>
            {history.email} · Given in all: <strong>{money(history.totalCents)}</strong> ({history.countedGifts} {history.countedGifts === 1 ? 'gift' : 'gifts'})
          </p>
          {history.monthly.length ? (
            <ul className="donor-history__monthly" aria-label="Monthly giving">
              {history.monthly.map((m) => (
                <li key={m.subscrId}>
                  Monthly {money(m.amountCents)}: {monthlyStatus(m)}
                  {m.signedUpAt ? `, since ${formatDate(m.signedUpAt)}` : ''}
                  {m.cancelledAt ? `, cancelled ${formatDate(m.cancelledAt)}` : m.endedAt ? `, ended ${formatDate(m.endedAt)}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          <GiftTable gifts={history.gifts} onResend={(gift) => void onResend(gift).then(load)} />
          <DonorStatement email={history.email} gifts={history.gifts} />
          <ForgetPerson email={email} onForgotten={onForgotten} onProblem={setProblem}>
            Delete everything from <strong>{email}</strong>? Their gifts and monthly giving records, the PayPal notifications about them, anything they sent through the
            site's forms, their newsletter subscription and mail still waiting for them are removed for good.
          </ForgetPerson>
        </>
      ) : problem ? null : (
        <p className="inbox-empty" role="status">
          Loading...
        </p>
      )}
    </div>
  );
}
