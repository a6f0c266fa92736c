/**
 * Volunteer application on /get-involved (spec 4 and 8): editing; submitting (button reads
 * Submitting...); success (a thank-you with a Submit Another Application button that returns
 * to an empty form); error (server message, else 'Failed to submit application' or 'An
 * unexpected error occurred. Please try again later.').
 */
import { useEffect, useRef } from 'react';
import {
  AVAILABILITY_LABELS,
  AVAILABILITY_SLOTS,
  VOLUNTEER_INTEREST_LABELS,
  VOLUNTEER_INTERESTS,
  VOLUNTEER_RESPONSE_PROMISE,
} from '../lib/constants.ts';
import { MESSAGES } from '../lib/messages.ts';
import { LIMITS, volunteerSchema } from '../../api/src/schemas.ts';
import { Alert, CheckboxGroup, CheckIcon, Field, Honeypot, Spinner, useFormFlow, useHydrated } from './form-kit.tsx';

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
type TextField = 'firstName' | 'lastName' | 'email' | 'phone' | 'skills' | 'message';

export default function VolunteerForm({ idPrefix = 'volunteer' }: { idPrefix?: string }) {
  const hydrated = useHydrated();
  const boxRef = useRef<HTMLDivElement>(null);
  const flow = useFormFlow({
    schema: volunteerSchema,
    endpoint: '/api/volunteer-application',
    initial: EMPTY,
    failure: (result) => (result.kind === 'network' ? MESSAGES.unexpected : (result.message ?? MESSAGES.volunteerFailure)),
  });

  useEffect(() => {
    if (flow.status === 'success' || flow.status === 'error') boxRef.current?.querySelector<HTMLElement>('.form-alert')?.focus();
  }, [flow.status]);

  if (flow.status === 'success') {
    return (
      <div ref={boxRef} className="form-done">
        <Alert tone="success">
          <p className="form-done__title">
            <CheckIcon className="form-done__icon" />
            {MESSAGES.volunteerSuccess}
          </p>
          <p className="form-done__detail">{VOLUNTEER_RESPONSE_PROMISE}</p>
        </Alert>
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
      </div>
    );
  }

  const busy = flow.status === 'submitting';
  const field = (name: TextField) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: flow.values[name],
    onValue: flow.setValue,
    error: flow.errors[name],
  });

  return (
    <div ref={boxRef}>
      {flow.status === 'error' ? <Alert tone="error">{flow.alert}</Alert> : null}
      <form
        className="sipa-form volunteer-form"
        method="post"
        action="/api/volunteer-application"
        aria-label="Volunteer application"
        noValidate={hydrated}
        onSubmit={flow.submit}
        aria-busy={busy}
        data-state={flow.status}
      >
        <Honeypot idPrefix={idPrefix} />
        <fieldset className="form-plain" disabled={busy}>
          <legend className="sipa-visually-hidden">Your application</legend>
          <div className="form-grid">
            <Field {...field('firstName')} label="First name" required autoComplete="given-name" maxLength={LIMITS.name} />
            <Field {...field('lastName')} label="Last name" required autoComplete="family-name" maxLength={LIMITS.name} />
            <Field
              {...field('email')}
              label="Email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              maxLength={LIMITS.email}
            />
            <Field {...field('phone')} label="Phone" optional type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
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
          <div className="form-actions">
            <button className="sipa-button form-submit" type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {busy ? 'Submitting...' : 'Submit Application'}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
