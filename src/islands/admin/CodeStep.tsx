/**
 * The code-entry step of the sign-in screen, one component for its three uses (a password reset,
 * the sign-up confirmation, the address verification): the emailed 6-digit code, the submit
 * button, Resend Code and, where the step has one, the way back to sign-in.
 */
import type { ReactNode, SubmitEvent } from 'react';
import { STAFF_TEXT } from '../../lib/staff-messages.ts';
import { Field } from '../form-kit/fields.tsx';
import { BackToSignIn, ResendCodeButton, SubmitButton } from './staff-kit.tsx';

export function CodeStep({
  lead,
  beforeCode,
  afterCode,
  codeId,
  codeLabel,
  code,
  onCode,
  codeError,
  busy,
  idle,
  working,
  besideSubmit,
  resendDisabled,
  onResend,
  onBack,
  onSubmit,
}: {
  lead?: string;
  /** Fields above the code (the address, when the step does not know it). */
  beforeCode?: ReactNode;
  /** Fields under the code (the new password of a reset). */
  afterCode?: ReactNode;
  codeId: string;
  codeLabel: string;
  code: string;
  onCode: (value: string) => void;
  codeError?: string;
  busy: boolean;
  idle: string;
  working: string;
  /** A second button beside the submit button (Skip); the two then share a row. */
  besideSubmit?: ReactNode;
  resendDisabled: boolean;
  onResend: () => void;
  onBack?: () => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
}) {
  const submit = <SubmitButton busy={busy} idle={idle} working={working} />;
  return (
    <form className="sipa-form staff-form" noValidate onSubmit={onSubmit}>
      {lead ? <p className="staff-lead">{lead}</p> : null}
      {beforeCode}
      <Field
        id={codeId}
        name="confirmation_code"
        label={codeLabel}
        autoComplete="one-time-code"
        inputMode="numeric"
        placeholder={STAFF_TEXT.codePlaceholder}
        required
        value={code}
        onValue={(_, value) => onCode(value)}
        error={codeError}
      />
      {afterCode}
      {besideSubmit ? (
        <div className="staff-actions">
          {submit}
          {besideSubmit}
        </div>
      ) : (
        submit
      )}
      <p className="staff-links">
        <ResendCodeButton disabled={resendDisabled} onResend={onResend} />
        {onBack ? <BackToSignIn onBack={onBack} /> : null}
      </p>
    </form>
  );
}
