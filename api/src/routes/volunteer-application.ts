/** POST /api/volunteer-application: a volunteer's application (form-route.ts). */
import { VOLUNTEER_RESPONSE_PROMISE } from '../../../src/lib/constants.ts';
import { MESSAGES } from '../../../src/lib/messages.ts';
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
    message: `${MESSAGES.volunteerSuccess} ${VOLUNTEER_RESPONSE_PROMISE}`,
  });
}
