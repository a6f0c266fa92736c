/** POST /api/contact: a message to the staff mailbox (form-route.ts). */
import { message } from '../../../src/lib/i18n/catalogue.ts';
import { contactMails } from '../mail/templates.ts';
import { contactSchema, type ContactInput } from '../schemas.ts';
import type { Services } from '../services.ts';
import { formRoute } from './form-route.ts';

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
    message: (lang) => message(lang, 'contactSuccess'),
  });
}
