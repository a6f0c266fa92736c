/**
 * "Delete this person's data…", asked twice: what goes (the screen's `children`), then "Delete for
 * good" erases everything the site holds about the address (POST /api/inbox/forget). Shown under
 * an inbox item and under a donor's history.
 */
import { useId, useState, type ReactNode } from 'react';
import { api } from '../../../lib/api-client.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';

export function ForgetPerson({ email, onForgotten, onProblem, children }: { email: string; onForgotten: (message: string) => void; onProblem: (text: string) => void; children: ReactNode }) {
  const confirmId = `${useId().replace(/:/g, '')}-confirm`;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function forget() {
    setBusy(true);
    const answer = await call(() => api.inbox.forget.$post({ json: { email } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(false);
    if (!answer.ok) return onProblem(problemOf(answer));
    onForgotten(answer.data.message);
  }

  return (
    <div className="inbox-danger">
      {confirming ? (
        <div role="alertdialog" aria-labelledby={confirmId} className="inbox-confirm">
          <p id={confirmId}>{children}</p>
          <div className="inbox-note__row">
            <button type="button" className="sipa-button inbox-danger__button" disabled={busy} onClick={() => void forget()}>
              Delete for good
            </button>
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="sipa-button sipa-button--secondary inbox-small" onClick={() => setConfirming(true)}>
          Delete this person's data…
        </button>
      )}
    </div>
  );
}
