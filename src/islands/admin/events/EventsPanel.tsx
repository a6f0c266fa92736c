/**
 * The Events panel of the staff area: each event that takes registrations with its counts, and
 * for one event the door list. Who is coming (by name) and who waits, their needs, their answers
 * to the event's own questions and phone;
 * check-in one tap per person (a party of four is four taps, or "All here"), undone with the
 * minus; the list as CSV; a message to everyone confirmed, sent after a second press.
 * Made for a phone at the door: one column, large buttons.
 */
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { zonedDateTime } from '../../../lib/organisation-calendar.ts';
import { api } from '../../../lib/api-client.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { LIMITS } from '../../../../api/src/schemas.ts';
import './events.css';

type EventCounts = { id: string; title: string; date: string; capacity: number | null; coming: number; waiting: number; checkedIn: number; parties: number };
type Attendee = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  party: number;
  needs: string[];
  notes: string | null;
  /** The answers to the event's own questions, in English. */
  answers: { id: string; question: string; answer: string }[];
  status: 'confirmed' | 'waiting';
  position: number | null;
  checkedIn: number;
  attendingConfirmedAt: string | null;
};

const NEED_LABELS: Record<string, string> = { interpreter: 'Interpreter', wheelchair: 'Wheelchair access', childcare: 'Childcare' };
const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

