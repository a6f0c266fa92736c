/**
 * The first code of a method being turned on (the authenticator app's, or the one mailed for
 * email codes): required, checked by the server, and only then is the method on.
 */
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { MESSAGES } from '../../../lib/messages.ts';
import { TWO_FACTOR_TEXT } from '../../../lib/two-factor-messages.ts';
import { problemOf, type Answer } from '../../api-call.ts';
import { TwoFactorActions } from './PasswordStep.tsx';

/**
 * The code's state and its submit: `check` sends the code to the server; a 401 means the session
 * has ended, a 200 that the code was right (the field is emptied), anything else is said under it.
 */
export function useFirstCode({ check, onVerified, onSignedOut }: { check: (code: string) => Promise<Answer<unknown>>; onVerified: (answer: Answer<unknown>) => void; onSignedOut: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return setError(MESSAGES.fieldRequired);
    setError(undefined);
    setBusy(true);
    const answer = await check(code.trim());
    setBusy(false);
    if (answer.status === 401) return onSignedOut();
    if (answer.status === 200) {
      setCode('');
      return onVerified(answer);
    }
    setError(problemOf(answer, TWO_FACTOR_TEXT.invalidCode));
  }

  return { busy, submit, field: { value: code, onValue: setCode, error } };
}

/** The form around the code field (children): Verify, what else the screen offers, and Cancel. */
export function FirstCodeForm({ flow, extraActions, onCancel, children }: { flow: ReturnType<typeof useFirstCode>; extraActions?: ReactNode; onCancel?: () => void; children: ReactNode }) {
  return (
    <form className="sipa-form staff-form two-factor-form" noValidate onSubmit={(event) => void flow.submit(event)}>
      {children}
      <TwoFactorActions busy={flow.busy} idle={TWO_FACTOR_TEXT.verify} working={TWO_FACTOR_TEXT.verifying} onCancel={onCancel}>
        {extraActions}
      </TwoFactorActions>
    </form>
  );
}
