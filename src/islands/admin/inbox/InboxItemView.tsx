/**
 * One inbox item: every field exactly as sent (React renders visitor text as text, never as
 * HTML), its status, the staff note, who handled it and when, "Reply by email" (a mailto: link
 * with the address and subject filled in), and deleting everything about the person, after a
 * confirmation.
 */
import type { Lang } from '../../../lib/i18n/languages.ts';
import { STAFF_LANGUAGE_NAMES } from '../../../lib/newsletter-audience.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { AVAILABILITY_LABELS, VOLUNTEER_INTEREST_LABELS } from '../../../lib/constants.ts';
import { INBOX_STATUSES, INBOX_STATUS_LABELS, STAFF_NOTE_MAX, type InboxKind, type InboxStatus } from '../../../lib/inbox.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { refreshInboxNewCount } from './new-count.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from './staff-api.ts';
import { ForgetPerson } from './ForgetPerson.tsx';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';
import { useFocusResult } from '../focus-result.ts';

interface Item {
  id: string;
  kind: InboxKind;
  status: InboxStatus;
  createdAt: string;
  email: string;
  /** The language the sender wrote in (the page's). */
  lang: Lang;
  note: string;
  handledBy: string | null;
  handledAt: string | null;
  subject: string | null;
  fields: Array<{ name: string; label: string; value: string | string[] | null }>;
}

const REPLY_SUBJECTS: Record<InboxKind, string> = {
  contact: 'Your message to SIPA',
  volunteer: 'Your volunteer application to SIPA',
  partnership: 'Your partnership inquiry to SIPA',
};

const LIST_LABELS: Record<string, string> = { ...VOLUNTEER_INTEREST_LABELS, ...AVAILABILITY_LABELS };

