/**
 * confirmSignUp: the 6-digit code mailed at sign-up (or when an unconfirmed account tried to sign
 * in). Confirm signs the new member in and goes to the staff area; 'User is already confirmed.'
 * ends the flow on the sign-in screen; Resend Code mails a new code.
 */
import { useState, type SubmitEvent } from 'react';
import { MESSAGES } from '../../../lib/messages.ts';
import { SELF_SERVICE_TEXT } from '../../../lib/self-service-messages.ts';
import { STAFF_TEXT } from '../../../lib/staff-messages.ts';
import { CodeStep } from '../CodeStep.tsx';
import { JSON_REQUEST, api } from '../../../lib/api-client.ts';
import { EmailField, type Notice } from '../staff-kit.tsx';
import { call, problemOf } from '../../api-call.ts';

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
    const answer = await call(() => api.auth['confirm-sign-up'].$post({ json: { email: email.trim(), code: code.trim() } }, JSON_REQUEST));
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
    onNotice({ tone: 'error', text: problemOf(answer, STAFF_TEXT.invalidCode) });
  }

  async function resend() {
    if (!email.trim()) {
      setErrors({ email: MESSAGES.fieldRequired });
      return;
    }
    setResending(true);
    const answer = await call(() => api.auth['resend-code'].$post({ json: { email: email.trim() } }, JSON_REQUEST));
    setResending(false);
    onNotice(answer.status === 200 ? { tone: 'success', text: SELF_SERVICE_TEXT.codeResent } : { tone: 'error', text: problemOf(answer) });
  }

  return (
    <CodeStep
      lead={SELF_SERVICE_TEXT.confirmLead}
      beforeCode={
        knownEmail ? null : (
          <EmailField id="confirm-email" value={email} onValue={setEmail} error={errors.email} />
        )
      }
      codeId="confirm-code"
      codeLabel="Confirmation Code"
      code={code}
      onCode={setCode}
      codeError={errors.confirmation_code}
      busy={pending}
      idle={SELF_SERVICE_TEXT.confirm}
      working={SELF_SERVICE_TEXT.confirming}
      resendDisabled={resending || pending}
      onResend={() => void resend()}
      onBack={onBack}
      onSubmit={confirm}
    />
  );
}
