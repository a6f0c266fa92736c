/** setupEmail: a code mailed to the member's address, typed back here, turns email codes on. */
import { useEffect, useRef, useState } from 'react';
import { TWO_FACTOR_TEXT } from '../../../lib/two-factor-messages.ts';
import { Alert } from '../../form-kit/frame.tsx';
import { JSON_REQUEST } from '../../../lib/api-client.ts';
import { Busy, type Notice } from '../staff-kit.tsx';
import { call, problemOf } from '../../api-call.ts';
import { statusOf, twoFactorApi, type TwoFactorStatus } from './client.ts';
import { FirstCodeForm, useFirstCode } from './FirstCode.tsx';
import { CancelButton, CodeField } from './PasswordStep.tsx';

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
  const [notice, setNotice] = useState<Notice>(null);
  const first = useFirstCode({ check: (code) => call(() => twoFactorApi['verify-otp'].$post({ json: { code } }, JSON_REQUEST)), onVerified: (answer) => onDone(statusOf(answer)), onSignedOut });
  const codeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) codeRef.current?.querySelector('input')?.focus();
  }, [sent]);

  async function send() {
    setSending(true);
    setNotice(null);
    const answer = await call(() => twoFactorApi['send-otp'].$post({ json: {} }, JSON_REQUEST));
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
    setNotice({ tone: 'error', text: problemOf(answer) });
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
          <CancelButton onCancel={onCancel} disabled={sending} />
        </div>
      ) : (
        <FirstCodeForm
          flow={first}
          onCancel={onCancel}
          extraActions={
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => void send()} disabled={sending || first.busy}>
              {TWO_FACTOR_TEXT.resendCode}
            </button>
          }
        >
          <div ref={codeRef}>
            <CodeField id="otp-setup-code" label={TWO_FACTOR_TEXT.codeLabel} {...first.field} />
          </div>
        </FirstCodeForm>
      )}
    </div>
  );
}
