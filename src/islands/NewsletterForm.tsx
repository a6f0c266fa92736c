/**
 * Newsletter signup (spec 4): idle -> submitting (button disabled, spinner) -> success (button
 * reads 'Thank You!', the email is cleared, a success icon shows, all reset after 5 s) or error
 * ('Oops! Something went wrong. Please try again later.', also logged).
 */
import { useEffect } from 'react';
import { NEWSLETTER_SUCCESS_RESET_MS } from '../lib/constants.ts';
import { newsletterSchema } from '../../api/src/schemas.ts';
import { WayForward } from './way-forward.tsx';
import { api } from '../lib/api-client.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { Honeypot } from './form-kit/fields.tsx';
import { useFormFlow } from './form-kit/flow.ts';
import { Alert, CheckIcon, LangField, Spinner } from './form-kit/frame.tsx';
import { useHydrated } from './form-kit/hydration.ts';
import { FORM_KIT_TEXTS, FormKitWords, textsIn } from './form-kit/texts.ts';

export const NEWSLETTER_FORM_TEXTS = [
  ...FORM_KIT_TEXTS,
  'newsletterFailure',
  'newsletterThankYou',
  'newsletterCheckInbox',
  'newsletterHeading',
  'newsletterEmailLabel',
  'newsletterSubscribe',
] as const;

export interface NewsletterFormProps {
  variant?: 'section' | 'sidebar' | 'inline';
  /** The form's accessible name; the catalogue's 'Subscribe to our newsletter' by default. */
  heading?: string;
  idPrefix?: string;
  lang: Lang;
}

export default function NewsletterForm({ variant = 'inline', heading, idPrefix = 'newsletter', lang }: NewsletterFormProps) {
  const t = textsIn(lang, NEWSLETTER_FORM_TEXTS);
  const hydrated = useHydrated();
  const flow = useFormFlow({
    schema: newsletterSchema,
    endpoint: api['newsletter-signup'],
    initial: { email: '' },
    lang,
    texts: t,
    failure: (result) => {
      console.error('Newsletter signup failed', 'network' in result ? 'network error' : `HTTP ${result.status}`);
      return t.newsletterFailure;
    },
  });
  const { status, setStatus } = flow;

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => setStatus('editing'), NEWSLETTER_SUCCESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [status, setStatus]);

  const inputId = `${idPrefix}-email`;
  const error = flow.errors.email;
  const describedBy = [error ? `${inputId}-error` : '', `${idPrefix}-status`].filter(Boolean).join(' ');
  const submitting = status === 'submitting';
  const success = status === 'success';

  return (
    <FormKitWords.Provider value={t}>
    <form
      ref={flow.formRef}
      className={`newsletter-form newsletter-form--${variant}`}
      method="post"
      action={api['newsletter-signup'].$path()}
      aria-label={heading ?? t.newsletterHeading}
      noValidate={hydrated}
      onSubmit={flow.submit}
      data-state={status}
    >
      <Honeypot idPrefix={idPrefix} />
      <LangField lang={lang} />
      <div className="newsletter-form__row">
        <div className="sipa-field newsletter-form__field">
          <label htmlFor={inputId}>{t.newsletterEmailLabel}</label>
          <input
            id={inputId}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            value={flow.values.email}
            onChange={(event) => flow.setValue('email', event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          {error ? (
            <p className="sipa-field-error newsletter-form__error" id={`${inputId}-error`}>
              {error}
            </p>
          ) : null}
        </div>
        <button className={`sipa-button newsletter-form__button${success ? ' is-success' : ''}`} type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {success ? <CheckIcon className="newsletter-form__icon" /> : null}
          <span>{success ? t.newsletterThankYou : t.newsletterSubscribe}</span>
        </button>
      </div>
      <div id={`${idPrefix}-status`} className="newsletter-form__status" aria-live="polite">
        {success ? (
          <p className="newsletter-form__note">
            <CheckIcon className="newsletter-form__note-icon" />
            {flow.successMessage ?? t.newsletterCheckInbox}
          </p>
        ) : null}
      </div>
      {status === 'error' ? (
        <Alert tone="error">
          <p>{flow.alert}</p>
          <WayForward />
        </Alert>
      ) : null}
    </form>
    </FormKitWords.Provider>
  );
}
