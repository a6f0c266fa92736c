/**
 * POST /api/contact, /api/volunteer-application and /api/partnership-inquiry: one sub-app each,
 * built from the same steps: rate limit (a read), read and validate, store the row, count it
 * and queue the staff notice and the sender's acknowledgement (at most one an hour per address)
 * in one transaction, answer, then try the mail.
 */
import { newId } from '../db/ids.ts';
import { Hono } from 'hono';
import type * as z from 'zod/mini';
import { PARTNERSHIP_RESPONSE_PROMISE, VOLUNTEER_RESPONSE_PROMISE } from '../../../src/lib/constants.ts';
import { MESSAGES } from '../../../src/lib/messages.ts';
import type { Database } from '../db/index.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { contactMails, partnershipMails, volunteerMails } from '../mail/templates.ts';
import { ACK_COOLDOWN_SECONDS, claimCooldown } from '../mail/cooldown.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { rateLimit } from '../rate-limit.ts';
import { contactSchema, partnershipSchema, volunteerSchema, type ContactInput, type PartnershipInput, type VolunteerInput } from '../schemas.ts';
import type { Services } from '../services.ts';
import { readSubmission, succeed, type FormName } from '../submission.ts';

interface FormRoute<S extends z.ZodMiniType, T extends keyof Database> {
  form: FormName;
  schema: S;
  table: T;
  row: (input: z.output<S>, id: string, now: string) => Database[T];
  /** The staff notice, then the sender's acknowledgement. */
  mails: (input: z.output<S>, staff: string) => [OutgoingMail, OutgoingMail];
  message: string;
}

function formRoute<S extends z.ZodMiniType, T extends keyof Database>(services: Services, route: FormRoute<S, T>) {
  const limit = rateLimit(services, route.form);
  return new Hono()
    .post('/', async (c) => {
      const refused = await limit.refuse(c);
      if (refused) return refused;
      const parsed = await readSubmission(c, route.form, route.schema, services.config.bodyLimitBytes);
      if (!parsed.ok) return parsed.response;
      if (parsed.honeypot) return succeed(c, route.form, parsed.isForm, route.message, 201);
      const now = new Date().toISOString();
      const ids = await services.db.write(async (trx) => {
        await trx
          .insertInto(route.table)
          .values(route.row(parsed.data, newId(), now) as never)
          .execute();
        await limit.count(trx, c);
        const [notice, acknowledgement] = route.mails(parsed.data, services.config.staffMailbox);
        // Staff hear of every submission; the sender's address gets one acknowledgement an hour
        // per form, so nobody can aim a stream of our mail at someone else's inbox.
        const mails = [notice!];
        if (await claimCooldown(trx, `${acknowledgement!.kind}:${acknowledgement!.to}`, ACK_COOLDOWN_SECONDS)) mails.push(acknowledgement!);
        return services.mailer.enqueue(trx, mails);
      });
      services.mailer.deliverLater(ids);
      return succeed(c, route.form, parsed.isForm, route.message, 201);
    })
    .all('/', methodNotAllowed('POST'));
}

export function contactRoutes(services: Services) {
  return formRoute(services, {
    form: 'contact',
    schema: contactSchema,
    table: 'contact_messages',
    row: (input: ContactInput, id, now) => ({
      id,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      created_at: now,
    }),
    mails: contactMails,
    message: MESSAGES.contactSuccess,
  });
}

export function volunteerRoutes(services: Services) {
  return formRoute(services, {
    form: 'volunteer',
    schema: volunteerSchema,
    table: 'volunteer_applications',
    row: (input: VolunteerInput, id, now) => ({
      id,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      interests: JSON.stringify(input.interests),
      availability: JSON.stringify(input.availability),
      skills: input.skills ?? null,
      message: input.message ?? null,
      created_at: now,
    }),
    mails: volunteerMails,
    message: `${MESSAGES.volunteerSuccess} ${VOLUNTEER_RESPONSE_PROMISE}`,
  });
}

export function partnershipRoutes(services: Services) {
  return formRoute(services, {
    form: 'partnership',
    schema: partnershipSchema,
    table: 'partnership_inquiries',
    row: (input: PartnershipInput, id, now) => ({
      id,
      company_name: input.companyName,
      contact_name: input.contactName,
      email: input.email,
      phone: input.phone ?? null,
      partnership_interest: JSON.stringify(input.partnershipInterest),
      message: input.message ?? null,
      created_at: now,
    }),
    mails: partnershipMails,
    message: `${MESSAGES.partnershipSuccess} ${PARTNERSHIP_RESPONSE_PROMISE}`,
  });
}
