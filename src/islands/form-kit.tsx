/**
 * What the four form islands share: the submit call with the spec's error rules, field and
 * checkbox-group controls wired for errors and labels, the honeypot, spinner and icons.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type RefObject, type TextareaHTMLAttributes } from 'react';
import type * as z from 'zod/mini';
import { HONEYPOT_FIELD, fieldErrors, safeParse } from '../../api/src/schemas.ts';
import { WayForward } from './way-forward.tsx';
import './forms.css';

export type SendResult =
  | { kind: 'ok'; message?: string }
  | { kind: 'failed'; status: number; message?: string; issues: Record<string, string> }
  | { kind: 'network' };

/** POSTs JSON; a non-OK answer and a network failure are told apart, as the spec's messages are. */
export async function sendJson(endpoint: string, body: unknown): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'network' };
  }
  let payload: { message?: unknown; issues?: unknown } = {};
  try {
    payload = (await response.json()) as typeof payload;
  } catch {
    payload = {};
  }
  const message = typeof payload.message === 'string' && payload.message.trim() ? payload.message : undefined;
  if (response.ok) return { kind: 'ok', message };
  const issues: Record<string, string> = {};
  if (Array.isArray(payload.issues)) {
    for (const issue of payload.issues as Array<{ path?: unknown; message?: unknown }>) {
      if (typeof issue?.path === 'string' && typeof issue.message === 'string' && !(issue.path in issues))
        issues[issue.path] = issue.message;
    }
  }
  return { kind: 'failed', status: response.status, message, issues };
}

/** Runs the shared zod schema; returns field errors or the parsed (trimmed) values. */
export function check<S extends z.ZodMiniType>(schema: S, values: unknown): { errors: Record<string, string> | null; data?: z.output<S> } {
  const result = safeParse(schema, values);
  if (result.success) return { errors: null, data: result.data };
  return { errors: fieldErrors(schema, values) ?? {} };
}

/** False in the server HTML and the first render, true once hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Moves focus to the first field with an error, after React has rendered the messages. */
export function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string>) {
  if (!form) return;
  requestAnimationFrame(() => {
    const first = [...form.querySelectorAll<HTMLElement>('[name]')].find((el) => (el as HTMLInputElement).name in errors);
    first?.focus();
  });
}

