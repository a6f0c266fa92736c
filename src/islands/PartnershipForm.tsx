/**
 * Partnership inquiry on /corporate (spec 4 and 8): editing; submitting; success (a thank-you,
 * no reset button); error (server message, else 'Failed to submit partnership inquiry' or 'An
 * unexpected error occurred. Please try again later.').
 */
import { PARTNERSHIP_INTERESTS, PARTNERSHIP_RESPONSE_PROMISE } from '../lib/constants.ts';
import { MESSAGES } from '../lib/messages.ts';
import { LIMITS, partnershipSchema } from '../../api/src/schemas.ts';
import { api } from '../lib/api-client.ts';
import { CheckboxGroup, EmailField, Field, PhoneField } from './form-kit/fields.tsx';
import { bindField, useAlertFocus, useFormFlow } from './form-kit/flow.ts';
import { FormDone, FormFrame } from './form-kit/frame.tsx';

const EMPTY = { companyName: '', contactName: '', email: '', phone: '', partnershipInterest: [] as string[], message: '' };

export default function PartnershipForm({ idPrefix = 'partner' }: { idPrefix?: string }) {
  const flow = useFormFlow({
    schema: partnershipSchema,
    endpoint: api['partnership-inquiry'],
    initial: EMPTY,
    failure: (result) => (result.kind === 'network' ? MESSAGES.unexpected : (result.message ?? MESSAGES.partnershipFailure)),
  });
  const boxRef = useAlertFocus(flow.status);

  if (flow.status === 'success') {
    return <FormDone boxRef={boxRef} message={MESSAGES.partnershipSuccess} detail={PARTNERSHIP_RESPONSE_PROMISE} />;
  }

  const field = bindField(flow, idPrefix);

  return (
    <FormFrame
      boxRef={boxRef}
      flow={flow}
      idPrefix={idPrefix}
      action={api['partnership-inquiry'].$path()}
      label="Partnership inquiry"
      className="partnership-form"
      legend="Your inquiry"
      submitLabel="Submit Inquiry"
      busyLabel="Submitting..."
    >
      <div className="form-grid">
        <Field {...field('companyName')} label="Company name" required autoComplete="organization" maxLength={LIMITS.company} />
        <Field {...field('contactName')} label="Contact name" required autoComplete="name" maxLength={LIMITS.name} />
        <EmailField {...field('email')} />
        <PhoneField {...field('phone')} />
      </div>
      <CheckboxGroup
        idPrefix={idPrefix}
        name="partnershipInterest"
        legend="Partnership interests"
        hint="Choose as many as you like."
        options={PARTNERSHIP_INTERESTS}
        selected={flow.values.partnershipInterest}
        onToggle={flow.toggle}
        error={flow.errors.partnershipInterest}
      />
      <Field
        {...field('message')}
        label="Message"
        optional
        multiline
        rows={5}
        maxLength={LIMITS.message}
        hint="Tell us about your company and what you have in mind."
      />
    </FormFrame>
  );
}
