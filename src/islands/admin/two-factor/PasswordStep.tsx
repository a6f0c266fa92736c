/**
 * "Type your password to continue": the gate before a secret is shown or a method turned off;
 * and the pieces every two-factor form has (its code field, its row of buttons).
 */
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { MESSAGES } from '../../../lib/messages.ts';
import { TWO_FACTOR_TEXT } from '../../../lib/two-factor-messages.ts';
import { Field } from '../../form-kit/fields.tsx';
import { CurrentPasswordField, SubmitButton } from '../staff-kit.tsx';

export function PasswordStep({
  idPrefix,
  busy,
  error,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
  lead = TWO_FACTOR_TEXT.passwordToContinue,
}: {
  idPrefix: string;
  busy: boolean;
  error?: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (password: string) => void;
  onCancel?: () => void;
  lead?: string;
}) {
  const [password, setPassword] = useState('');
  const [required, setRequired] = useState(false);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setRequired(!password);
    if (password) onSubmit(password);
  }

  return (
    <form className="sipa-form staff-form two-factor-form" noValidate onSubmit={submit}>
      <p className="staff-lead">{lead}</p>
      <CurrentPasswordField id={`${idPrefix}-password`} name="password" label="Password" value={password} onValue={setPassword} error={required ? MESSAGES.fieldRequired : error} />
      <TwoFactorActions busy={busy} idle={submitLabel} working={busyLabel} onCancel={onCancel} />
    </form>
  );
}

/** The code field of every two-factor screen: the widget's name, placeholder and autocomplete. */
export function CodeField({ id, label, value, onValue, error, backup = false }: { id: string; label: string; value: string; onValue: (value: string) => void; error?: string; backup?: boolean }) {
  return (
    <Field
      id={id}
      name="confirmation_code"
      label={label}
      autoComplete={backup ? 'off' : 'one-time-code'}
      inputMode={backup ? 'text' : 'numeric'}
      autoCapitalize="none"
      spellCheck={false}
      placeholder={TWO_FACTOR_TEXT.codePlaceholder}
      maxLength={backup ? 20 : 10}
      required
      value={value}
      onValue={(_, next) => onValue(next)}
      error={error}
    />
  );
}

/** Cancel, where the screen can be left (the required set-up and the Account card offer it). */
export function CancelButton({ onCancel, disabled }: { onCancel?: () => void; disabled: boolean }) {
  if (!onCancel) return null;
  return (
    <button type="button" className="sipa-button sipa-button--secondary" onClick={onCancel} disabled={disabled}>
      {TWO_FACTOR_TEXT.cancel}
    </button>
  );
}

/** A two-factor form's row of buttons: submit, what else the screen offers (children), Cancel. */
export function TwoFactorActions({ busy, idle, working, onCancel, children }: { busy: boolean; idle: string; working: string; onCancel?: () => void; children?: ReactNode }) {
  return (
    <div className="two-factor-actions">
      <SubmitButton className="sipa-button" busy={busy} idle={idle} working={working} />
      {children}
      <CancelButton onCancel={onCancel} disabled={busy} />
    </div>
  );
}
