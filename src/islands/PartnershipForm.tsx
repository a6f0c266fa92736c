/**
 * Partnership inquiry on /corporate (spec 4 and 8): editing; submitting; success (a thank-you,
 * no reset button); error (server message, else 'Failed to submit partnership inquiry' or 'An
 * unexpected error occurred. Please try again later.').
 */
import { useEffect, useRef } from 'react';
import { PARTNERSHIP_INTERESTS, PARTNERSHIP_RESPONSE_PROMISE } from '../lib/constants.ts';
import { MESSAGES } from '../lib/messages.ts';
import { LIMITS, partnershipSchema } from '../../api/src/schemas.ts';
import { Alert, CheckboxGroup, CheckIcon, Field, Honeypot, Spinner, useFormFlow, useHydrated } from './form-kit.tsx';

const EMPTY = { companyName: '', contactName: '', email: '', phone: '', partnershipInterest: [] as string[], message: '' };
type TextField = 'companyName' | 'contactName' | 'email' | 'phone' | 'message';

export default function PartnershipForm({ idPrefix = 'partner' }: { idPrefix?: string }) {
  const hydrated = useHydrated();
  const boxRef = useRef<HTMLDivElement>(null);
  const flow = useFormFlow({
    schema: partnershipSchema,
    endpoint: '/api/partnership-inquiry',
    initial: EMPTY,
    failure: (result) => (result.kind === 'network' ? MESSAGES.unexpected : (result.message ?? MESSAGES.partnershipFailure)),
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
            {MESSAGES.partnershipSuccess}
          </p>
          <p className="form-done__detail">{PARTNERSHIP_RESPONSE_PROMISE}</p>
        </Alert>
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
        className="sipa-form partnership-form"
        method="post"
        action="/api/partnership-inquiry"
        aria-label="Partnership inquiry"
        noValidate={hydrated}
        onSubmit={flow.submit}
        aria-busy={busy}
        data-state={flow.status}
      >
        <Honeypot idPrefix={idPrefix} />
        <fieldset className="form-plain" disabled={busy}>
          <legend className="sipa-visually-hidden">Your inquiry</legend>
          <div className="form-grid">
            <Field {...field('companyName')} label="Company name" required autoComplete="organization" maxLength={LIMITS.company} />
            <Field {...field('contactName')} label="Contact name" required autoComplete="name" maxLength={LIMITS.name} />
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
          <div className="form-actions">
            <button className="sipa-button form-submit" type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {busy ? 'Submitting...' : 'Submit Inquiry'}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
