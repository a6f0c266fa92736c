/**
 * What the two staff islands share: the new-password pair with the policy's live messages (shown
 * once a field has been touched), and the buttons and links every staff form has. Their calls to
 * the API go through src/islands/api-call.ts, as every island's do.
 */
import { useState, type ButtonHTMLAttributes, type MouseEvent, type ReactNode, type SubmitEvent } from 'react';
import { ADMIN_SESSION_FLAG } from '../../lib/constants.ts';
import { STAFF_TEXT } from '../../lib/staff-messages.ts';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, confirmationProblem, passwordProblems } from '../../lib/password-policy.ts';
import { Field } from '../form-kit/fields.tsx';
import './staff.css';

/** The spec's session flag (ADMIN_SESSION_FLAG): a hint for the screens only. The server alone decides access. */
export function setAdminHint(on: boolean) {
  try {
    if (on) sessionStorage.setItem(ADMIN_SESSION_FLAG, 'true');
    else sessionStorage.removeItem(ADMIN_SESSION_FLAG);
  } catch {
    // Storage may be blocked; nothing depends on it.
  }
}

/** The message a staff screen shows above its form. */
export type Notice = { tone: 'error' | 'success'; text: string } | null;

export interface NewPasswordState {
  password: string;
  confirmation: string;
  touched: { password: boolean; confirmation: boolean };
  submitted: boolean;
}

const EMPTY: NewPasswordState = { password: '', confirmation: '', touched: { password: false, confirmation: false }, submitted: false };

export function useNewPassword() {
  const [state, setState] = useState<NewPasswordState>(EMPTY);
  const problems = passwordProblems(state.password);
  const mismatch = confirmationProblem(state.password, state.confirmation);
  return {
    state,
    problems,
    mismatch,
    valid: problems.length === 0 && state.password === state.confirmation,
    set(name: 'password' | 'confirmation', value: string) {
      setState((current) => ({ ...current, [name]: value, touched: { ...current.touched, [name]: true } }));
    },
    /** On submit every message shows, touched or not. */
    touchAll() {
      setState((current) => ({ ...current, touched: { password: true, confirmation: true }, submitted: true }));
    },
    reset() {
      setState(EMPTY);
    },
  };
}

export function NewPasswordFields({ idPrefix, flow }: { idPrefix: string; flow: ReturnType<typeof useNewPassword> }) {
  const { state, problems, mismatch } = flow;
  // The spec's rule while typing (both at least 6 characters); on submit any difference counts.
  const confirmationError = state.submitted && state.password !== state.confirmation ? PASSWORD_MESSAGES.mismatch : state.touched.confirmation ? (mismatch ?? undefined) : undefined;
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        name="newPassword"
        label="New password"
        value={state.password}
        onValue={(value) => flow.set('password', value)}
        messages={state.touched.password ? problems : []}
      />
      <Field
        id={`${idPrefix}-confirm`}
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        value={state.confirmation}
        onValue={(_, value) => flow.set('confirmation', value)}
        error={confirmationError}
      />
    </>
  );
}

export function Busy({ busy, idle, working }: { busy: boolean; idle: string; working: string }) {
  return (
    <>
      {busy ? <span className="form-spinner" aria-hidden="true" /> : null}
      {busy ? working : idle}
    </>
  );
}

/** The password a member already has (to sign in, or to confirm who they are before a change). */
export function CurrentPasswordField({ id, name, label, value, onValue, error }: { id: string; name: string; label: string; value: string; onValue: (value: string) => void; error?: string }) {
  return <Field id={id} name={name} label={label} type="password" autoComplete="current-password" required value={value} onValue={(_, next) => onValue(next)} error={error} />;
}

/** The address of a staff account, where a step must ask for it. */
export function EmailField({ id, value, onValue, error }: { id: string; value: string; onValue: (value: string) => void; error?: string }) {
  return (
    <Field
      id={id}
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={STAFF_TEXT.enterEmail}
      required
      value={value}
      onValue={(_, next) => onValue(next)}
      error={error}
    />
  );
}

/** A password being chosen: the policy as a hint under it and, once there are any, its messages one a line. */
export function PasswordField({
  id,
  name,
  label,
  value,
  onValue,
  onBlur,
  messages,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  messages: string[];
}) {
  const rulesId = `${id}-rules`;
  return (
    <div className="sipa-field form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        value={value}
        onChange={(event) => onValue(event.target.value)}
        onBlur={onBlur}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={`${id}-hint${messages.length ? ` ${rulesId}` : ''}`}
      />
      <p className="sipa-hint form-hint" id={`${id}-hint`}>
        At least {PASSWORD_MIN_LENGTH} characters, with lower and upper case letters, numbers and special characters.
      </p>
      {messages.length ? (
        <ul className="staff-rules" id={rulesId}>
          {messages.map((message) => (
            <li key={message} className="sipa-field-error">
              {message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A form's submit button: its label, or the spinner and the working label while the server works. */
export function SubmitButton({
  busy,
  idle,
  working,
  className = 'sipa-button staff-submit',
  disabled = busy,
  ...rest
}: { busy: boolean; idle: string; working: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>) {
  return (
    <button className={className} type="submit" disabled={disabled} aria-busy={busy || undefined} {...rest}>
      <Busy busy={busy} idle={idle} working={working} />
    </button>
  );
}

/** "Back to Sign In": a real link to /admin/login that, once hydrated, changes the step in place. */
export function BackToSignIn({ onBack }: { onBack: () => void }) {
  return (
    <a
      href="/admin/login"
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onBack();
      }}
    >
      {STAFF_TEXT.backToSignIn}
    </a>
  );
}

/** A sign-in step's form: its fields, the submit button, and "Back to Sign In" under it. */
export function StepForm({
  onSubmit,
  busy,
  idle,
  working,
  onBack,
  children,
}: {
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  busy: boolean;
  idle: string;
  working: string;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <form className="sipa-form staff-form" noValidate onSubmit={onSubmit}>
      {children}
      <SubmitButton busy={busy} idle={idle} working={working} />
      <p className="staff-links">
        <BackToSignIn onBack={onBack} />
      </p>
    </form>
  );
}

/** "Resend Code" as a link-styled button, under a code field. */
export function ResendCodeButton({ disabled, onResend }: { disabled: boolean; onResend: () => void }) {
  return (
    <button type="button" className="staff-link-button" disabled={disabled} onClick={onResend}>
      {STAFF_TEXT.resendCode}
    </button>
  );
}

/** A staff panel's last problem (a refused or failed request), said at once; nothing while there is none. */
export function PanelProblem({ problem }: { problem: string }) {
  if (!problem) return null;
  return (
    <p className="sipa-alert sipa-alert--error" role="alert">
      {problem}
    </p>
  );
}
