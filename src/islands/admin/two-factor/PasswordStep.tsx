/** "Type your password to continue": the gate before a secret is shown or a method turned off. */
import { useState, type SubmitEvent } from 'react';
import { MESSAGES } from '../../../lib/messages.ts';
import { TWO_FACTOR_TEXT } from '../../../lib/two-factor-messages.ts';
import { Field } from '../../form-kit.tsx';
import { Busy } from '../staff-kit.tsx';

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
      <Field
        id={`${idPrefix}-password`}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValue={(_, value) => setPassword(value)}
        error={required ? MESSAGES.fieldRequired : error}
      />
      <div className="two-factor-actions">
        <button className="sipa-button" type="submit" disabled={busy} aria-busy={busy || undefined}>
          <Busy busy={busy} idle={submitLabel} working={busyLabel} />
        </button>
        {onCancel ? (
          <button type="button" className="sipa-button sipa-button--secondary" onClick={onCancel} disabled={busy}>
            {TWO_FACTOR_TEXT.cancel}
          </button>
        ) : null}
      </div>
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
