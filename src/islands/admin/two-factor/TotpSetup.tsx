/**
 * setupTotp: the password, then the QR code (228 × 228 px) with the setup key as text and a copy
 * button, then a first code from the app; only then is the app on and the 10 backup codes shown.
 */
import { useEffect, useRef, useState } from 'react';
import { TWO_FACTOR_TEXT, groupedKey, secretOfUri } from '../../../lib/two-factor-messages.ts';
import { Alert } from '../../form-kit/frame.tsx';
import { JSON_REQUEST } from '../../../lib/api-client.ts';
import { call, problemOf } from '../../api-call.ts';
import { BackupCodes } from './BackupCodes.tsx';
import { statusOf, twoFactorApi, type TwoFactorStatus } from './client.ts';
import { FirstCodeForm, useFirstCode } from './FirstCode.tsx';
import { CodeField, PasswordStep } from './PasswordStep.tsx';
import { QrCode } from './QrCode.tsx';

type Stage = 'password' | 'scan' | 'codes';

export function TotpSetup({
  account,
  onDone,
  onConfirmed,
  onCancel,
  onSignedOut,
}: {
  account?: string;
  onDone: (status: TwoFactorStatus) => void;
  /** The app is on (its first code was right); the backup codes are still on screen. */
  onConfirmed?: (status: TwoFactorStatus) => void;
  onCancel?: () => void;
  onSignedOut: () => void;
}) {
  const [stage, setStage] = useState<Stage>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [uri, setUri] = useState('');
  const [backupCodes, setBackupCodes] = useState<string[]>([]);
  const [copied, setCopied] = useState(false);
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const secret = secretOfUri(uri);
  const first = useFirstCode({
    check: (code) => call(() => twoFactorApi['verify-totp'].$post({ json: { code } }, JSON_REQUEST)),
    onVerified: (answer) => {
      setStatus(statusOf(answer));
      onConfirmed?.(statusOf(answer));
      setStage('codes');
    },
    onSignedOut,
  });

  useEffect(() => {
    stageRef.current?.querySelector<HTMLElement>('h4, input')?.focus();
  }, [stage]);

  async function enable(password: string) {
    setBusy(true);
    setError('');
    setPasswordError(undefined);
    const answer = await call(() => twoFactorApi.enable.$post({ json: { password } }, JSON_REQUEST));
    setBusy(false);
    if (answer.status === 401) return onSignedOut();
    if (answer.status === 200) {
      setUri(String(answer.body.totpURI ?? ''));
      setBackupCodes(Array.isArray(answer.body.backupCodes) ? (answer.body.backupCodes as string[]) : []);
      setStage('scan');
      return;
    }
    if (answer.body.code === 'wrong-password') return setPasswordError(answer.body.message);
    setError(problemOf(answer));
  }

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      // No clipboard access (an insecure origin or a refusal): the key stays on screen to copy by hand.
      const key = document.getElementById('totp-secret');
      if (key) getSelection()?.selectAllChildren(key);
    }
  }

  return (
    <div className="two-factor-setup" ref={stageRef}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {stage === 'password' ? (
        <PasswordStep
          idPrefix="totp-setup"
          busy={busy}
          error={passwordError}
          submitLabel={TWO_FACTOR_TEXT.continue}
          busyLabel={TWO_FACTOR_TEXT.continuing}
          onSubmit={(password) => void enable(password)}
          onCancel={onCancel}
        />
      ) : null}

      {stage === 'scan' ? (
        <div className="two-factor-scan">
          <h4 className="two-factor-step-title" tabIndex={-1}>
            {TWO_FACTOR_TEXT.scanHeading}
          </h4>
          <p className="staff-lead">{TWO_FACTOR_TEXT.scanLead}</p>
          <div className="two-factor-scan__grid">
            <QrCode value={uri} label={TWO_FACTOR_TEXT.qrLabel} />
            <div className="two-factor-secret">
              <p className="sipa-label" id="totp-secret-label">
                {TWO_FACTOR_TEXT.secretLabel}
              </p>
              <code id="totp-secret" className="two-factor-secret__value">
                {groupedKey(secret)}
              </code>
              <button type="button" className="sipa-button sipa-button--secondary two-factor-copy" onClick={() => void copySecret()}>
                {copied ? TWO_FACTOR_TEXT.copied : TWO_FACTOR_TEXT.copy}
              </button>
              <span className="sipa-visually-hidden" role="status">
                {copied ? TWO_FACTOR_TEXT.copied : ''}
              </span>
            </div>
          </div>
          <FirstCodeForm flow={first} onCancel={onCancel}>
            <CodeField id="totp-setup-code" label={TWO_FACTOR_TEXT.firstCodeLabel} {...first.field} />
          </FirstCodeForm>
        </div>
      ) : null}

      {stage === 'codes' ? (
        <>
          <Alert tone="success">{TWO_FACTOR_TEXT.totpOn}</Alert>
          <BackupCodes codes={backupCodes} account={account} headingId="totp-backup-heading" onDone={() => onDone(status ?? { totp: true, otp: false, backupCodes: backupCodes.length })} />
        </>
      ) : null}
    </div>
  );
}
