/**
 * Registrations for events, first come first served. Every change to one event's registrations
 * (a sign-up, a cancellation) first takes that event's row in event_places: on PostgreSQL a row
 * lock that a second server's transaction waits for, on SQLite the write lock every transaction
 * takes at its start (db/sqlite.ts). So the places counted inside the transaction are the places
 * there are, and two people never both get the last one. Under the same lock each registration
 * takes the next number in the event's line, so the line is the order the database served the
 * requests in, on one server or several.
 *
 * A cancellation moves the waiting list on in the same transaction: while the first family
 * waiting fits in the places left, it is registered and told (a family never jumps the queue,
 * so a large party waits for enough places rather than a smaller one behind it going first).
 */
import { sql, type Transaction } from 'kysely';
import { newId } from '../db/ids.ts';
import type { Database, Db } from '../db/index.ts';
import type { EventRegistrationsTable } from '../db/types.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { DEFAULT_LANG } from '../../../src/lib/i18n/languages.ts';
import { storedAnswers, type StoredAnswer } from '../../../src/lib/registration-questions.ts';
import type { EventRegistrationInput } from '../schemas.ts';
import type { RegistrableEvent } from './catalogue.ts';
import { confirmationMail, waitingMail, type Registrant } from './mails.ts';
import type { RegistrationNeed } from './needs.ts';

export type RegisterOutcome =
  | { status: 'confirmed'; id: string; mails: OutgoingMail[] }
  | { status: 'waiting'; id: string; position: number; mails: OutgoingMail[] }
  | { status: 'too-large' };

export interface Places {
  /** Null when the event has no limit. */
  capacity: number | null;
  left: number | null;
  waiting: number;
}

/**
 * The registration's links carry `<id>.<HMAC>` (tokens.ts, purpose 'registration'): made from
 * the id, so the reminder can send the same link again; an address that registers again after
 * cancelling gets a new id, so an old link never works for the new registration.
 */
export type SignRegistration = (id: string) => Promise<string>;

type Trx = Transaction<Database>;

/** Takes the event's row: the lock that orders every change to its registrations. */
async function lockEvent(trx: Trx, eventId: string, now: string): Promise<void> {
  await trx.insertInto('event_places').values({ event_id: eventId, changed_at: now }).onConflict((oc) => oc.column('event_id').doNothing()).execute();
  await trx.updateTable('event_places').set({ changed_at: now }).where('event_id', '=', eventId).execute();
}

