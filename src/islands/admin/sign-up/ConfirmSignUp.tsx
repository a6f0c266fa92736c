/**
 * confirmSignUp: the 6-digit code mailed at sign-up (or when an unconfirmed account tried to sign
 * in). Confirm signs the new member in and goes to the staff area; 'User is already confirmed.'
 * ends the flow on the sign-in screen; Resend Code mails a new code.
 */
import { useState, type SubmitEvent } from 'react';
import { MESSAGES } from '../../../lib/messages.ts';
import { SELF_SERVICE_TEXT } from '../../../lib/self-service-messages.ts';
import { STAFF_TEXT } from '../../../lib/staff-messages.ts';
import { Field } from '../../form-kit.tsx';
import { Busy, NETWORK_PROBLEM, staffPost } from '../staff-kit.tsx';

export type Notice = { tone: 'error' | 'success'; text: string } | null;

export function ConfirmSignUp({
  email: knownEmail,
  onNotice,
  onSignIn,
  onBack,
}: {
  email: string;
  onNotice: (notice: Notice) => void;
  /** Back to the sign-in screen with a message (confirmed too late, or already confirmed). */
  onSignIn: (notice: Notice) => void;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(knownEmail);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);

  function check(): boolean {
    const found: Record<string, string> = {};
    if (!email.trim()) found.email = MESSAGES.fieldRequired;
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = MESSAGES.fieldEmail;
    if (!code.trim()) found.confirmation_code = MESSAGES.fieldRequired;
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check()) return;
    setPending(true);
    onNotice(null);
    const answer = await staffPost('/api/auth/confirm-sign-up', { email: email.trim(), code: code.trim() });
    if (answer.status === 200 && answer.body.next === 'admin') {
      onNotice({ tone: 'success', text: SELF_SERVICE_TEXT.confirmed });
      location.assign('/admin');
      return;
    }
    setPending(false);
    if (answer.status === 200 || answer.status === 409) {
      onSignIn({ tone: answer.status === 409 ? 'success' : 'error', text: answer.body.message ?? SELF_SERVICE_TEXT.alreadyConfirmed });
      return;
    }
    setCode('');
    onNotice({ tone: 'error', text: answer.status === 0 ? NETWORK_PROBLEM : (answer.body.message ?? STAFF_TEXT.invalidCode) });
  }

  async function resend() {
    if (!email.trim()) {
      setErrors({ email: MESSAGES.fieldRequired });
      return;
    }
    setResending(true);
    const answer = await staffPost('/api/auth/resend-code', { email: email.trim() });
    setResending(false);
    if (answer.status === 409) {
      onSignIn({ tone: 'success', text: answer.body.message ?? SELF_SERVICE_TEXT.alreadyConfirmed });
      return;
    }
    onNotice(answer.status === 200 ? { tone: 'success', text: SELF_SERVICE_TEXT.codeResent } : { tone: 'error', text: answer.body.message ?? NETWORK_PROBLEM });
  }

  return (
    <form className="sipa-form staff-form" noValidate onSubmit={confirm}>
      <p className="staff-lead">{SELF_SERVICE_TEXT.confirmLead}</p>
      {knownEmail ? null : (
        <Field
          id="confirm-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={STAFF_TEXT.enterEmail}
          required
          value={email}
          onValue={(_, value) => setEmail(value)}
          error={errors.email}
        />
      )}
      <Field
        id="confirm-code"
        name="confirmation_code"
        label="Confirmation Code"
        autoComplete="one-time-code"
        inputMode="numeric"
        placeholder={STAFF_TEXT.codePlaceholder}
        required
        value={code}
        onValue={(_, value) => setCode(value)}
        error={errors.confirmation_code}
      />
      <button className="sipa-button staff-submit" type="submit" disabled={pending} aria-busy={pending || undefined}>
        <Busy busy={pending} idle={SELF_SERVICE_TEXT.confirm} working={SELF_SERVICE_TEXT.confirming} />
      </button>
      <p className="staff-links">
        <button type="button" className="staff-link-button" disabled={resending || pending} onClick={() => void resend()}>
          {STAFF_TEXT.resendCode}
        </button>
        <a
          href="/admin/login"
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
        >
          {STAFF_TEXT.backToSignIn}
        </a>
      </p>
    </form>
  );
}
