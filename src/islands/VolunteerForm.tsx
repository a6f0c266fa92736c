/**
 * Volunteer application on /get-involved (spec 4 and 8): editing; submitting (button reads
 * Submitting...); success (a thank-you with a Submit Another Application button that returns
 * to an empty form); error (server message, else 'Failed to submit application' or 'An
 * unexpected error occurred. Please try again later.').
 */
import {
  AVAILABILITY_LABELS,
  AVAILABILITY_SLOTS,
  VOLUNTEER_INTEREST_LABELS,
  VOLUNTEER_INTERESTS,
  VOLUNTEER_RESPONSE_PROMISE,
} from '../lib/constants.ts';
import { MESSAGES } from '../lib/messages.ts';
import { LIMITS, volunteerSchema } from '../../api/src/schemas.ts';
import { api } from '../lib/api-client.ts';
import { CheckboxGroup, EmailField, Field, PhoneField } from './form-kit/fields.tsx';
import { bindField, useAlertFocus, useFormFlow } from './form-kit/flow.ts';
import { FormDone, FormFrame } from './form-kit/frame.tsx';

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

export default function VolunteerForm({ idPrefix = 'volunteer' }: { idPrefix?: string }) {
  const flow = useFormFlow({
    schema: volunteerSchema,
    endpoint: api['volunteer-application'],
    initial: EMPTY,
    failure: (result) => (result.kind === 'network' ? MESSAGES.unexpected : (result.message ?? MESSAGES.volunteerFailure)),
  });
  const boxRef = useAlertFocus(flow.status);

  if (flow.status === 'success') {
    return (
      <FormDone boxRef={boxRef} message={MESSAGES.volunteerSuccess} detail={VOLUNTEER_RESPONSE_PROMISE}>
        <button
          className="sipa-button sipa-button--secondary"
          type="button"
          onClick={() => {
            flow.reset();
            requestAnimationFrame(() => document.getElementById(`${idPrefix}-firstName`)?.focus());
          }}
        >
          Submit Another Application
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
      label="Volunteer application"
      className="volunteer-form"
      legend="Your application"
      submitLabel="Submit Application"
      busyLabel="Submitting..."
    >
      <div className="form-grid">
        <Field {...field('firstName')} label="First name" required autoComplete="given-name" maxLength={LIMITS.name} />
        <Field {...field('lastName')} label="Last name" required autoComplete="family-name" maxLength={LIMITS.name} />
        <EmailField {...field('email')} />
        <PhoneField {...field('phone')} />
      </div>
      <CheckboxGroup
        idPrefix={idPrefix}
        name="interests"
        legend="How would you like to help?"
        hint="Choose as many as you like."
        options={VOLUNTEER_INTERESTS}
        labels={VOLUNTEER_INTEREST_LABELS}
        selected={flow.values.interests}
        onToggle={flow.toggle}
        error={flow.errors.interests}
      />
      <CheckboxGroup
        idPrefix={idPrefix}
        name="availability"
        legend="When are you available?"
        options={AVAILABILITY_SLOTS}
        labels={AVAILABILITY_LABELS}
        selected={flow.values.availability}
        onToggle={flow.toggle}
        error={flow.errors.availability}
      />
      <div className="form-grid">
        <Field
          {...field('skills')}
          label="Skills and experience"
          optional
          multiline
          rows={3}
          maxLength={LIMITS.skills}
          hint="Languages you speak, professional skills, anything you would like to share."
          className="form-grid__wide"
        />
        <Field
          {...field('message')}
          label="Message"
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
