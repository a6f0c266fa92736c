/** POST /api/partnership-inquiry: a company's partnership inquiry (form-route.ts). */
import { message } from '../../../src/lib/i18n/catalogue.ts';
import { partnershipMails } from '../mail/templates.ts';
import { partnershipSchema, type PartnershipInput } from '../schemas.ts';
import type { Services } from '../services.ts';
import { formRoute } from './form-route.ts';

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
    message: (lang) => `${message(lang, 'partnershipSuccess')} ${message(lang, 'partnershipResponsePromise')}`,
  });
}