export function replyLink(kind: InboxKind, email: string, subject: string | null): string {
  const title = kind === 'contact' && subject ? `Re: ${subject}` : REPLY_SUBJECTS[kind];
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(title)}`;
}

export function InboxItemView(props: {
  kind: InboxKind;
  id: string;
  onBack(): void;
  onChanged(item: { id: string; status: InboxStatus }): void;
  onForgotten(email: string, message: string): void;
}) {
  const { kind, id } = props;
  const [item, setItem] = useState<Item | null>(null);
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const [noteState, setNoteState] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [statusRef, focusStatus] = useFocusResult<HTMLParagraphElement>();
  const [statusNotice, setStatusNotice] = useState('');
  const uid = useId().replace(/:/g, '');

  useEffect(() => {
    let cancelled = false;
    void call(() => api.inbox[':kind'][':id'].$get({ param: { kind, id } }, JSON_REQUEST), SIGN_IN_ON_401).then((answer) => {
      if (cancelled) return;
      if (!answer.ok) return setProblem(problemOf(answer));
      setItem(answer.data);
      setNote(answer.data.note);
    });
    return () => {
      cancelled = true;
    };
  }, [kind, id]);

  // Once the item is shown, focus its heading so a screen reader starts there.
  const loadedId = item?.id;
  useEffect(() => {
    if (loadedId) heading.current?.focus();
  }, [loadedId]);

  async function changeStatus(status: InboxStatus) {
    setBusy(true);
    const answer = await call(() => api.inbox[':kind'].status.$post({ param: { kind }, json: { ids: [id], status } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(false);
    if (!answer.ok) return setProblem(problemOf(answer));
    const fresh = await call(() => api.inbox[':kind'][':id'].$get({ param: { kind, id } }, JSON_REQUEST), SIGN_IN_ON_401);
    if (fresh.ok) setItem(fresh.data);
    // The button pressed is now disabled (it is the status): focus goes to what changed, not to the page.
    setStatusNotice(`Marked ${INBOX_STATUS_LABELS[status].toLowerCase()}.`);
    focusStatus();
    props.onChanged({ id, status });
    void refreshInboxNewCount();
  }

  async function saveNote() {
    setNoteState('Saving...');
    const answer = await call(() => api.inbox[':kind'][':id'].note.$post({ param: { kind, id }, json: { note } }, JSON_REQUEST), SIGN_IN_ON_401);
    if (!answer.ok) return setNoteState(problemOf(answer));
    setNote(answer.data.note);
    setNoteState('Note saved.');
  }


  const back = (
    <button type="button" className="inbox-back" onClick={props.onBack}>
      <span aria-hidden="true">←</span> Back to the list
    </button>
  );

  if (problem && !item) {
    return (
      <div className="inbox-detail">
        {back}
        <PanelProblem problem={problem} />
      </div>
    );
  }
  if (!item) {
    return (
      <div className="inbox-detail">
        {back}
        <p role="status">Loading...</p>
      </div>
    );
  }

  const name = String(item.fields[0]?.value ?? '');
  return (
    <article className="inbox-detail" aria-labelledby={`${uid}-heading`}>
      {back}
      <header className="inbox-detail__head">
        <h3 id={`${uid}-heading`} ref={heading} tabIndex={-1}>
          {kind === 'contact' ? item.subject : kind === 'partnership' ? String(item.fields[0]?.value ?? '') : `${name} ${String(item.fields[1]?.value ?? '')}`}
        </h3>
        <p className="inbox-detail__meta">
          Received {formatDateTime(item.createdAt)} · Written in {STAFF_LANGUAGE_NAMES[item.lang]} · <span className={`inbox-status inbox-status--${item.status}`}>{INBOX_STATUS_LABELS[item.status]}</span>
          {item.handledBy ? (
            <>
              {' '}
              · Handled by {item.handledBy} on {formatDateTime(item.handledAt)}
            </>
          ) : null}
        </p>
      </header>

      <dl className="inbox-fields">
        {item.fields.map((field) => (
          <div key={field.name} className={field.name === 'message' || field.name === 'skills' ? 'inbox-fields__long' : undefined}>
            <dt>{field.label}</dt>
            <dd>
              {Array.isArray(field.value) ? (
                field.value.length ? field.value.map((v) => LIST_LABELS[v] ?? v).join(', ') : <span className="inbox-muted">None chosen</span>
              ) : field.value ? (
                field.value
              ) : (
                <span className="inbox-muted">Not given</span>
              )}
            </dd>
          </div>
        ))}
      </dl>

      <div className="inbox-detail__actions">
        <a className="sipa-button" href={replyLink(kind, item.email, item.subject)}>
          Reply by email
        </a>
        <div role="group" aria-label="Status" className="inbox-detail__status">
          {INBOX_STATUSES.map((s) => (
            <button key={s} type="button" className="sipa-button sipa-button--secondary inbox-small" aria-pressed={item.status === s} disabled={busy || item.status === s} onClick={() => void changeStatus(s)}>
              Mark {INBOX_STATUS_LABELS[s].toLowerCase()}
            </button>
          ))}
        </div>
      </div>
      <p className="inbox-live" role="status" tabIndex={-1} ref={statusRef}>
        {statusNotice}
      </p>
      <PanelProblem problem={problem} />

      <div className="inbox-note">
        <label htmlFor={`${uid}-note`}>Staff note</label>
        <textarea id={`${uid}-note`} rows={4} maxLength={STAFF_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
        <div className="inbox-note__row">
          <button type="button" className="sipa-button sipa-button--secondary inbox-small" onClick={() => void saveNote()}>
            Save note
          </button>
          <span role="status">{noteState}</span>
        </div>
      </div>

      <ForgetPerson
        email={item.email}
        onForgotten={(message) => {
          void refreshInboxNewCount();
          props.onForgotten(item.email, message);
        }}
        onProblem={setProblem}
      >
        Delete everything from <strong>{item.email}</strong>? Their messages, applications and inquiries, their gifts and monthly giving records, their newsletter subscription and mail still waiting for them
        are removed for good.
      </ForgetPerson>
    </article>
  );
}
