/**
 * The day-before reminder: on the day before an event (in the organisation's time zone), each
 * confirmed registrant not yet reminded gets one mail with Confirm / Cancel. Each row is claimed
 * by the update that marks it, in the transaction that queues its mail, so two servers running
 * the same pass send each reminder once. `now` is the caller's clock (the server's timer passes
 * the time; tests pass the day they mean).
 */
import { DEFAULT_LANG } from '../../../src/lib/i18n/languages.ts';
import { dayStart, ORGANISATION_TIME_ZONE } from '../../../src/lib/organisation-calendar.ts';
import { dayInZone } from '../../../src/lib/events.ts';
import type { Db } from '../db/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import { registrableEvents, type RegistrableEvent } from './catalogue.ts';
import { reminderMail } from './mails.ts';
import { registrantOf, type SignRegistration } from './registrations.ts';

/** The events that start tomorrow in the organisation's calendar, as `now` reads it. */
export function eventsTomorrow(now: Date, events: readonly RegistrableEvent[] = registrableEvents()): RegistrableEvent[] {
  const today = dayInZone(now, ORGANISATION_TIME_ZONE);
  const tomorrow = dayInZone(new Date(dayStart(today, 1)), ORGANISATION_TIME_ZONE);
  return events.filter((event) => dayInZone(new Date(event.text[DEFAULT_LANG].date), ORGANISATION_TIME_ZONE) === tomorrow);
}

/** Sends the reminders due at `now`; resolves to how many were queued. */
export async function sendDueReminders(db: Db, mailer: Mailer, sign: SignRegistration, siteUrl: string, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const event of eventsTomorrow(now)) {
    const due = await db.kysely.selectFrom('event_registrations').select('id').where('event_id', '=', event.id).where('status', '=', 'confirmed').where('reminded_at', 'is', null).execute();
    for (const { id } of due) {
      const ids = await db.write(async (trx) => {
        const at = now.toISOString();
        const claimed = await trx
          .updateTable('event_registrations')
          .set({ reminded_at: at, updated_at: at })
          .where('id', '=', id)
          .where('status', '=', 'confirmed')
          .where('reminded_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!claimed) return [];
        return mailer.enqueue(trx, [reminderMail(event, registrantOf(claimed), await sign(claimed.id), siteUrl)]);
      });
      if (ids.length) sent += 1;
      mailer.deliverLater(ids);
    }
  }
  return sent;
}
