/**
 * The newsletter drafts, last edited first: each one's subject (or "Untitled"), when and by whom
 * it was last changed, and Open / Delete. Delete asks once more in place. The draft open in the
 * form is marked, and follows the form's saves without asking the server for the list again.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { JSON_REQUEST, formatDateTime } from '../inbox/staff-api.ts';
import { call } from './newsletter-api.ts';
import './drafts.css';
import { saveStateText, type Draft, type DraftSummary, type SaveState } from './useDraft.ts';

const when = formatDateTime;
const title = (subject: string) => subject.trim() || 'Untitled';

export function Drafts({
  openId,
  saved,
  reloadKey,
  retryOn401,
  onOpen,
  onDeleted,
}: {
  /** The draft in the form now, if any. */
  openId: string | null;
  /** The form's newest save, merged into the list. */
  saved: DraftSummary | null;
  /** Changes when the list must be read again (after a send removed a draft). */
  reloadKey: number;
  retryOn401: <A extends { status: number }>(send: () => Promise<A>) => Promise<A>;
  onOpen: (draft: Draft) => Promise<void> | void;
  onDeleted: (id: string) => void;
}) {
  const [drafts, setDrafts] = useState<DraftSummary[] | null>(null);
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let cancelled = false;
    void call(() => api['newsletter-drafts'].$get({}, JSON_REQUEST)).then((answer) => {
      if (cancelled) return;
      if (answer.ok) setDrafts(answer.data.drafts);
      else if (answer.status !== 401 && answer.status !== 403) setProblem('The drafts could not be loaded.');
    });
    return () => {
      cancelled = true;
    };
  }, [reloadKey]);

  // Delete asks in place: the keyboard moves to the question's "Yes, delete it".
  useEffect(() => {
    if (confirming) document.getElementById('nl-draft-delete-yes')?.focus();
  }, [confirming]);

  useEffect(() => {
    if (saved) setDrafts((list) => [saved, ...(list ?? []).filter((d) => d.id !== saved.id)]);
  }, [saved]);

  async function open(id: string) {
    setBusy(id);
    setProblem('');
    const answer = await retryOn401(() => call(() => api['newsletter-drafts'][':id'].$get({ param: { id } }, JSON_REQUEST)));
    setBusy(null);
    if (answer.ok) return onOpen(answer.data);
    if (answer.status === 404) setDrafts((list) => (list ?? []).filter((d) => d.id !== id));
    setProblem(answer.status === 404 ? 'That draft no longer exists.' : (('message' in answer && answer.message) || 'The draft could not be opened. Please try again.'));
  }

  async function remove(id: string) {
    setBusy(id);
    setProblem('');
    const answer = await retryOn401(() => call(() => api['newsletter-drafts'][':id'].$delete({ param: { id } }, JSON_REQUEST)));
    setBusy(null);
    setConfirming(null);
    if (answer.ok || answer.status === 404) {
      setDrafts((list) => (list ?? []).filter((d) => d.id !== id));
      onDeleted(id);
      // The item and its buttons are gone: the keyboard lands on the list's heading.
      headingRef.current?.focus();
      return;
    }
    setProblem(('message' in answer && answer.message) || 'The draft could not be deleted. Please try again.');
  }

  return (
    <section className="nl-drafts" aria-labelledby="nl-drafts-title">
      <h3 id="nl-drafts-title" className="nl-drafts__title" ref={headingRef} tabIndex={-1}>
        Drafts
      </h3>
      {problem ? (
        <p className="nl-result nl-result--error" role="alert">
          {problem}
        </p>
      ) : null}
      {drafts === null ? null : drafts.length === 0 ? (
        <p className="nl-drafts__empty">No drafts. What you write above is saved as a draft while you type.</p>
      ) : (
        <ul className="nl-drafts__list">
          {drafts.map((draft) => (
            <li key={draft.id} className="nl-drafts__item" aria-current={draft.id === openId ? 'true' : undefined}>
              <p className="nl-drafts__subject">
                {title(draft.subject)}
                {draft.id === openId ? <span className="nl-drafts__open"> (open above)</span> : null}
              </p>
              <p className="nl-drafts__meta">
                Last edited {when(draft.updatedAt)} by {draft.updatedBy}
              </p>
              {confirming === draft.id ? (
                <div className="nl-drafts__actions" role="group" aria-label={`Delete “${title(draft.subject)}”?`}>
                  <span>Delete this draft for everyone?</span>
                  <button type="button" id="nl-draft-delete-yes" className="nl-link-button" onClick={() => void remove(draft.id)} disabled={busy !== null}>
                    Yes, delete it
                  </button>
                  <button type="button" className="nl-link-button" onClick={() => setConfirming(null)}>
                    Keep it
                  </button>
                </div>
              ) : (
                <div className="nl-drafts__actions">
                  {draft.id === openId ? null : (
                    <button type="button" className="nl-link-button" onClick={() => void open(draft.id)} disabled={busy !== null} aria-label={`Open “${title(draft.subject)}”`}>
                      Open
                    </button>
                  )}
                  <button type="button" className="nl-link-button" onClick={() => setConfirming(draft.id)} disabled={busy !== null} aria-label={`Delete “${title(draft.subject)}”`}>
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The form's calm status line: "Draft saved 10:42", "Saving…", "Not saved — will retry"; signed out, a way to sign in again. */
export function DraftStatus({ state, onSignIn }: { state: SaveState; onSignIn: () => void }) {
  return (
    <p className="nl-draft-status" aria-live="polite" aria-atomic="true" data-testid="draft-status">
      {saveStateText(state)}
      {state.kind === 'signed-out' ? (
        <>
          {' '}
          <button type="button" className="nl-link-button" onClick={onSignIn}>
            Sign in again
          </button>
        </>
      ) : null}
    </p>
  );
}
