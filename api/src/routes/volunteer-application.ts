/** POST /api/volunteer-application: a volunteer's application (form-route.ts). */
import { message } from '../../../src/lib/i18n/catalogue.ts';
import { volunteerMails } from '../mail/templates.ts';
import { volunteerSchema, type VolunteerInput } from '../schemas.ts';
import type { Services } from '../services.ts';
import { formRoute } from './form-route.ts';

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
    message: (lang) => `${message(lang, 'volunteerSuccess')} ${message(lang, 'volunteerResponsePromise')}`,
  });
}
