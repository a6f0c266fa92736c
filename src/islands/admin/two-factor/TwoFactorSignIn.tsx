/**
 * The second step of sign-in, after the password (the widget's selectMfaType and confirmSignIn):
 * a choice where both methods are on, then the code screen for the authenticator app, an emailed
 * code or a backup code, with "Trust this device for 30 days".
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { JSON_REQUEST } from '../../../lib/api-client.ts';
import { MESSAGES } from '../../../lib/messages.ts';
import { STAFF_TEXT } from '../../../lib/staff-messages.ts';
import { METHOD_NAMES, TWO_FACTOR_TEXT, type TwoFactorMethod } from '../../../lib/two-factor-messages.ts';
import { Alert } from '../../form-kit/frame.tsx';
import { ResendCodeButton, SubmitButton, type Notice } from '../staff-kit.tsx';
import { call, problemOf } from '../../api-call.ts';
import { methodsOf, twoFactorApi } from './client.ts';
import { CodeField } from './PasswordStep.tsx';
import './two-factor.css';

type Screen = 'loading' | 'select' | TwoFactorMethod | 'backup';

const HEADINGS: Record<Exclude<Screen, 'loading'>, string> = {
  select: TWO_FACTOR_TEXT.selectHeading,
  totp: TWO_FACTOR_TEXT.totpHeading,
  otp: TWO_FACTOR_TEXT.otpHeading,
  backup: TWO_FACTOR_TEXT.backupHeading,
};
const LEADS: Record<TwoFactorMethod | 'backup', string> = { totp: TWO_FACTOR_TEXT.totpLead, otp: TWO_FACTOR_TEXT.otpLead, backup: TWO_FACTOR_TEXT.backupLead };
const VERIFIERS = { totp: twoFactorApi['verify-totp'], otp: twoFactorApi['verify-otp'], backup: twoFactorApi['verify-backup-code'] } satisfies Record<TwoFactorMethod | 'backup', unknown>;

export function TwoFactorSignIn({ onSignedIn, onRestart }: { onSignedIn: (next: string) => void; onRestart: (message: string) => void }) {
  const [screen, setScreen] = useState<Screen>('loading');
  const [methods, setMethods] = useState<TwoFactorMethod[]>([]);
  const [choice, setChoice] = useState<TwoFactorMethod | ''>('');
  const [choiceError, setChoiceError] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [trust, setTrust] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void (async () => {
      const answer = await call(() => twoFactorApi.challenge.$get({}, JSON_REQUEST));
      if (answer.status !== 200) return onRestart(answer.status === 0 ? problemOf(answer) : TWO_FACTOR_TEXT.challengeExpired);
      const found = methodsOf(answer);
      setMethods(found);
      if (found.length > 1) setScreen('select');
      else void open(found[0] ?? 'otp');
    })();
  }, []);

  useEffect(() => {
    if (screen !== 'loading') headingRef.current?.focus();
  }, [screen]);

  async function sendCode(again: boolean) {
    setSending(true);
    const answer = await call(() => twoFactorApi['send-otp'].$post({ json: {} }, JSON_REQUEST));
    setSending(false);
    if (answer.status === 200) return setNotice(again ? { tone: 'success', text: TWO_FACTOR_TEXT.codeResent } : null);
    if (answer.status === 429 && answer.body.code === 'resend-too-soon') return setNotice({ tone: 'success', text: TWO_FACTOR_TEXT.resendTooSoon });
    if (answer.status === 401) return onRestart(answer.body.message ?? TWO_FACTOR_TEXT.challengeExpired);
    setNotice({ tone: 'error', text: problemOf(answer) });
  }

  async function open(next: Exclude<Screen, 'loading' | 'select'>) {
    setNotice(null);
    setCode('');
    setCodeError(undefined);
    setScreen(next);
    if (next === 'otp') await sendCode(false);
  }

  function select(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choice) return setChoiceError(MESSAGES.fieldRequired);
    setChoiceError(undefined);
    void open(choice);
  }

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (screen === 'loading' || screen === 'select') return;
    if (!code.trim()) return setCodeError(MESSAGES.fieldRequired);
    setCodeError(undefined);
    setNotice(null);
    setBusy(true);
    const answer = await call(() => VERIFIERS[screen].$post({ json: { code: code.trim(), trustDevice: trust } }, JSON_REQUEST));
    setBusy(false);
    if (answer.status === 200 && typeof answer.body.next === 'string') return onSignedIn(answer.body.next);
    setCode('');
    if (answer.status === 401 && answer.body.code === 'challenge-expired') return onRestart(answer.body.message ?? TWO_FACTOR_TEXT.challengeExpired);
    if (answer.status === 429) return onRestart(answer.body.message ?? STAFF_TEXT.lockedOut);
    setNotice({ tone: 'error', text: problemOf(answer, TWO_FACTOR_TEXT.invalidCode) });
  }

  const backToSignIn = (
    <a
      href="/admin/login"
      onClick={(event) => {
        event.preventDefault();
        onRestart('');
      }}
    >
      {STAFF_TEXT.backToSignIn}
    </a>
  );

  if (screen === 'loading') {
    return (
      <div className="staff-card" data-step="two-factor" data-hydrated="true">
        <p className="staff-loading" role="status">
          <span className="form-spinner" aria-hidden="true" />
          {STAFF_TEXT.loading}
        </p>
      </div>
    );
  }

  return (
    <div className="staff-card" data-step={screen === 'select' ? 'select-mfa-type' : 'confirm-sign-in'} data-hydrated="true">
      <h1 className="staff-card__title" ref={headingRef} tabIndex={-1}>
        {HEADINGS[screen]}
      </h1>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}

      {screen === 'select' ? (
        <form className="sipa-form staff-form" noValidate onSubmit={select}>
          <fieldset className="form-choices two-factor-choices" aria-describedby={choiceError ? 'mfa-type-error' : undefined}>
            <legend className="sipa-label">{TWO_FACTOR_TEXT.selectLegend}</legend>
            {methods.map((method) => (
              <label key={method} className="form-choice" htmlFor={`mfa-type-${method}`}>
                <input id={`mfa-type-${method}`} type="radio" name="mfa_type" value={method} checked={choice === method} onChange={() => setChoice(method)} />
                <span>{METHOD_NAMES[method]}</span>
              </label>
            ))}
            {choiceError ? (
              <p className="sipa-field-error" id="mfa-type-error">
                {choiceError}
              </p>
            ) : null}
          </fieldset>
          <button className="sipa-button staff-submit" type="submit">
            {TWO_FACTOR_TEXT.confirm}
          </button>
          <p className="staff-links">{backToSignIn}</p>
        </form>
      ) : (
        <form className="sipa-form staff-form" noValidate onSubmit={confirm}>
          <p className="staff-lead">{LEADS[screen]}</p>
          <CodeField
            id="two-factor-code"
            label={screen === 'backup' ? TWO_FACTOR_TEXT.backupCodeLabel : TWO_FACTOR_TEXT.codeLabel}
            backup={screen === 'backup'}
            value={code}
            onValue={setCode}
            error={codeError}
          />
          <label className="form-choice two-factor-trust" htmlFor="two-factor-trust">
            <input id="two-factor-trust" type="checkbox" name="trustDevice" checked={trust} onChange={(event) => setTrust(event.target.checked)} />
            <span>{TWO_FACTOR_TEXT.trustDevice}</span>
          </label>
          <SubmitButton busy={busy} idle={TWO_FACTOR_TEXT.confirm} working={TWO_FACTOR_TEXT.confirming} />
          <p className="staff-links">
            {screen === 'otp' ? (
              <ResendCodeButton disabled={sending || busy} onResend={() => void sendCode(true)} />
            ) : null}
            {screen === 'totp' ? (
              <button type="button" className="staff-link-button" onClick={() => void open('backup')}>
                {TWO_FACTOR_TEXT.useBackupCode}
              </button>
            ) : null}
            {screen === 'backup' ? (
              <button type="button" className="staff-link-button" onClick={() => void open('totp')}>
                {TWO_FACTOR_TEXT.useAuthenticator}
              </button>
            ) : null}
            {methods.length > 1 ? (
              <button type="button" className="staff-link-button" onClick={() => setScreen('select')}>
                {TWO_FACTOR_TEXT.useOtherMethod}
              </button>
            ) : null}
            {backToSignIn}
          </p>
        </form>
      )}
    </div>
  );
}