/** The field that people never see and simple bots fill in. */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <div className="form-trap">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`${idPrefix}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

interface FieldProps {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  value: string;
  onValue: (name: string, value: string) => void;
  multiline?: boolean;
  className?: string;
}

export function Field({
  id,
  name,
  label,
  error,
  hint,
  optional,
  value,
  onValue,
  multiline,
  className,
  ...rest
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'name' | 'id'>) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValue(name, event.target.value),
  };
  return (
    <div className={['sipa-field', 'form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="form-optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p className="sipa-hint form-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input {...common} {...(rest as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      {error ? (
        <p className="sipa-field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxGroup<T extends string>({
  idPrefix,
  name,
  legend,
  hint,
  options,
  labels,
  selected,
  onToggle,
  error,
  disabled,
}: {
  idPrefix: string;
  name: string;
  legend: string;
  hint?: string;
  options: readonly T[];
  labels?: Readonly<Record<T, string>>;
  selected: readonly string[];
  onToggle: (name: string, value: T, checked: boolean) => void;
  error?: string;
  disabled?: boolean;
}) {
  const errorId = error ? `${idPrefix}-${name}-error` : undefined;
  const hintId = hint ? `${idPrefix}-${name}-hint` : undefined;
  return (
    <fieldset className="form-choices" aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} disabled={disabled}>
      <legend className="sipa-label">
        {legend}
        <span className="form-optional"> (optional)</span>
      </legend>
      {hint ? (
        <p className="sipa-hint form-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="form-choices__grid">
        {options.map((value, index) => {
          const id = `${idPrefix}-${name}-${index}`;
          return (
            <label key={value} className="form-choice" htmlFor={id}>
              <input
                id={id}
                type="checkbox"
                name={name}
                value={value}
                checked={selected.includes(value)}
                onChange={(event) => onToggle(name, value, event.target.checked)}
              />
              <span>{labels ? labels[value] : value}</span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p className="sipa-field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Spinner() {
  return <span className="form-spinner" aria-hidden="true" />;
}

export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.16" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Alert({ tone, children, id }: { tone: 'error' | 'success'; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`sipa-alert sipa-alert--${tone} form-alert`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {children}
    </div>
  );
}

export function useIdPrefix(given?: string): string {
  const generated = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return given ?? generated;
}

export type FlowStatus = 'editing' | 'submitting' | 'success' | 'error';
type Values = Record<string, string | string[]>;

/**
 * What the visitor already typed, ticked or picked in the server-rendered form, read back in the
 * shape of `initial` (text fields as strings, checkbox groups as lists of checked values). On a
 * slow phone the form is on screen seconds before its script runs, so this is the usual case.
 */
export function readFormValues<V extends Values>(form: HTMLFormElement, initial: V): V {
  const data = new FormData(form);
  const read = Object.entries(initial).map(([name, empty]) => {
    if (Array.isArray(empty)) return [name, data.getAll(name).filter((v): v is string => typeof v === 'string')];
    const value = data.get(name);
    return [name, typeof value === 'string' ? value : empty];
  });
  return Object.fromEntries(read) as V;
}

/**
 * Runs once, right after hydration and before the browser paints or handles another event: hands
 * the live values of the form to `adopt`, so React state starts from what is on screen and never
 * writes an empty value back over a field (even the one the visitor is typing in).
 */
export function useAdoptOnHydration(formRef: RefObject<HTMLFormElement | null>, adopt: (form: HTMLFormElement) => void) {
  const adoptRef = useRef(adopt);
  useLayoutEffect(() => {
    if (formRef.current) adoptRef.current(formRef.current);
  }, [formRef]);
}

/**
 * The state machine every form follows: editing -> submitting -> success | error. Field errors
 * come from the shared schema before sending (and from the server's `issues` after).
 */
export function useFormFlow<S extends z.ZodMiniType, V extends Values>(options: {
  schema: S;
  endpoint: string;
  initial: V;
  /** The alert text for a failed send (server message, non-OK fallback, network fallback). */
  failure: (result: Exclude<SendResult, { kind: 'ok' }>) => string;
  onSuccess?: (message: string | undefined) => void;
}) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FlowStatus>('editing');
  const [alert, setAlert] = useState('');
  const [successMessage, setSuccessMessage] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptOnHydration(formRef, (form) => setValues(readFormValues(form, options.initial)));

  const revalidate = (next: V) => {
    // Once a field has shown an error, it updates as the visitor types.
    if (!Object.keys(errors).length) return;
    const found = fieldErrors(options.schema, next) ?? {};
    setErrors((current) =>
      Object.fromEntries(
        Object.keys(current)
          .filter((key) => found[key])
          .map((key) => [key, found[key]]),
      ),
    );
  };

  const setValue = (name: string, value: string) => {
    const next = { ...values, [name]: value } as V;
    setValues(next);
    revalidate(next);
  };
  const toggle = (name: string, value: string, checked: boolean) => {
    const list = (values[name] as string[]) ?? [];
    const next = { ...values, [name]: checked ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value) } as V;
    setValues(next);
    revalidate(next);
  };

  async function submit(event: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    event.preventDefault();
    if (status === 'submitting') return;
    const form = event.currentTarget;
    const checked = check(options.schema, values);
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(form, checked.errors);
      return;
    }
    setErrors({});
    setAlert('');
    setStatus('submitting');
    const result = await sendJson(options.endpoint, checked.data);
    if (result.kind === 'ok') {
      setValues(options.initial);
      setSuccessMessage(result.message);
      setStatus('success');
      options.onSuccess?.(result.message);
      return;
    }
    if (result.kind === 'failed' && Object.keys(result.issues).length) {
      setErrors(result.issues);
    }
    setAlert(options.failure(result));
    setStatus('error');
  }

  function reset() {
    setValues(options.initial);
    setErrors({});
    setAlert('');
    setSuccessMessage(undefined);
    setStatus('editing');
  }

  return { values, setValue, toggle, errors, status, alert, successMessage, submit, reset, setStatus, formRef };
}

/** Moves focus to the success or error alert once a send settles, so it is announced. */
export function useAlertFocus(status: FlowStatus) {
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === 'success' || status === 'error') boxRef.current?.querySelector<HTMLElement>('.form-alert')?.focus();
  }, [status]);
  return boxRef;
}

/** The success state of a form: the message with a check mark, a detail line, an optional action. */
export function FormDone({
  boxRef,
  message,
  detail,
  children,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  message: string;
  detail?: string;
  children?: ReactNode;
}) {
  return (
    <div ref={boxRef} className="form-done">
      <Alert tone="success">
        <p className="form-done__title">
          <CheckIcon className="form-done__icon" />
          {message}
        </p>
        {detail ? <p className="form-done__detail">{detail}</p> : null}
      </Alert>
      {children}
    </div>
  );
}

/**
 * The frame the contact, volunteer and partnership forms share: the error alert above a real
 * <form method="post"> (which works before hydration), the honeypot, a fieldset disabled while
 * sending, and the submit button with its busy label. The fields go in `children`.
 */
export function FormFrame({
  boxRef,
  formRef,
  status,
  alert,
  onSubmit,
  idPrefix,
  endpoint,
  label,
  className,
  legend,
  submitLabel,
  busyLabel,
  children,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  status: FlowStatus;
  alert: string;
  onSubmit: (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => void;
  idPrefix: string;
  endpoint: string;
  label: string;
  className: string;
  legend: string;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const busy = status === 'submitting';
  return (
    <div ref={boxRef}>
      {status === 'error' ? (
        <Alert tone="error">
          <p>{alert}</p>
          <WayForward />
        </Alert>
      ) : null}
      <form
        ref={formRef}
        className={`sipa-form ${className}`}
        method="post"
        action={endpoint}
        aria-label={label}
        noValidate={hydrated}
        onSubmit={onSubmit}
        aria-busy={busy}
        data-state={status}
      >
        <Honeypot idPrefix={idPrefix} />
        <fieldset className="form-plain" disabled={busy}>
          <legend className="sipa-visually-hidden">{legend}</legend>
          {children}
          <div className="form-actions">
            <button className="sipa-button form-submit" type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {busy ? busyLabel : submitLabel}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}

/** Props that wire a text Field to the flow: `const field = bindField(flow, idPrefix)`. */
export function bindField<V extends Values>(
  flow: { values: V; errors: Record<string, string>; setValue: (name: string, value: string) => void },
  idPrefix: string,
) {
  type TextKey = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
  return (name: TextKey) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: flow.values[name] as string,
    onValue: flow.setValue,
    error: flow.errors[name],
  });
}
