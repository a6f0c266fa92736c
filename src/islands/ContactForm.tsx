/**
 * Contact form on /contact (spec 4 and 8): editing; submitting (inputs disabled, button reads
 * Sending...); success (the form is replaced by the thank-you message, fields cleared); error
 * (the server's message, else 'Failed to submit form' or, on a network failure, 'Something went
 * wrong. Please try again later.', above the form, which stays).
 */
import { useEffect, useRef } from 'react';
import { MESSAGES } from '../lib/messages.ts';
import { LIMITS, contactSchema } from '../../api/src/schemas.ts';
import { Alert, CheckIcon, Field, Honeypot, Spinner, useFormFlow, useHydrated } from './form-kit.tsx';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' };

export default function ContactForm({ idPrefix = 'contact' }: { idPrefix?: string }) {
  const hydrated = useHydrated();
  const alertRef = useRef<HTMLDivElement>(null);
  const flow = useFormFlow({
    schema: contactSchema,
    endpoint: '/api/contact',
    initial: EMPTY,
    failure: (result) => (result.kind === 'network' ? MESSAGES.contactNetwork : (result.message ?? MESSAGES.contactFailure)),
  });

  useEffect(() => {
    if (flow.status === 'success' || flow.status === 'error') alertRef.current?.querySelector<HTMLElement>('.form-alert')?.focus();
  }, [flow.status]);

  if (flow.status === 'success') {
    return (
      <div ref={alertRef} className="form-done">
        <Alert tone="success">
          <p className="form-done__message">
            <CheckIcon className="form-done__icon" />
            {MESSAGES.contactSuccess}
          </p>
        </Alert>
      </div>
    );
  }

  const busy = flow.status === 'submitting';
  const field = (name: keyof typeof EMPTY) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: flow.values[name],
    onValue: flow.setValue,
    error: flow.errors[name],
  });

  return (
    <div ref={alertRef}>
      {flow.status === 'error' ? <Alert tone="error">{flow.alert}</Alert> : null}
      <form
        className="sipa-form contact-form"
        method="post"
        action="/api/contact"
        aria-label="Contact form"
        noValidate={hydrated}
        onSubmit={flow.submit}
        aria-busy={busy}
        data-state={flow.status}
      >
        <Honeypot idPrefix={idPrefix} />
        <fieldset className="form-plain" disabled={busy}>
          <legend className="sipa-visually-hidden">Your message</legend>
          <div className="form-grid">
            <Field {...field('name')} label="Name" required autoComplete="name" maxLength={LIMITS.name} />
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
            <Field {...field('subject')} label="Subject" required maxLength={LIMITS.subject} />
            <Field
              {...field('message')}
              label="Message"
              required
              multiline
              rows={6}
              maxLength={LIMITS.message}
              className="form-grid__wide"
            />
          </div>
          <div className="form-actions">
            <button className="sipa-button form-submit" type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {busy ? 'Sending...' : 'Send Message'}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
