/**
 * verifyUser and confirmVerifyUser: a member whose address is not verified is asked, after
 * sign-in, to verify it with an emailed code. Each step has Skip, which goes on to the staff area.
 */
import { useState, type SubmitEvent } from 'react';
import { MESSAGES } from '../../../lib/messages.ts';
import { SELF_SERVICE_TEXT } from '../../../lib/self-service-messages.ts';
import { STAFF_TEXT } from '../../../lib/staff-messages.ts';
import { JSON_REQUEST, api } from '../../../lib/api-client.ts';
import { CodeStep } from '../CodeStep.tsx';
import { SubmitButton, type Notice } from '../staff-kit.tsx';
import { call, problemOf } from '../../api-call.ts';

/** Mails a code to the signed-in member's own address (the first and any later one). */
const sendCode = () => call(() => api.auth['verify-user'].send.$post({}, JSON_REQUEST));

/** Where a finished (or skipped) verification goes: the staff area, whose gate decides the rest. */
function finish() {
  location.assign('/admin');
}

function SkipButton({ disabled }: { disabled: boolean }) {
  return (
    <button type="button" className="sipa-button sipa-button--secondary staff-submit staff-skip" disabled={disabled} onClick={finish}>
      {SELF_SERVICE_TEXT.skip}
    </button>
  );
}

export function VerifyUser({ onSent, onNotice, onSignedOut }: { onSent: () => void; onNotice: (notice: Notice) => void; onSignedOut: () => void }) {
  const [pending, setPending] = useState(false);

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    onNotice(null);
    const answer = await sendCode();
    setPending(false);
    if (answer.status === 200) return onSent();
    if (answer.status === 401) return onSignedOut();
    onNotice({ tone: 'error', text: problemOf(answer) });
  }

  return (
    <form className="sipa-form staff-form" noValidate onSubmit={send}>
      <p className="staff-lead">{SELF_SERVICE_TEXT.verifyLead}</p>
      <div className="staff-actions">
        <SubmitButton busy={pending} idle={SELF_SERVICE_TEXT.verify} working={SELF_SERVICE_TEXT.verifying} />
        <SkipButton disabled={pending} />
      </div>
    </form>
  );
}

export function ConfirmVerifyUser({ onNotice, onSignedOut }: { onNotice: (notice: Notice) => void; onSignedOut: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setError(MESSAGES.fieldRequired);
      return;
    }
    setError('');
    setPending(true);
    onNotice(null);
    const answer = await call(() => api.auth['verify-user'].confirm.$post({ json: { code: code.trim() } }, JSON_REQUEST));
    if (answer.status === 200) {
      onNotice({ tone: 'success', text: SELF_SERVICE_TEXT.verified });
      finish();
      return;
    }
    setPending(false);
    if (answer.status === 401) return onSignedOut();
    setCode('');
    onNotice({ tone: 'error', text: problemOf(answer, STAFF_TEXT.invalidCode) });
  }

  async function resend() {
    setResending(true);
    const answer = await sendCode();
    setResending(false);
    if (answer.status === 401) return onSignedOut();
    onNotice(answer.status === 200 ? { tone: 'success', text: SELF_SERVICE_TEXT.codeResent } : { tone: 'error', text: problemOf(answer) });
  }

  return (
    <CodeStep
      lead={SELF_SERVICE_TEXT.confirmVerifyLead}
      codeId="verify-code"
      codeLabel="Code"
      code={code}
      onCode={setCode}
      codeError={error || undefined}
      busy={pending}
      idle={STAFF_TEXT.submit}
      working={STAFF_TEXT.submitting}
      besideSubmit={<SkipButton disabled={pending} />}
      resendDisabled={resending || pending}
      onResend={() => void resend()}
      onSubmit={submit}
    />
  );
}
