/**
 * What the two staff islands share: the JSON call to the staff API, and the new-password pair
 * with the policy's live messages (shown once a field has been touched).
 */
import { useState } from 'react';
import { PASSWORD_MESSAGES, confirmationProblem, passwordProblems } from '../../lib/password-policy.ts';
import { Field } from '../form-kit.tsx';
import './staff.css';

/** The spec's session flag: a hint for the screens only. The server alone decides access. */
export const ADMIN_FLAG = 'isAdminAuthenticated';

export function setAdminHint(on: boolean) {
  try {
    if (on) sessionStorage.setItem(ADMIN_FLAG, 'true');
    else sessionStorage.removeItem(ADMIN_FLAG);
  } catch {
    // Storage may be blocked; nothing depends on it.
  }
}

export interface StaffAnswer {
  status: number;
  body: { message?: string; code?: string; next?: string; redirect?: string; issues?: Array<{ path: string; message: string }> } & Record<string, unknown>;
}

/** POSTs JSON to the staff API. A network failure is status 0. */
export async function staffPost(path: string, body: unknown): Promise<StaffAnswer> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    const payload = (await response.json().catch(() => ({}))) as StaffAnswer['body'];
    return { status: response.status, body: payload ?? {} };
  } catch {
    return { status: 0, body: {} };
  }
}

export const NETWORK_PROBLEM = 'Something went wrong. Please try again later.';

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

export function NewPasswordFields({ idPrefix, flow, serverError }: { idPrefix: string; flow: ReturnType<typeof useNewPassword>; serverError?: string }) {
  const { state, problems, mismatch } = flow;
  const shownProblems = state.touched.password ? problems : [];
  // The spec's rule while typing (both at least 6 characters); on submit any difference counts.
  const confirmationError = state.submitted && state.password !== state.confirmation ? PASSWORD_MESSAGES.mismatch : state.touched.confirmation ? (mismatch ?? undefined) : undefined;
  const listId = `${idPrefix}-password-rules`;
  return (
    <>
      <div className="sipa-field form-field">
        <label htmlFor={`${idPrefix}-password`}>New password</label>
        <input
          id={`${idPrefix}-password`}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          value={state.password}
          onChange={(event) => flow.set('password', event.target.value)}
          aria-invalid={shownProblems.length || serverError ? true : undefined}
          aria-describedby={`${idPrefix}-password-hint${shownProblems.length ? ` ${listId}` : ''}`}
        />
        <p className="sipa-hint form-hint" id={`${idPrefix}-password-hint`}>
          At least 8 characters, with lower and upper case letters, numbers and special characters.
        </p>
        {shownProblems.length || serverError ? (
          <ul className="staff-rules" id={listId}>
            {(shownProblems.length ? shownProblems : [serverError!]).map((message) => (
              <li key={message} className="sipa-field-error">
                {message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
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
