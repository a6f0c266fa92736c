/** setupEmail: a code mailed to the member's address, typed back here, turns email codes on. */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { MESSAGES } from '../../../lib/messages.ts';
import { TWO_FACTOR_TEXT } from '../../../lib/two-factor-messages.ts';
import { Alert } from '../../form-kit.tsx';
import { Busy, NETWORK_PROBLEM } from '../staff-kit.tsx';
import { twoFactorPost, type TwoFactorStatus, statusOf } from './client.ts';
import { CodeField } from './PasswordStep.tsx';

type Notice = { tone: 'error' | 'success'; text: string } | null;

export function EmailSetup({
  email,
  onDone,
  onCancel,
  onSignedOut,
}: {
  email?: string;
  onDone: (status: TwoFactorStatus) => void;
  onCancel?: () => void;
  onSignedOut: () => void;
}) {
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const codeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) codeRef.current?.querySelector('input')?.focus();
  }, [sent]);

  async function send() {
    setSending(true);
    setNotice(null);
    const answer = await twoFactorPost('/send-otp');
    setSending(false);
    if (answer.status === 401) return onSignedOut();
    if (answer.status === 200) {
      if (sent) setNotice({ tone: 'success', text: TWO_FACTOR_TEXT.codeResent });
      setSent(true);
      return;
    }
    if (answer.status === 429 && answer.body.code === 'resend-too-soon') {
      setSent(true);
      setNotice({ tone: 'success', text: TWO_FACTOR_TEXT.resendTooSoon });
      return;
    }
    setNotice({ tone: 'error', text: answer.status === 0 ? NETWORK_PROBLEM : (answer.body.message ?? NETWORK_PROBLEM) });
  }

  async function verify(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return setCodeError(MESSAGES.fieldRequired);
    setCodeError(undefined);
    setBusy(true);
    const answer = await twoFactorPost('/verify-otp', { code: code.trim() });
    setBusy(false);
    if (answer.status === 401) return onSignedOut();
    if (answer.status === 200) return onDone(statusOf(answer));
    setCodeError(answer.status === 0 ? NETWORK_PROBLEM : (answer.body.message ?? TWO_FACTOR_TEXT.invalidCode));
  }

  const lead = email ? TWO_FACTOR_TEXT.otpSetupLead.replace('{email}', email) : TWO_FACTOR_TEXT.otpSetupLead.replace('{email}', 'the email address of your account');

  return (
    <div className="two-factor-setup">
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <p className="staff-lead two-factor-email">{lead}</p>
      {!sent ? (
        <div className="two-factor-actions">
          <button type="button" className="sipa-button" onClick={() => void send()} disabled={sending} aria-busy={sending || undefined}>
            <Busy busy={sending} idle={TWO_FACTOR_TEXT.sendCode} working={TWO_FACTOR_TEXT.sending} />
          </button>
          {onCancel ? (
            <button type="button" className="sipa-button sipa-button--secondary" onClick={onCancel} disabled={sending}>
              {TWO_FACTOR_TEXT.cancel}
            </button>
          ) : null}
        </div>
      ) : (
        <form className="sipa-form staff-form two-factor-form" noValidate onSubmit={verify}>
          <div ref={codeRef}>
            <CodeField id="otp-setup-code" label={TWO_FACTOR_TEXT.codeLabel} value={code} onValue={setCode} error={codeError} />
          </div>
          <div className="two-factor-actions">
            <button className="sipa-button" type="submit" disabled={busy} aria-busy={busy || undefined}>
              <Busy busy={busy} idle={TWO_FACTOR_TEXT.verify} working={TWO_FACTOR_TEXT.verifying} />
            </button>
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => void send()} disabled={sending || busy}>
              {TWO_FACTOR_TEXT.resendCode}
            </button>
            {onCancel ? (
              <button type="button" className="sipa-button sipa-button--secondary" onClick={onCancel} disabled={busy}>
                {TWO_FACTOR_TEXT.cancel}
              </button>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}
