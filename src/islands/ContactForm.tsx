/**
 * Contact form on /contact (spec 4 and 8): editing; submitting (inputs disabled, button reads
 * Sending...); success (the form is replaced by the thank-you message, fields cleared); error
 * (the server's message, else 'Failed to submit form' or, on a network failure, 'Something went
 * wrong. Please try again later.', above the form, which stays).
 */
import { MESSAGES } from '../lib/messages.ts';
import { LIMITS, contactSchema } from '../../api/src/schemas.ts';
import { bindField, Field, FormDone, FormFrame, useAlertFocus, useFormFlow } from './form-kit.tsx';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' };

export default function ContactForm({ idPrefix = 'contact' }: { idPrefix?: string }) {
  const flow = useFormFlow({
    schema: contactSchema,
    endpoint: '/api/contact',
    initial: EMPTY,
    failure: (result) => (result.kind === 'network' ? MESSAGES.contactNetwork : (result.message ?? MESSAGES.contactFailure)),
  });
  const boxRef = useAlertFocus(flow.status);

  if (flow.status === 'success') return <FormDone boxRef={boxRef} message={MESSAGES.contactSuccess} />;

  const field = bindField(flow, idPrefix);

  return (
    <FormFrame
      boxRef={boxRef}
      formRef={flow.formRef}
      status={flow.status}
      alert={flow.alert}
      onSubmit={flow.submit}
      idPrefix={idPrefix}
      endpoint="/api/contact"
      label="Contact form"
      className="contact-form"
      legend="Your message"
      submitLabel="Send Message"
      busyLabel="Sending..."
    >
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
    </FormFrame>
  );
}
