/**
 * Contact form on /contact (spec 4 and 8): editing; submitting (inputs disabled, button reads
 * Sending...); success (the form is replaced by the thank-you message, fields cleared); error
 * (the server's message, else 'Failed to submit form' or, on a network failure, 'Something went
 * wrong. Please try again later.', above the form, which stays).
 */
import { CONTACT_RESPONSE_PROMISE } from '../lib/constants.ts';
import { MESSAGES } from '../lib/messages.ts';
import { LIMITS, contactSchema } from '../../api/src/schemas.ts';
import { useEffect } from 'react';
import { api } from '../lib/api-client.ts';
import { EmailField, Field, PhoneField } from './form-kit/fields.tsx';
import { bindField, useAlertFocus, useFormFlow } from './form-kit/flow.ts';
import { FormDone, FormFrame } from './form-kit/frame.tsx';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' };

export default function ContactForm({ idPrefix = 'contact' }: { idPrefix?: string }) {
  const flow = useFormFlow({
    schema: contactSchema,
    endpoint: api.contact,
    initial: EMPTY,
    failure: (result) => (result.kind === 'network' ? MESSAGES.contactNetwork : (result.message ?? MESSAGES.contactFailure)),
  });
  const boxRef = useAlertFocus(flow.status);
  const { setValue } = flow;

  // "Register now" on an event opens /contact?subject=Registration: {event}; an empty subject
  // takes it, one the visitor already typed is kept.
  useEffect(() => {
    const subject = new URLSearchParams(window.location.search).get('subject')?.trim().slice(0, LIMITS.subject);
    const field = document.getElementById(`${idPrefix}-subject`) as HTMLInputElement | null;
    if (subject && field && !field.value) setValue('subject', subject);
    // Once, at hydration.
  }, []);

  if (flow.status === 'success') return <FormDone boxRef={boxRef} message={MESSAGES.contactSuccess} detail={CONTACT_RESPONSE_PROMISE} />;

  const field = bindField(flow, idPrefix);

  return (
    <FormFrame
      boxRef={boxRef}
      flow={flow}
      idPrefix={idPrefix}
      action={api.contact.$path()}
      label="Contact form"
      className="contact-form"
      legend="Your message"
      submitLabel="Send Message"
      busyLabel="Sending..."
    >
      <div className="form-grid">
        <Field {...field('name')} label="Name" required autoComplete="name" maxLength={LIMITS.name} />
        <EmailField {...field('email')} />
        <PhoneField {...field('phone')} />
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
    </FormFrame>
  );
}
