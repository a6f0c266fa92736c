/**
 * The sign-up tab (ALLOW_SIGN_UP=true): username, email, phone number with its dial code (+1 by
 * default, digits only), password and confirmation, and the optional standard attributes. A
 * field's messages show once it has been touched; Create Account stays disabled while any error
 * exists, and reads Creating Account while the server works.
 */
import { useState, type SubmitEvent } from 'react';
import { JSON_REQUEST, api } from '../../../lib/api-client.ts';
import { SELF_SERVICE_TEXT } from '../../../lib/self-service-messages.ts';
import { DEFAULT_DIAL_CODE, DIAL_CODES, OPTIONAL_ATTRIBUTES, checkSignUp, sendableAttributes } from '../../../lib/sign-up.ts';
import { Field } from '../../form-kit/fields.tsx';
import { PasswordField, SubmitButton } from '../staff-kit.tsx';
import { call, problemOf } from '../../api-call.ts';

type Values = { username: string; email: string; dial_code: string; phone_number: string; password: string; confirm_password: string };
const EMPTY: Values = { username: '', email: '', dial_code: DEFAULT_DIAL_CODE, phone_number: '', password: '', confirm_password: '' };

export function SignUpForm({ onCreated, onProblem }: { onCreated: (email: string) => void; onProblem: (text: string | null) => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);

  const { errors } = checkSignUp({ ...values, attributes: sendableAttributes(attributes) });
  const hasErrors = Object.keys(errors).length > 0;
  const shown = (field: string): string[] => serverErrors[field] ?? (touched[field] ? (errors[field] ?? []) : []);

  const set = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => ({ ...current, [name]: true }));
    setServerErrors((current) => {
      const { [name]: _dropped, ...rest } = current;
      return rest;
    });
  };
  const touch = (name: string) => () => setTouched((current) => ({ ...current, [name]: true }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hasErrors || pending) return;
    setPending(true);
    onProblem(null);
    // Only standard attributes or custom: ones are sent, trimmed; passwords as typed.
    const json = {
      username: values.username.trim(),
      email: values.email.trim(),
      dial_code: values.dial_code,
      phone_number: values.phone_number.trim(),
      password: values.password,
      confirm_password: values.confirm_password,
      attributes: sendableAttributes(attributes),
    };
    const answer = await call(() => api.auth['sign-up'].$post({ json }, JSON_REQUEST));
    setPending(false);
    if (answer.status === 201 && typeof answer.body.email === 'string') {
      onCreated(answer.body.email);
      return;
    }
    const byField: Record<string, string[]> = {};
    for (const issue of answer.body.issues ?? []) (byField[issue.path] ??= []).push(issue.message);
    setServerErrors(byField);
    onProblem(problemOf(answer));
  }

  const one = (field: string) => shown(field)[0];
  /** A text field's name, value and messages, tied to the form's state. */
  const bound = (name: 'username' | 'email' | 'confirm_password') => ({
    name,
    value: values[name],
    onValue: (_: string, value: string) => set(name, value),
    onBlur: touch(name),
    error: one(name),
  });

  return (
    <form className="sipa-form staff-form" noValidate onSubmit={submit} aria-label="Create Account">
      <Field
        id="signup-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...bound('username')}
      />
      <Field
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...bound('email')}
      />
      <div className="sipa-field form-field">
        <label htmlFor="signup-phone">
          Phone Number<span className="form-optional"> (optional)</span>
        </label>
        <div className="staff-phone">
          <select
            id="signup-dial-code"
            name="dial_code"
            aria-label="Country code"
            autoComplete="tel-country-code"
            value={values.dial_code}
            onChange={(event) => set('dial_code', event.target.value)}
          >
            {DIAL_CODES.map((dial) => (
              <option key={dial.code} value={dial.code}>
                {dial.label}
              </option>
            ))}
          </select>
          <input
            id="signup-phone"
            name="phone_number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={values.phone_number}
            // Digits only, as the hosted widget takes them.
            onChange={(event) => set('phone_number', event.target.value.replace(/\D/g, ''))}
            aria-invalid={one('phone_number') ? true : undefined}
            aria-describedby={one('phone_number') ? 'signup-phone-error' : undefined}
          />
        </div>
        {one('phone_number') ? (
          <p className="sipa-field-error" id="signup-phone-error">
            {one('phone_number')}
          </p>
        ) : null}
      </div>
      <PasswordField
        id="signup-password"
        name="password"
        label="Password"
        value={values.password}
        onValue={(value) => set('password', value)}
        onBlur={touch('password')}
        messages={shown('password')}
      />
      <Field
        id="signup-confirm"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...bound('confirm_password')}
      />
      <details className="staff-more">
        <summary>More about you (optional)</summary>
        {OPTIONAL_ATTRIBUTES.map((attribute) => (
          <Field
            key={attribute.name}
            id={`signup-${attribute.name}`}
            name={attribute.name}
            label={attribute.label}
            type={attribute.type}
            autoComplete={attribute.autoComplete}
            optional
            value={attributes[attribute.name] ?? ''}
            onValue={(_, value) => {
              setAttributes((current) => ({ ...current, [attribute.name]: value }));
              setTouched((current) => ({ ...current, [`attributes.${attribute.name}`]: true }));
            }}
            error={one(`attributes.${attribute.name}`)}
          />
        ))}
      </details>
      <SubmitButton busy={pending} idle={SELF_SERVICE_TEXT.signUpTab} working={SELF_SERVICE_TEXT.creatingAccount} disabled={pending || hasErrors} aria-describedby="signup-submit-hint" />
      <p className="sipa-hint form-hint staff-submit-hint" id="signup-submit-hint">
        {hasErrors ? 'Create Account becomes available once every required field is filled in correctly.' : 'We will email you a 6-digit code to confirm the account.'}
      </p>
    </form>
  );
}
