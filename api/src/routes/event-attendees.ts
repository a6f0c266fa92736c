/**
 * The staff's side of event registration (any signed-in staff member: the people at the door
 * check families in; 401 without a session). Names are only here; the public sees places left.
 *   GET  /api/event-attendees                        { events }: each event's counts
 *   GET  /api/event-attendees/:event                 { attendees }: coming (by name), then waiting (in order)
 *   GET  /api/event-attendees/:event/export.csv      the same list as a spreadsheet
 *   POST /api/event-attendees/:event/:id/check-in    { present } -> the attendee (how many of the party are here)
 *   POST /api/event-attendees/:event/message         { subject, body } -> { sent }: one mail to each confirmed registrant
 */
import * as z from 'zod/mini';
import { validator } from 'hono/validator';
import { EVENT_PARTY_MAX } from '../../../src/lib/constants.ts';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { staffApi } from '../auth/guard.ts';
import { attendeeCells, attendeeCsvHeader, attendeesOf, checkIn, eventCounts, messageMails } from '../events/attendees.ts';
import { registrableEvent, type RegistrableEvent } from '../events/catalogue.ts';
import { csvLine, BOM } from '../inbox/csv.ts';
import { csvResponse, jsonBody } from '../inbox/http.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { LIMITS, hasForbiddenCharacters } from '../schemas.ts';
import type { Services } from '../services.ts';

const NO_EVENT = { message: 'That event takes no registrations here.' };
const NO_ATTENDEE = { message: 'That registration is no longer on the list.' };
const TOO_MANY = 'More people than the party registered.';

const checkInSchema = z.strictObject({ present: z.int().check(z.minimum(0), z.maximum(EVENT_PARTY_MAX)) });
const text = (max: number, multiLine: boolean) =>
  z.string().check(
    z.trim(),
    z.minLength(1, { error: MESSAGES.fieldRequired }),
    z.maxLength(max, { error: MESSAGES.fieldTooLong }),
    z.refine((value) => !hasForbiddenCharacters(value, multiLine), { error: MESSAGES.fieldCharacters }),
  );
const messageSchema = z.strictObject({ subject: text(LIMITS.subject, false), body: text(LIMITS.message, true) });

export function eventAttendeeRoutes(services: Services) {
  const db = services.db;
  const eventParam = validator('param', (param: Record<string, string>, c) => {
    const event = registrableEvent(param.event ?? '');
    return event ? { event } : c.json(NO_EVENT, 404);
  });
  const attendeeParam = validator('param', (param: Record<string, string>, c) => {
    const event = registrableEvent(param.event ?? '');
    return event ? { event, id: param.id ?? '' } : c.json(NO_EVENT, 404);
  });
  const routes = staffApi(services)
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ events: await eventCounts(db) });
    })
    .get('/:event', eventParam, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ attendees: await attendeesOf(db, (c.req.valid('param').event as RegistrableEvent).id) });
    })
    .get('/:event/export.csv', eventParam, async (c) => {
      const event = c.req.valid('param').event as RegistrableEvent;
      const lines = [BOM + csvLine(attendeeCsvHeader(event)), ...(await attendeesOf(db, event.id)).map((a) => csvLine(attendeeCells(event, a)))];
      const body = new Blob(lines).stream() as ReadableStream<Uint8Array>;
      return csvResponse(body, `${event.id}-registrations`);
    })
    .post('/:event/:id/check-in', attendeeParam, jsonBody(checkInSchema, 1024), async (c) => {
      const { event, id } = c.req.valid('param');
      const attendee = await checkIn(db, (event as RegistrableEvent).id, id, c.req.valid('json').present);
      if (attendee === 'too-many') return c.json({ message: TOO_MANY, issues: [{ path: 'present', message: TOO_MANY }] }, 400);
      return attendee ? c.json(attendee) : c.json(NO_ATTENDEE, 404);
    })
    .post('/:event/message', eventParam, jsonBody(messageSchema, 16 * 1024), async (c) => {
      const event = c.req.valid('param').event as RegistrableEvent;
      const { subject, body } = c.req.valid('json');
      const ids = await db.write(async (trx) => {
        const rows = await trx.selectFrom('event_registrations').select(['name', 'email', 'party', 'needs', 'answers', 'mail_lang']).where('event_id', '=', event.id).where('status', '=', 'confirmed').execute();
        return services.mailer.enqueue(trx, messageMails(event, rows, subject, body));
      });
      services.mailer.deliverLater(ids);
      return c.json({ sent: ids.length });
    });
  routes.all('/', methodNotAllowed('GET'));
  routes.all('/:event', methodNotAllowed('GET'));
  routes.all('/:event/export.csv', methodNotAllowed('GET'));
  routes.all('/:event/:id/check-in', methodNotAllowed('POST'));
  routes.all('/:event/message', methodNotAllowed('POST'));
  return routes;
}