async function confirmedPeople(trx: Trx | Db['kysely'], eventId: string): Promise<number> {
  const row = await trx
    .selectFrom('event_registrations')
    .select(sql<number>`coalesce(sum(party), 0)`.as('people'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return Number(row.people);
}

/** How many wait for the event; with `before`, how many wait ahead of that place in the line. */
async function waitingCount(trx: Trx | Db['kysely'], eventId: string, before?: number): Promise<number> {
  let query = trx.selectFrom('event_registrations').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', eventId).where('status', '=', 'waiting');
  if (before !== undefined) query = query.where('queue_number', '<', before);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * The next place in the event's line (taken under its lock): numbered by the database, not by
 * the clock of the instance serving the request, which another instance's may be ahead of.
 */
async function nextQueueNumber(trx: Trx, eventId: string): Promise<number> {
  const row = await trx.selectFrom('event_registrations').select(sql<number>`coalesce(max(queue_number), 0)`.as('last')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
  return Number(row.last) + 1;
}

export const registrantOf = (row: Pick<EventRegistrationsTable, 'name' | 'email' | 'party' | 'needs' | 'answers' | 'mail_lang'>): Registrant => ({
  name: row.name,
  email: row.email,
  party: row.party,
  needs: JSON.parse(row.needs) as RegistrationNeed[],
  answers: JSON.parse(row.answers) as StoredAnswer[],
  mailLang: langOrDefault(row.mail_lang),
});

/** What the public sees: places left and how many wait, never who. */
export async function placesOf(db: Db, event: RegistrableEvent): Promise<Places> {
  const waiting = await waitingCount(db.kysely, event.id);
  if (event.capacity === null) return { capacity: null, left: null, waiting };
  return { capacity: event.capacity, left: Math.max(0, event.capacity - (await confirmedPeople(db.kysely, event.id))), waiting };
}

/**
 * Registers `input` (in `trx`): confirmed while the places allow and nobody waits ahead, else on
 * the waiting list. The same address again is the same registration, answered as it stands and
 * mailed nothing new; an address that had cancelled registers afresh, at the end of the queue.
 */
export async function register(trx: Trx, event: RegistrableEvent, input: EventRegistrationInput, sign: SignRegistration, siteUrl: string, now: string): Promise<RegisterOutcome> {
  if (event.capacity !== null && input.party > event.capacity) return { status: 'too-large' };
  await lockEvent(trx, event.id, now);
  const existing = await trx.selectFrom('event_registrations').selectAll().where('event_id', '=', event.id).where('email', '=', input.email).executeTakeFirst();
  if (existing && existing.status !== 'cancelled') {
    if (existing.status === 'confirmed') return { status: 'confirmed', id: existing.id, mails: [] };
    return { status: 'waiting', id: existing.id, position: (await waitingCount(trx, event.id, existing.queue_number)) + 1, mails: [] };
  }
  const ahead = await waitingCount(trx, event.id);
  const fits = event.capacity === null || (ahead === 0 && (await confirmedPeople(trx, event.id)) + input.party <= event.capacity);
  const row = {
    name: input.name,
    phone: input.phone ?? null,
    party: input.party,
    needs: JSON.stringify(input.needs),
    notes: input.notes ?? null,
    answers: JSON.stringify(storedAnswers(event.questions[DEFAULT_LANG], input.answers)),
    mail_lang: input.mailLang,
    status: fits ? ('confirmed' as const) : ('waiting' as const),
    queued_at: now,
    queue_number: await nextQueueNumber(trx, event.id),
    reminded_at: null,
    attending_confirmed_at: null,
    checked_in: 0,
    updated_at: now,
  };
  const id = newId();
  if (existing) await trx.updateTable('event_registrations').set({ ...row, id }).where('id', '=', existing.id).execute();
  else await trx.insertInto('event_registrations').values({ ...row, id, event_id: event.id, email: input.email, created_at: now }).execute();
  const who = registrantOf({ ...row, email: input.email });
  const token = await sign(id);
  if (fits) return { status: 'confirmed', id, mails: [confirmationMail(event, who, token, siteUrl)] };
  return { status: 'waiting', id, position: ahead + 1, mails: [waitingMail(event, who, ahead + 1, token, siteUrl)] };
}

/** The registration a link names (its id, once the token is verified), if it is still live. */
export async function liveRegistration(db: Db['kysely'] | Trx, id: string) {
  return db.selectFrom('event_registrations').selectAll().where('id', '=', id).where('status', '!=', 'cancelled').executeTakeFirst();
}

/**
 * Cancels registration `id` (once: a second use finds it cancelled) and moves the waiting list
 * on. The promoted keep their link: it now cancels their place.
 */
export async function cancel(trx: Trx, event: (id: string) => RegistrableEvent | undefined, id: string, sign: SignRegistration, siteUrl: string, now: string): Promise<{ cancelled: boolean; mails: OutgoingMail[] }> {
  const found = await liveRegistration(trx, id);
  if (!found) return { cancelled: false, mails: [] };
  await lockEvent(trx, found.event_id, now);
  // Read again under the lock: a second press of the same link waited for the first.
  const updated = await trx
    .updateTable('event_registrations')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', found.id)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { cancelled: false, mails: [] };
  const registrable = event(found.event_id);
  if (!registrable || registrable.capacity === null) return { cancelled: true, mails: [] };
  return { cancelled: true, mails: await promoteWaiting(trx, registrable, sign, siteUrl, now) };
}

/** Registers the families at the head of the waiting list while they fit, and writes to each. */
async function promoteWaiting(trx: Trx, event: RegistrableEvent, sign: SignRegistration, siteUrl: string, now: string): Promise<OutgoingMail[]> {
  let left = event.capacity! - (await confirmedPeople(trx, event.id));
  const queue = await trx.selectFrom('event_registrations').selectAll().where('event_id', '=', event.id).where('status', '=', 'waiting').orderBy('queue_number').orderBy('queued_at').orderBy('id').execute();
  const mails: OutgoingMail[] = [];
  for (const next of queue) {
    if (next.party > left) break;
    await trx.updateTable('event_registrations').set({ status: 'confirmed', updated_at: now }).where('id', '=', next.id).execute();
    left -= next.party;
    mails.push(confirmationMail(event, registrantOf(next), await sign(next.id), siteUrl, true));
  }
  return mails;
}

/** The reminder's Confirm: the registrant says they are still coming. */
export async function confirmAttendance(db: Db, id: string, now: string): Promise<boolean> {
  const found = await liveRegistration(db.kysely, id);
  if (!found || found.status !== 'confirmed') return false;
  await db.kysely.updateTable('event_registrations').set({ attending_confirmed_at: now, updated_at: now }).where('id', '=', found.id).execute();
  return true;
}
