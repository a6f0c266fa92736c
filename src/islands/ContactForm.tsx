/**
 * Contact form on /contact (spec 4 and 8): editing; submitting (inputs disabled, button reads
 * Sending...); success (the form is replaced by the thank-you message, fields cleared); error
 * (the server's message, else 'Failed to submit form' or, on a network failure, 'Something went
 * wrong. Please try again later.', above the form, which stays). Its words come from the mount,
 * in the page's language (CONTACT_FORM_TEXTS).
 */
import { LIMITS, contactSchema } from '../../api/src/schemas.ts';
import { useEffect } from 'react';
import { api } from '../lib/api-client.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { EmailField, Field, PhoneField } from './form-kit/fields.tsx';
import { bindField, useAlertFocus, useFormFlow } from './form-kit/flow.ts';
import { FormDone, FormFrame } from './form-kit/frame.tsx';
import { FORM_KIT_TEXTS, textsIn } from './form-kit/texts.ts';

export const CONTACT_FORM_TEXTS = [
  ...FORM_KIT_TEXTS,
  'contactNetwork',
  'contactFailure',
  'contactSuccess',
  'contactResponsePromise',
  'contactFormLabel',
  'contactLegend',
  'contactSubmit',
  'contactSending',
  'formName',
  'formEmail',
  'formPhone',
  'formSubject',
  'formMessage',
] as const;

export interface ContactFormProps {
  idPrefix?: string;
  lang: Lang;
}

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' };

export default function ContactForm({ idPrefix = 'contact', lang }: ContactFormProps) {
  const t = textsIn(lang, CONTACT_FORM_TEXTS);
  const flow = useFormFlow({
    schema: contactSchema,
    endpoint: api.contact,
    initial: EMPTY,
    lang,
    texts: t,
    failure: (result) => ('network' in result ? t.contactNetwork : (result.message ?? t.contactFailure)),
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

  if (flow.status === 'success') return <FormDone boxRef={boxRef} message={t.contactSuccess} detail={t.contactResponsePromise} />;

  const field = bindField(flow, idPrefix);

  return (
    <FormFrame
      boxRef={boxRef}
      flow={flow}
      idPrefix={idPrefix}
      action={api.contact.$path()}
      label={t.contactFormLabel}
      className="contact-form"
      legend={t.contactLegend}
      submitLabel={t.contactSubmit}
      busyLabel={t.contactSending}
      lang={lang}
      texts={t}
    >
      <div className="form-grid">
        <Field {...field('name')} label={t.formName} required autoComplete="name" maxLength={LIMITS.name} />
        <EmailField {...field('email')} label={t.formEmail} />
        <PhoneField {...field('phone')} label={t.formPhone} />
        <Field {...field('subject')} label={t.formSubject} required maxLength={LIMITS.subject} />
        <Field
          {...field('message')}
          label={t.formMessage}
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
