/**
 * Newsletter signup (spec 4): idle -> submitting (button disabled, spinner) -> success (button
 * reads 'Thank You!', the email is cleared, a success icon shows, all reset after 5 s) or error
 * ('Oops! Something went wrong. Please try again later.', also logged).
 */
import { useEffect } from 'react';
import { NEWSLETTER_SUCCESS_RESET_MS } from '../lib/constants.ts';
import { MESSAGES } from '../lib/messages.ts';
import { newsletterSchema } from '../../api/src/schemas.ts';
import { WayForward } from './way-forward.tsx';
import { api } from '../lib/api-client.ts';
import { Honeypot } from './form-kit/fields.tsx';
import { useFormFlow } from './form-kit/flow.ts';
import { Alert, CheckIcon, Spinner } from './form-kit/frame.tsx';
import { useHydrated } from './form-kit/hydration.ts';

export interface NewsletterFormProps {
  variant?: 'section' | 'sidebar' | 'inline';
  heading?: string;
  idPrefix?: string;
}

export default function NewsletterForm({
  variant = 'inline',
  heading = 'Subscribe to our newsletter',
  idPrefix = 'newsletter',
}: NewsletterFormProps) {
  const hydrated = useHydrated();
  const flow = useFormFlow({
    schema: newsletterSchema,
    endpoint: api['newsletter-signup'],
    initial: { email: '' },
    failure: (result) => {
      console.error('Newsletter signup failed', result.kind === 'network' ? 'network error' : `HTTP ${result.status}`);
      return MESSAGES.newsletterFailure;
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
    <form
      ref={flow.formRef}
      className={`newsletter-form newsletter-form--${variant}`}
      method="post"
      action={api['newsletter-signup'].$path()}
      aria-label={heading}
      noValidate={hydrated}
      onSubmit={flow.submit}
      data-state={status}
    >
      <Honeypot idPrefix={idPrefix} />
      <div className="newsletter-form__row">
        <div className="sipa-field newsletter-form__field">
          <label htmlFor={inputId}>Email address</label>
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
          <span>{success ? MESSAGES.newsletterThankYou : 'Subscribe'}</span>
        </button>
      </div>
      <div id={`${idPrefix}-status`} className="newsletter-form__status" aria-live="polite">
        {success ? (
          <p className="newsletter-form__note">
            <CheckIcon className="newsletter-form__note-icon" />
            {flow.successMessage ?? MESSAGES.newsletterCheckInbox}
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
  );
}
