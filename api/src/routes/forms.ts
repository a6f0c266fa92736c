/**
 * POST /api/contact, /api/volunteer-application and /api/partnership-inquiry: one sub-app each,
 * built from the same steps: rate limit, read and validate, store the row and queue the staff
 * notice and the sender's acknowledgement in one transaction, answer, then try the mail.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type * as z from 'zod/mini';
import { PARTNERSHIP_RESPONSE_PROMISE, VOLUNTEER_RESPONSE_PROMISE } from '../../../src/lib/constants.ts';
import { MESSAGES } from '../../../src/lib/messages.ts';
import type { Database } from '../db/index.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { contactMails, partnershipMails, volunteerMails } from '../mail/templates.ts';
import { rateLimit } from '../rate-limit.ts';
import { contactSchema, partnershipSchema, volunteerSchema, type ContactInput, type PartnershipInput, type VolunteerInput } from '../schemas.ts';
import type { Services } from '../services.ts';
import { readSubmission, succeed, type FormName } from '../submission.ts';

interface FormRoute<S extends z.ZodMiniType, T extends keyof Database> {
  form: FormName;
  schema: S;
  table: T;
  row: (input: z.output<S>, id: string, now: string) => Database[T];
  mails: (input: z.output<S>, staff: string) => OutgoingMail[];
  message: string;
}

function formRoute<S extends z.ZodMiniType, T extends keyof Database>(services: Services, route: FormRoute<S, T>) {
  return new Hono().post('/', rateLimit(services, route.form), async (c) => {
    const parsed = await readSubmission(c, route.form, route.schema, services.config.bodyLimitBytes);
    if (!parsed.ok) return parsed.response;
    if (parsed.honeypot) return succeed(c, route.form, parsed.isForm, route.message, 201);
    const now = new Date().toISOString();
    const ids = await services.db.write(async (trx) => {
      await trx
        .insertInto(route.table)
        .values(route.row(parsed.data, randomUUID(), now) as never)
        .execute();
      return services.mailer.enqueue(trx, route.mails(parsed.data, services.config.staffMailbox));
    });
    services.mailer.deliverLater(ids);
    return succeed(c, route.form, parsed.isForm, route.message, 201);
  });
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
