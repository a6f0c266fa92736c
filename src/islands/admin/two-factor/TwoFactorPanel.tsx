/**
 * The Account section's two-factor card: which methods are on, setting each up, turning one off
 * (with the password), and new backup codes (with the password; the old ones stop working).
 */
import { useEffect, useRef, useState } from 'react';
import { METHOD_NAMES, TWO_FACTOR_TEXT, type TwoFactorMethod } from '../../../lib/two-factor-messages.ts';
import { Alert } from '../../form-kit/frame.tsx';
import { JSON_REQUEST } from '../../../lib/api-client.ts';
import { type Notice } from '../staff-kit.tsx';
import { call, problemOf } from '../../api-call.ts';
import { BackupCodes } from './BackupCodes.tsx';
import { statusOf, twoFactorApi, type TwoFactorStatus } from './client.ts';
import { EmailSetup } from './EmailSetup.tsx';
import { PasswordStep } from './PasswordStep.tsx';
import { TotpSetup } from './TotpSetup.tsx';
import './two-factor.css';

type Mode = { kind: 'idle' } | { kind: 'setup'; method: TwoFactorMethod } | { kind: 'turn-off'; method: TwoFactorMethod } | { kind: 'new-codes'; codes?: string[] };

export function TwoFactorPanel({ account, email, onSignedOut }: { account: string; email: string; onSignedOut: () => void }) {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  // Back from a step (verified, turned off, cancelled): focus goes to the result message, else to the method's name.
  const noticeRef = useRef<HTMLDivElement>(null);
  const stepOf = useRef<TwoFactorMethod | null>(null);
  useEffect(() => {
    if (mode.kind !== 'idle') {
      stepOf.current = 'method' in mode ? mode.method : 'totp';
      return;
    }
    const method = stepOf.current;
    stepOf.current = null;
    if (method) (noticeRef.current ?? document.getElementById(`two-factor-${method}-name`))?.focus();
  }, [mode]);

  useEffect(() => {
    void (async () => {
      const answer = await call(() => twoFactorApi.status.$get({}, JSON_REQUEST));
      if (answer.status === 401) return onSignedOut();
      if (answer.status === 200) setStatus(statusOf(answer));
      else setNotice({ tone: 'error', text: problemOf(answer) });
    })();
  }, [onSignedOut]);

  const start = (next: Mode) => {
    setNotice(null);
    setPasswordError(undefined);
    setMode(next);
  };
  const finish = (next: TwoFactorStatus, text?: string) => {
    setStatus(next);
    setMode({ kind: 'idle' });
    setNotice(text ? { tone: 'success', text } : null);
  };

  async function turnOff(method: TwoFactorMethod, password: string) {
    setBusy(true);
    setPasswordError(undefined);
    const answer = await call(() => twoFactorApi['turn-off'].$post({ json: { method, password } }, JSON_REQUEST));
    setBusy(false);
    if (answer.status === 401) return onSignedOut();
    if (answer.status === 200) return finish(statusOf(answer), answer.body.message);
    if (answer.body.code === 'wrong-password') return setPasswordError(answer.body.message);
    setMode({ kind: 'idle' });
    setNotice({ tone: 'error', text: problemOf(answer) });
  }

  async function newCodes(password: string) {
    setBusy(true);
    setPasswordError(undefined);
    const answer = await call(() => twoFactorApi['generate-backup-codes'].$post({ json: { password } }, JSON_REQUEST));
    setBusy(false);
    if (answer.status === 401) return onSignedOut();
    if (answer.status === 200 && Array.isArray(answer.body.backupCodes)) {
      const codes = answer.body.backupCodes as string[];
      setStatus((current) => (current ? { ...current, backupCodes: codes.length } : current));
      return setMode({ kind: 'new-codes', codes });
    }
    if (answer.body.code === 'wrong-password') return setPasswordError(answer.body.message);
    setMode({ kind: 'idle' });
    setNotice({ tone: 'error', text: problemOf(answer) });
  }

  const idle = mode.kind === 'idle';
  const row = (method: TwoFactorMethod) => {
    const on = Boolean(status?.[method]);
    const active = (mode.kind === 'setup' || mode.kind === 'turn-off') && mode.method === method;
    return (
      <li className="two-factor-method" key={method}>
        <div className="two-factor-method__head">
          <h4 className="two-factor-method__name" id={`two-factor-${method}-name`} tabIndex={-1}>
            {METHOD_NAMES[method]}
          </h4>
          <span className={`two-factor-badge${on ? ' two-factor-badge--on' : ''}`}>{on ? TWO_FACTOR_TEXT.on : TWO_FACTOR_TEXT.off}</span>
        </div>
        {method === 'totp' && on ? (
          <p className="two-factor-method__note">{TWO_FACTOR_TEXT.backupLeft.replace('{count}', String(status?.backupCodes ?? 0))}</p>
        ) : null}
        {idle && status ? (
          <div className="two-factor-actions">
            {on ? (
              <>
                <button type="button" className="sipa-button sipa-button--secondary" aria-describedby={`two-factor-${method}-name`} onClick={() => start({ kind: 'turn-off', method })}>
                  {TWO_FACTOR_TEXT.turnOff}
                </button>
                {method === 'totp' ? (
                  <button type="button" className="sipa-button sipa-button--secondary" onClick={() => start({ kind: 'new-codes' })}>
                    {TWO_FACTOR_TEXT.newBackupCodes}
                  </button>
                ) : null}
              </>
            ) : (
              <button type="button" className="sipa-button" onClick={() => start({ kind: 'setup', method })}>
                {method === 'totp' ? TWO_FACTOR_TEXT.setUpTotp : TWO_FACTOR_TEXT.setUpOtp}
              </button>
            )}
          </div>
        ) : null}
        {active && mode.kind === 'setup' && method === 'totp' ? (
          <TotpSetup account={account} onSignedOut={onSignedOut} onCancel={() => start({ kind: 'idle' })} onConfirmed={setStatus} onDone={(next) => finish(next)} />
        ) : null}
        {active && mode.kind === 'setup' && method === 'otp' ? (
          <EmailSetup email={email} onSignedOut={onSignedOut} onCancel={() => start({ kind: 'idle' })} onDone={(next) => finish(next, TWO_FACTOR_TEXT.otpOn)} />
        ) : null}
        {active && mode.kind === 'turn-off' ? (
          <PasswordStep
            idPrefix={`turn-off-${method}`}
            busy={busy}
            error={passwordError}
            submitLabel={TWO_FACTOR_TEXT.turnOff}
            busyLabel={TWO_FACTOR_TEXT.turningOff}
            onSubmit={(password) => void turnOff(method, password)}
            onCancel={() => start({ kind: 'idle' })}
          />
        ) : null}
        {method === 'totp' && mode.kind === 'new-codes' ? (
          mode.codes ? (
            <BackupCodes codes={mode.codes} account={account} headingId="new-backup-heading" onDone={() => start({ kind: 'idle' })} />
          ) : (
            <PasswordStep
              idPrefix="new-codes"
              busy={busy}
              error={passwordError}
              lead={`${TWO_FACTOR_TEXT.newBackupCodesLead} ${TWO_FACTOR_TEXT.passwordToContinue}`}
              submitLabel={TWO_FACTOR_TEXT.newBackupCodes}
              busyLabel={TWO_FACTOR_TEXT.continuing}
              onSubmit={(password) => void newCodes(password)}
              onCancel={() => start({ kind: 'idle' })}
            />
          )
        ) : null}
      </li>
    );
  };

  return (
    <section className="staff-subcard two-factor-panel" aria-labelledby="two-factor-heading">
      <h3 id="two-factor-heading">{TWO_FACTOR_TEXT.panelHeading}</h3>
      <p className="staff-lead">{TWO_FACTOR_TEXT.panelLead}</p>
      {notice ? (
        <div ref={noticeRef} tabIndex={-1} className="two-factor-notice">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      {status ? (
        <ul className="two-factor-methods">{(['totp', 'otp'] as const).map(row)}</ul>
      ) : (
        <p className="staff-loading two-factor-loading" role="status">
          <span className="form-spinner" aria-hidden="true" />
          Loading...
        </p>
      )}
    </section>
  );
}
