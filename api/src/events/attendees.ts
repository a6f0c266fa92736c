/**
 * What staff see of registrations: each event's counts, and for one event who is coming and who
 * waits (in the list's order), their needs, and how many of each party have been checked in at
 * the door. Also the event's list as CSV and a message to everyone registered.
 */
import { DEFAULT_LANG } from '../../../src/lib/i18n/languages.ts';
import type { Db } from '../db/index.ts';
import type { EventRegistrationsTable } from '../db/types.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { acknowledgement, hello } from '../mail/templates.ts';
import { registrableEvents, type RegistrableEvent } from './catalogue.ts';
import { registrantOf } from './registrations.ts';
import type { RegistrationNeed } from './needs.ts';
import type { StoredAnswer } from '../../../src/lib/registration-questions.ts';

export interface EventCounts {
  id: string;
  title: string;
  date: string;
  capacity: number | null;
  /** People confirmed (parties summed), people waiting, people checked in. */
  coming: number;
  waiting: number;
  checkedIn: number;
  /** Registrations (parties) confirmed. */
  parties: number;
}

export interface Attendee {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  party: number;
  needs: RegistrationNeed[];
  notes: string | null;
  /** The answers to the event's own questions, in English. */
  answers: StoredAnswer[];
  mailLang: string;
  status: 'confirmed' | 'waiting';
  /** The place in the waiting list (1 is next); null when confirmed. */
  position: number | null;
  checkedIn: number;
  /** When they answered the reminder's Confirm. */
  attendingConfirmedAt: string | null;
  registeredAt: string;
}

export async function eventCounts(db: Db): Promise<EventCounts[]> {
  const sums = await db.kysely
    .selectFrom('event_registrations')
    .select(['event_id', 'status'])
    .select((eb) => [eb.fn.sum<number>('party').as('people'), eb.fn.sum<number>('checked_in').as('checked'), eb.fn.countAll<number>().as('parties')])
    .where('status', '!=', 'cancelled')
    .groupBy(['event_id', 'status'])
    .execute();
  return registrableEvents()
    .map((event) => {
      const of = (status: string) => sums.find((row) => row.event_id === event.id && row.status === status);
      const confirmed = of('confirmed');
      return {
        id: event.id,
        title: event.text[DEFAULT_LANG].title,
        date: event.text[DEFAULT_LANG].date,
        capacity: event.capacity,
        coming: Number(confirmed?.people ?? 0),
        waiting: Number(of('waiting')?.people ?? 0),
        checkedIn: Number(confirmed?.checked ?? 0),
        parties: Number(confirmed?.parties ?? 0),
      };
    })
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}

const attendeeOf = (row: EventRegistrationsTable, position: number | null): Attendee => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  party: row.party,
  needs: JSON.parse(row.needs) as RegistrationNeed[],
  notes: row.notes,
  answers: JSON.parse(row.answers) as StoredAnswer[],
  mailLang: row.mail_lang,
  status: row.status as Attendee['status'],
  position,
  checkedIn: row.checked_in,
  attendingConfirmedAt: row.attending_confirmed_at,
  registeredAt: row.created_at,
});

/** Who is coming (by name) and who waits (in the list's order). */
export async function attendeesOf(db: Db, eventId: string): Promise<Attendee[]> {
  const rows = await db.kysely.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).where('status', '!=', 'cancelled').orderBy('queue_number').orderBy('queued_at').orderBy('id').execute();
  const confirmed = rows.filter((row) => row.status === 'confirmed').sort((a, b) => a.name.localeCompare(b.name));
  const waiting = rows.filter((row) => row.status === 'waiting');
  return [...confirmed.map((row) => attendeeOf(row, null)), ...waiting.map((row, i) => attendeeOf(row, i + 1))];
}

/**
 * Sets how many of a confirmed party are here (0 to the party's size: one tap per person, and
 * back if a tap was wrong); the attendee as it now is, 'too-many' beyond the party, or null.
 */
export async function checkIn(db: Db, eventId: string, id: string, present: number): Promise<Attendee | 'too-many' | null> {
  const row = await db.kysely.selectFrom('event_registrations').selectAll().where('id', '=', id).where('event_id', '=', eventId).where('status', '=', 'confirmed').executeTakeFirst();
  if (!row) return null;
  if (present > row.party) return 'too-many';
  const now = new Date().toISOString();
  await db.kysely.updateTable('event_registrations').set({ checked_in: present, updated_at: now }).where('id', '=', id).execute();
  return attendeeOf({ ...row, checked_in: present, updated_at: now }, null);
}

const ATTENDEE_CSV_COLUMNS = ['Status', 'Place in waiting list', 'Name', 'Email', 'Phone', 'People', 'Checked in', 'Needs', 'Notes', 'Mail language', 'Confirmed after reminder', 'Registered'] as const;

/** The list's columns: the fixed ones, then one per question the event asks (its English words). */
export const attendeeCsvHeader = (event: RegistrableEvent) => [...ATTENDEE_CSV_COLUMNS, ...event.questions[DEFAULT_LANG].map((question) => question.question)];

export const attendeeCells = (event: RegistrableEvent, a: Attendee) => [
  a.status,
  a.position ?? '',
  a.name,
  a.email,
  a.phone ?? '',
  a.party,
  a.checkedIn,
  a.needs.join(' '),
  a.notes ?? '',
  a.mailLang,
  a.attendingConfirmedAt ?? '',
  a.registeredAt,
  ...event.questions[DEFAULT_LANG].map((question) => a.answers.find((answer) => answer.id === question.id)?.answer ?? ''),
];

/** Staff's message to everyone confirmed for the event, one mail each, replies to the event's contact. */
export function messageMails(event: RegistrableEvent, rows: readonly Pick<EventRegistrationsTable, 'name' | 'email' | 'party' | 'needs' | 'answers' | 'mail_lang'>[], subject: string, body: string): OutgoingMail[] {
  return rows.map((row) => {
    const who = registrantOf(row);
    const mail = acknowledgement('event.message', who.email, subject, event.text[who.mailLang].contact.email, [hello(who.name, who.mailLang), body], who.mailLang);
    return { ...mail, headers: { 'Auto-Submitted': 'auto-generated' } };
  });
}
