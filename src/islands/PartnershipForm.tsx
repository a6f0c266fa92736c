/**
 * Partnership inquiry on /corporate (spec 4 and 8): editing; submitting; success (a thank-you,
 * no reset button); error (server message, else 'Failed to submit partnership inquiry' or 'An
 * unexpected error occurred. Please try again later.'). Its words come from the mount, in the
 * page's language (PARTNERSHIP_FORM_TEXTS); the interests are sent as the spec's English values.
 */
import { PARTNERSHIP_INTERESTS } from '../lib/constants.ts';
import { LIMITS, partnershipSchema } from '../../api/src/schemas.ts';
import { api } from '../lib/api-client.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { CheckboxGroup, EmailField, Field, PhoneField } from './form-kit/fields.tsx';
import { bindField, useAlertFocus, useFormFlow } from './form-kit/flow.ts';
import { FormDone, FormFrame } from './form-kit/frame.tsx';
import { FORM_KIT_TEXTS, textsIn } from './form-kit/texts.ts';

/** The catalogue key of each interest's label. */
const INTEREST_TEXTS = {
  'Financial Sponsorship': 'partnershipInterestFinancialSponsorship',
  'Employee Volunteering': 'partnershipInterestEmployeeVolunteering',
  'Matching Gift Program': 'partnershipInterestMatchingGiftProgram',
  'In-Kind Donations': 'partnershipInterestInKindDonations',
  'Event Sponsorship': 'partnershipInterestEventSponsorship',
  Other: 'partnershipInterestOther',
} as const satisfies Record<(typeof PARTNERSHIP_INTERESTS)[number], string>;

export const PARTNERSHIP_FORM_TEXTS = [
  ...FORM_KIT_TEXTS,
  'unexpected',
  'partnershipFailure',
  'partnershipSuccess',
  'partnershipResponsePromise',
  'partnershipFormLabel',
  'partnershipLegend',
  'partnershipSubmit',
  'formSubmitting',
  'partnershipCompanyName',
  'partnershipContactName',
  'formEmail',
  'formPhone',
  'partnershipInterestsLegend',
  'formChooseMany',
  'formMessage',
  'partnershipMessageHint',
  ...Object.values(INTEREST_TEXTS),
] as const;


export interface PartnershipFormProps {
  idPrefix?: string;
  lang: Lang;
}

const EMPTY = { companyName: '', contactName: '', email: '', phone: '', partnershipInterest: [] as string[], message: '' };

export default function PartnershipForm({ idPrefix = 'partner', lang }: PartnershipFormProps) {
  const t = textsIn(lang, PARTNERSHIP_FORM_TEXTS);
  const flow = useFormFlow({
    schema: partnershipSchema,
    endpoint: api['partnership-inquiry'],
    initial: EMPTY,
    lang,
    texts: t,
    failure: (result) => ('network' in result ? t.unexpected : (result.message ?? t.partnershipFailure)),
  });
  const boxRef = useAlertFocus(flow.status);

  if (flow.status === 'success') {
    return <FormDone boxRef={boxRef} message={t.partnershipSuccess} detail={t.partnershipResponsePromise} />;
  }

  const field = bindField(flow, idPrefix);

  return (
    <FormFrame
      boxRef={boxRef}
      flow={flow}
      idPrefix={idPrefix}
      action={api['partnership-inquiry'].$path()}
      label={t.partnershipFormLabel}
      className="partnership-form"
      legend={t.partnershipLegend}
      submitLabel={t.partnershipSubmit}
      busyLabel={t.formSubmitting}
      lang={lang}
      texts={t}
    >
      <div className="form-grid">
        <Field {...field('companyName')} label={t.partnershipCompanyName} required autoComplete="organization" maxLength={LIMITS.company} />
        <Field {...field('contactName')} label={t.partnershipContactName} required autoComplete="name" maxLength={LIMITS.name} />
        <EmailField {...field('email')} label={t.formEmail} />
        <PhoneField {...field('phone')} label={t.formPhone} />
      </div>
      <CheckboxGroup
        idPrefix={idPrefix}
        name="partnershipInterest"
        legend={t.partnershipInterestsLegend}
        hint={t.formChooseMany}
        options={PARTNERSHIP_INTERESTS}
        labels={Object.fromEntries(PARTNERSHIP_INTERESTS.map((value) => [value, t[INTEREST_TEXTS[value]]])) as Record<(typeof PARTNERSHIP_INTERESTS)[number], string>}
        selected={flow.values.partnershipInterest}
        onToggle={flow.toggle}
        error={flow.errors.partnershipInterest}
      />
      <Field
        {...field('message')}
        label={t.formMessage}
        optional
        multiline
        rows={5}
        maxLength={LIMITS.message}
        hint={t.partnershipMessageHint}
      />
    </FormFrame>
  );
}