export function EventsPanel() {
  const [events, setEvents] = useState<EventCounts[] | null>(null);
  const [problem, setProblem] = useState('');
  const [open, setOpen] = useState<EventCounts | null>(null);

  const load = useCallback(async () => {
    const answer = await call(() => api['event-attendees'].$get({}, JSON_REQUEST), SIGN_IN_ON_401);
    if (answer.ok) setEvents(answer.data.events as EventCounts[]);
    else setProblem(problemOf(answer));
  }, []);
  useEffect(() => void load(), [load]);

  if (open) return <DoorList event={open} onBack={() => (setOpen(null), void load())} />;
  return (
    <section className="staff-panel staff-events" aria-labelledby="events-heading">
      <h2 id="events-heading" className="staff-panel__title">
        Events
      </h2>
      <p className="staff-lead">Who registered on the site for each event. Open an event for its door list.</p>
      <PanelProblem problem={problem} />
      {events === null && !problem ? <p role="status">Loading...</p> : null}
      <ul className="staff-events__list">
        {(events ?? []).map((event) => (
          <li key={event.id} className="staff-events__item">
            <h3>{event.title}</h3>
            <p className="staff-events__when">{zonedDateTime(event.date)}</p>
            <p className="staff-events__counts">
              <span>
                {event.coming} coming{event.capacity !== null ? ` of ${event.capacity} places` : ''}
              </span>
              <span>{event.waiting} waiting</span>
              <span>{event.checkedIn} checked in</span>
            </p>
            <button type="button" className="sipa-button staff-events__open" onClick={() => setOpen(event)} aria-label={`Open the list for ${event.title}`}>
              Open list
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DoorList({ event, onBack }: { event: EventCounts; onBack: () => void }) {
  const [attendees, setAttendees] = useState<Attendee[] | null>(null);
  const [problem, setProblem] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const endpoint = api['event-attendees'][':event'];

  useEffect(() => {
    void (async () => {
      const answer = await call(() => endpoint.$get({ param: { event: event.id } }, JSON_REQUEST), SIGN_IN_ON_401);
      if (answer.ok) setAttendees(answer.data.attendees as Attendee[]);
      else setProblem(problemOf(answer));
    })();
  }, [event.id]);

  async function setPresent(attendee: Attendee, present: number) {
    const answer = await call(() => endpoint[':id']['check-in'].$post({ param: { event: event.id, id: attendee.id }, json: { present } }, JSON_REQUEST), SIGN_IN_ON_401);
    if (!answer.ok) return setProblem(problemOf(answer));
    setProblem('');
    setAttendees((list) => (list ?? []).map((a) => (a.id === attendee.id ? { ...a, checkedIn: present } : a)));
    setAnnouncement(`${attendee.name}: ${present} of ${attendee.party} checked in`);
  }

  const coming = (attendees ?? []).filter((a) => a.status === 'confirmed');
  const waiting = (attendees ?? []).filter((a) => a.status === 'waiting');
  const here = coming.reduce((sum, a) => sum + a.checkedIn, 0);
  const expected = coming.reduce((sum, a) => sum + a.party, 0);

  return (
    <section className="staff-panel staff-events" aria-labelledby="door-heading">
      <button type="button" className="staff-link-button" onClick={onBack}>
        Back to events
      </button>
      <h2 id="door-heading" className="staff-panel__title">
        {event.title}
      </h2>
      <p className="staff-events__when">{zonedDateTime(event.date)}</p>
      <p className="staff-events__tally">
        {here} of {expected} checked in
      </p>
      <p className="sipa-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <PanelProblem problem={problem} />
      <a className="sipa-button sipa-button--secondary" href={endpoint['export.csv'].$path({ param: { event: event.id } })} download>
        Download the list (CSV)
      </a>
      {attendees === null && !problem ? <p role="status">Loading...</p> : null}
      <h3 className="staff-events__group">Coming ({people(expected)})</h3>
      {attendees && !coming.length ? <p>Nobody has registered yet.</p> : null}
      <ul className="staff-events__people">
        {coming.map((a) => (
          <li key={a.id} className={`staff-attendee${a.checkedIn === a.party ? ' staff-attendee--here' : ''}`}>
            <AttendeeDetails attendee={a} />
            <div className="staff-attendee__check" role="group" aria-label={`Check in ${a.name}`}>
              <span className="staff-attendee__count">
                {a.checkedIn} of {a.party} here
              </span>
              <button type="button" className="sipa-button sipa-button--secondary staff-attendee__less" disabled={a.checkedIn === 0} onClick={() => void setPresent(a, a.checkedIn - 1)} >
                Undo one
              </button>
              <button type="button" className="sipa-button staff-attendee__more" disabled={a.checkedIn === a.party} onClick={() => void setPresent(a, a.checkedIn + 1)}>
                +1 here
              </button>
              {a.party > 1 ? (
                <button type="button" className="sipa-button sipa-button--secondary" disabled={a.checkedIn === a.party} onClick={() => void setPresent(a, a.party)}>
                  All here
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <h3 className="staff-events__group">Waiting list ({people(waiting.reduce((sum, a) => sum + a.party, 0))})</h3>
      {attendees && !waiting.length ? <p>Nobody is waiting.</p> : null}
      <ol className="staff-events__people">
        {waiting.map((a) => (
          <li key={a.id} className="staff-attendee">
            <AttendeeDetails attendee={a} />
          </li>
        ))}
      </ol>
      <MessageForm event={event} recipients={coming.length} />
    </section>
  );
}

function AttendeeDetails({ attendee: a }: { attendee: Attendee }) {
  return (
    <div className="staff-attendee__who">
      <p className="staff-attendee__name">
        {a.position ? `${a.position}. ` : ''}
        {a.name} <span className="staff-attendee__party">({people(a.party)})</span>
      </p>
      {a.needs.length ? (
        <ul className="staff-attendee__needs" aria-label="Needs">
          {a.needs.map((need) => (
            <li key={need}>{NEED_LABELS[need] ?? need}</li>
          ))}
        </ul>
      ) : null}
      {a.notes ? <p className="staff-attendee__notes">{a.notes}</p> : null}
      {a.answers.length ? (
        <dl className="staff-attendee__answers">
          {a.answers.map((answer) => (
            <div key={answer.id}>
              <dt>{answer.question}</dt>
              <dd>{answer.answer}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="staff-attendee__contact">
        {a.phone ? <a href={`tel:${a.phone}`}>{a.phone}</a> : null} <a href={`mailto:${a.email}`}>{a.email}</a>
        {a.attendingConfirmedAt ? <span> · confirmed after the reminder</span> : null}
      </p>
    </div>
  );
}

function MessageForm({ event, recipients }: { event: EventCounts; recipients: number }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function send(submit: SubmitEvent<HTMLFormElement>) {
    submit.preventDefault();
    if (!subject.trim() || !body.trim()) return setNotice({ tone: 'error', text: 'Write a subject and a message.' });
    if (!confirming) return setConfirming(true);
    setBusy(true);
    const answer = await call(() => api['event-attendees'][':event'].message.$post({ param: { event: event.id }, json: { subject, body } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(false);
    setConfirming(false);
    if (!answer.ok) return setNotice({ tone: 'error', text: problemOf(answer) });
    setSubject('');
    setBody('');
    setNotice({ tone: 'success', text: `Sent to ${answer.data.sent} registered ${answer.data.sent === 1 ? 'family' : 'families'}.` });
  }

  return (
    <form className="staff-events__message" onSubmit={(e) => void send(e)}>
      <h3 className="staff-events__group">Message everyone registered</h3>
      {notice ? (
        <p className={`sipa-alert sipa-alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      <label className="sipa-label" htmlFor="event-message-subject">
        Subject
      </label>
      <input id="event-message-subject" className="sipa-input" value={subject} maxLength={LIMITS.subject} onChange={(e) => (setSubject(e.target.value), setConfirming(false))} />
      <label className="sipa-label" htmlFor="event-message-body">
        Message
      </label>
      <textarea id="event-message-body" className="sipa-input" rows={4} value={body} maxLength={LIMITS.message} onChange={(e) => (setBody(e.target.value), setConfirming(false))} />
      <button type="submit" className="sipa-button" disabled={busy || !recipients}>
        {confirming ? `Yes, send to ${recipients} ${recipients === 1 ? 'family' : 'families'}` : 'Send message'}
      </button>
    </form>
  );
}
