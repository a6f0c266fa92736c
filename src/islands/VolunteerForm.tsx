/**
 * Volunteer application on /get-involved (spec 4 and 8): editing; submitting (button reads
 * Submitting...); success (a thank-you with a Submit Another Application button that returns
 * to an empty form); error (server message, else 'Failed to submit application' or 'An
 * unexpected error occurred. Please try again later.'). Its words come from the mount, in the
 * page's language (VOLUNTEER_FORM_TEXTS).
 */
import { AVAILABILITY_SLOTS, VOLUNTEER_INTERESTS } from '../lib/constants.ts';
import { LIMITS, volunteerSchema } from '../../api/src/schemas.ts';
import { api } from '../lib/api-client.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { CheckboxGroup, EmailField, Field, PhoneField } from './form-kit/fields.tsx';
import { bindField, useAlertFocus, useFormFlow } from './form-kit/flow.ts';
import { FormDone, FormFrame } from './form-kit/frame.tsx';
import { FORM_KIT_TEXTS, type Texts, textsIn } from './form-kit/texts.ts';

/** The catalogue key of each interest's and each time slot's label. */
const INTEREST_TEXTS = {
  languagePartner: 'volunteerInterestLanguagePartner',
  eventVolunteer: 'volunteerInterestEventVolunteer',
  mentor: 'volunteerInterestMentor',
  skillsBased: 'volunteerInterestSkillsBased',
  administrative: 'volunteerInterestAdministrative',
  fundraising: 'volunteerInterestFundraising',
} as const satisfies Record<(typeof VOLUNTEER_INTERESTS)[number], string>;
const AVAILABILITY_TEXTS = {
  weekdayMornings: 'availabilityWeekdayMornings',
  weekdayAfternoons: 'availabilityWeekdayAfternoons',
  weekdayEvenings: 'availabilityWeekdayEvenings',
  weekendMornings: 'availabilityWeekendMornings',
  weekendAfternoons: 'availabilityWeekendAfternoons',
  weekendEvenings: 'availabilityWeekendEvenings',
} as const satisfies Record<(typeof AVAILABILITY_SLOTS)[number], string>;

export const VOLUNTEER_FORM_TEXTS = [
  ...FORM_KIT_TEXTS,
  'unexpected',
  'volunteerFailure',
  'volunteerSuccess',
  'volunteerResponsePromise',
  'volunteerAnother',
  'volunteerFormLabel',
  'volunteerLegend',
  'volunteerSubmit',
  'formSubmitting',
  'volunteerFirstName',
  'volunteerLastName',
  'formEmail',
  'formPhone',
  'volunteerInterestsLegend',
  'formChooseMany',
  'volunteerAvailabilityLegend',
  'volunteerSkills',
  'volunteerSkillsHint',
  'formMessage',
  ...Object.values(INTEREST_TEXTS),
  ...Object.values(AVAILABILITY_TEXTS),
] as const;

type VolunteerTexts = Texts<(typeof VOLUNTEER_FORM_TEXTS)[number]>;

export interface VolunteerFormProps {
  idPrefix?: string;
  lang: Lang;
}

const labelsOf = <V extends string, K extends keyof VolunteerTexts>(keys: Readonly<Record<V, K>>, t: VolunteerTexts) =>
  Object.fromEntries(Object.entries(keys).map(([value, key]) => [value, t[key as K]])) as Record<V, string>;

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  interests: [] as string[],
  availability: [] as string[],
  skills: '',
  message: '',
};

export default function VolunteerForm({ idPrefix = 'volunteer', lang }: VolunteerFormProps) {
  const t = textsIn(lang, VOLUNTEER_FORM_TEXTS);
  const flow = useFormFlow({
    schema: volunteerSchema,
    endpoint: api['volunteer-application'],
    initial: EMPTY,
    lang,
    texts: t,
    failure: (result) => ('network' in result ? t.unexpected : (result.message ?? t.volunteerFailure)),
  });
  const boxRef = useAlertFocus(flow.status);

  if (flow.status === 'success') {
    return (
      <FormDone boxRef={boxRef} message={t.volunteerSuccess} detail={t.volunteerResponsePromise}>
        <button
          className="sipa-button sipa-button--secondary"
          type="button"
          onClick={() => {
            flow.reset();
            requestAnimationFrame(() => document.getElementById(`${idPrefix}-firstName`)?.focus());
          }}
        >
          {t.volunteerAnother}
        </button>
      </FormDone>
    );
  }

  const field = bindField(flow, idPrefix);

  return (
    <FormFrame
      boxRef={boxRef}
      flow={flow}
      idPrefix={idPrefix}
      action={api['volunteer-application'].$path()}
      label={t.volunteerFormLabel}
      className="volunteer-form"
      legend={t.volunteerLegend}
      submitLabel={t.volunteerSubmit}
      busyLabel={t.formSubmitting}
      lang={lang}
      texts={t}
    >
      <div className="form-grid">
        <Field {...field('firstName')} label={t.volunteerFirstName} required autoComplete="given-name" maxLength={LIMITS.name} />
        <Field {...field('lastName')} label={t.volunteerLastName} required autoComplete="family-name" maxLength={LIMITS.name} />
        <EmailField {...field('email')} label={t.formEmail} />
        <PhoneField {...field('phone')} label={t.formPhone} />
      </div>
      <CheckboxGroup
        idPrefix={idPrefix}
        name="interests"
        legend={t.volunteerInterestsLegend}
        hint={t.formChooseMany}
        options={VOLUNTEER_INTERESTS}
        labels={labelsOf(INTEREST_TEXTS, t)}
        selected={flow.values.interests}
        onToggle={flow.toggle}
        error={flow.errors.interests}
      />
      <CheckboxGroup
        idPrefix={idPrefix}
        name="availability"
        legend={t.volunteerAvailabilityLegend}
        options={AVAILABILITY_SLOTS}
        labels={labelsOf(AVAILABILITY_TEXTS, t)}
        selected={flow.values.availability}
        onToggle={flow.toggle}
        error={flow.errors.availability}
      />
      <div className="form-grid">
        <Field
          {...field('skills')}
          label={t.volunteerSkills}
          optional
          multiline
          rows={3}
          maxLength={LIMITS.skills}
          hint={t.volunteerSkillsHint}
          className="form-grid__wide"
        />
        <Field
          {...field('message')}
          label={t.formMessage}
          optional
          multiline
          rows={4}
          maxLength={LIMITS.message}
          className="form-grid__wide"
        />
      </div>
    </FormFrame>
  );
}
