/** The form controls: text field, checkbox group and the honeypot, wired for labels, hints and errors. */
import { type ChangeEvent, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { HONEYPOT_FIELD, LIMITS } from '../../../api/src/schemas.ts';
import { useFormKitWords } from './texts.ts';

/** A field's error under it, which the field names in its aria-describedby. */
function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  return error ? (
    <p className="sipa-field-error" id={id}>
      {error}
    </p>
  ) : null;
}

/** The field that people never see and simple bots fill in. */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  const words = useFormKitWords();
  return (
    // Hidden from assistive technologies too: nobody should hear "Leave this field empty".
    <div className="form-trap" aria-hidden="true">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>{words.formHoneypot}</label>
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
  const words = useFormKitWords();
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
        {optional ? <span className="form-optional"> {words.formOptional}</span> : null}
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
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** What bindField gives a text field: its id, name, value, change handler and error. */
type BoundField = Pick<FieldProps, 'id' | 'name' | 'value' | 'onValue' | 'error'>;

/** The email address every public form asks for, written once. */
export function EmailField(props: BoundField & { label: string }) {
  return <Field {...props} type="email" required autoComplete="email" inputMode="email" maxLength={LIMITS.email} />;
}

/** The optional phone number of the public forms, written once. */
export function PhoneField(props: BoundField & { label: string }) {
  return <Field {...props} optional type="tel" autoComplete="tel" maxLength={LIMITS.phone} />;
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
  const words = useFormKitWords();
  const errorId = error ? `${idPrefix}-${name}-error` : undefined;
  const hintId = hint ? `${idPrefix}-${name}-hint` : undefined;
  return (
    <fieldset className="form-choices" aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} disabled={disabled}>
      <legend className="sipa-label">
        {legend}
        <span className="form-optional"> {words.formOptional}</span>
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
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/**
 * One choice from a short list, as a native select (easy on a phone): always one of the listed
 * values, so there is no empty "none" to decide about.
 */
export function SelectField<T extends string>({
  id,
  name,
  label,
  hint,
  value,
  onValue,
  options,
  labels,
  error,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  value: string;
  onValue: (name: string, value: string) => void;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  error?: string;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="sipa-field form-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="sipa-hint form-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onValue(name, event.target.value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/**
 * One choice among a few, as radio buttons (every choice in sight, one tap each); `value` is the
 * chosen option or '' for none yet. Required: the legend says nothing extra; else "(optional)".
 */
export function RadioGroup({
  idPrefix,
  name,
  legend,
  options,
  labels,
  value,
  onValue,
  required,
  error,
}: {
  idPrefix: string;
  name: string;
  legend: string;
  options: readonly string[];
  labels: Readonly<Record<string, string>>;
  value: string;
  onValue: (name: string, value: string) => void;
  required?: boolean;
  error?: string;
}) {
  const words = useFormKitWords();
  const base = `${idPrefix}-${name.replace(/\W/g, '-')}`;
  const errorId = error ? `${base}-error` : undefined;
  return (
    <fieldset className="form-choices" aria-describedby={errorId}>
      <legend className="sipa-label">
        {legend}
        {required ? null : <span className="form-optional"> {words.formOptional}</span>}
      </legend>
      <div className="form-choices__grid">
        {options.map((option, index) => {
          const id = `${base}-${index}`;
          return (
            <label key={option} className="form-choice" htmlFor={id}>
              <input id={id} type="radio" name={name} value={option} checked={value === option} required={required} onChange={() => onValue(name, option)} />
              <span>{labels[option]}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
