/**
 * REQUIRE_ADMIN_MFA=true: an administrator without a second factor lands here after the password
 * (the widget's "continue sign-in with TOTP/email setup") and reaches the staff area only after
 * setting one up.
 */
import { useEffect, useRef, useState } from 'react';
import { TWO_FACTOR_TEXT, type TwoFactorMethod } from '../../../lib/two-factor-messages.ts';
import { Alert } from '../../form-kit/frame.tsx';
import { BackToSignIn } from '../staff-kit.tsx';
import { EmailSetup } from './EmailSetup.tsx';
import { TotpSetup } from './TotpSetup.tsx';
import './two-factor.css';

export function RequiredSetup({ onDone, onSignedOut }: { onDone: () => void; onSignedOut: () => void }) {
  const [method, setMethod] = useState<TwoFactorMethod | null>(null);
  const [done, setDone] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="staff-card two-factor-required" data-step="setup-two-factor" data-hydrated="true">
      <h1 className="staff-card__title" ref={headingRef} tabIndex={-1}>
        {TWO_FACTOR_TEXT.setupRequiredHeading}
      </h1>
      {done ? (
        <>
          <Alert tone="success">{TWO_FACTOR_TEXT.otpOn}</Alert>
          <button type="button" className="sipa-button staff-submit" onClick={onDone}>
            {TWO_FACTOR_TEXT.continueToStaffArea}
          </button>
        </>
      ) : (
        <>
          <p className="staff-lead">{TWO_FACTOR_TEXT.setupRequiredLead}</p>
          {method === null ? (
            <div className="two-factor-stack">
              <button type="button" className="sipa-button staff-submit" onClick={() => setMethod('totp')}>
                {TWO_FACTOR_TEXT.setUpTotp}
              </button>
              <button type="button" className="sipa-button sipa-button--secondary staff-submit" onClick={() => setMethod('otp')}>
                {TWO_FACTOR_TEXT.setUpOtp}
              </button>
            </div>
          ) : null}
          {method === 'totp' ? <TotpSetup onSignedOut={onSignedOut} onCancel={() => setMethod(null)} onDone={onDone} /> : null}
          {method === 'otp' ? <EmailSetup onSignedOut={onSignedOut} onCancel={() => setMethod(null)} onDone={() => setDone(true)} /> : null}
          <p className="staff-links">
            <BackToSignIn onBack={onSignedOut} />
          </p>
        </>
      )}
    </div>
  );
}
