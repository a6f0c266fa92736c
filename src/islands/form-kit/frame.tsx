/** What frames a form: the alerts, the success state, the spinner and icon, and the shared <form> frame. */
import type { ReactNode, RefObject } from 'react';
import { WayForward } from '../way-forward.tsx';
import { Honeypot } from './fields.tsx';
import type { FlowStatus } from './flow.ts';
import { useHydrated } from './hydration.ts';
import { FormKitWords, type FormKitTexts } from './texts.ts';
import type { Lang } from '../../lib/i18n/languages.ts';

export function Spinner() {
  return <span className="form-spinner" aria-hidden="true" />;
}

export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.16" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Alert({ tone, children, id }: { tone: 'error' | 'success'; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`sipa-alert sipa-alert--${tone} form-alert`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {children}
    </div>
  );
}

/** The success state of a form: the message with a check mark, a detail line, an optional action. */
export function FormDone({
  boxRef,
  message,
  detail,
  children,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  message: string;
  detail?: string;
  children?: ReactNode;
}) {
  return (
    <div ref={boxRef} className="form-done">
      <Alert tone="success">
        <p className="form-done__title">
          <CheckIcon className="form-done__icon" />
          {message}
        </p>
        {detail ? <p className="form-done__detail">{detail}</p> : null}
      </Alert>
      {children}
    </div>
  );
}

/**
 * What tells a plain form post (before hydration, or without JavaScript) the page's language,
 * and the shared parts below it their words.
 */
export function LangField({ lang }: { lang: Lang }) {
  return <input type="hidden" name="lang" value={lang} />;
}

/**
 * The frame the contact, volunteer and partnership forms share: the error alert above a real
 * <form method="post"> (which works before hydration), the honeypot, a fieldset disabled while
 * sending, and the submit button with its busy label. The fields go in `children`.
 */
export function FormFrame({
  boxRef,
  flow: { formRef, status, alert, submit: onSubmit },
  idPrefix,
  action,
  label,
  className,
  legend,
  submitLabel,
  busyLabel,
  lang,
  texts,
  children,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  /** The form's useFormFlow: its form element, status, alert and submit handler. */
  flow: {
    formRef: RefObject<HTMLFormElement | null>;
    status: FlowStatus;
    alert: string;
    submit: (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => void;
  };
  idPrefix: string;
  /** Where the plain form posts before hydration (the endpoint's own path). */
  action: string;
  label: string;
  className: string;
  legend: string;
  submitLabel: string;
  busyLabel: string;
  lang: Lang;
  texts: FormKitTexts;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const busy = status === 'submitting';
  return (
    <FormKitWords.Provider value={texts}>
    <div ref={boxRef}>
      {status === 'error' ? (
        <Alert tone="error">
          <p>{alert}</p>
          <WayForward />
        </Alert>
      ) : null}
      <form
        ref={formRef}
        className={`sipa-form ${className}`}
        method="post"
        action={action}
        aria-label={label}
        noValidate={hydrated}
        onSubmit={onSubmit}
        aria-busy={busy}
        data-state={status}
      >
        <Honeypot idPrefix={idPrefix} />
        <LangField lang={lang} />
        <fieldset className="form-plain" disabled={busy}>
          <legend className="sipa-visually-hidden">{legend}</legend>
          {children}
          <div className="form-actions">
            <button className="sipa-button form-submit" type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {busy ? busyLabel : submitLabel}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
    </FormKitWords.Provider>
  );
}
