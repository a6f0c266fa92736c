/**
 * The form-flow hook every form island follows (editing -> submitting -> success | error) and the
 * small pieces around it: checking with the shared schema, focus on the first error or the
 * alert, and the props that wire a text field to the flow.
 */
import { useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { fieldErrors, safeParse } from '../../../api/src/schemas.ts';
import { JSON_REQUEST, type JsonEndpoint } from '../../lib/api-client.ts';
import { readFormValues, useAdoptOnHydration, type Values } from './hydration.ts';
import { call, type Failure } from '../api-call.ts';
import { localizeErrors, type FormKitTexts } from './texts.ts';
import type { Lang } from '../../lib/i18n/languages.ts';

export type FlowStatus = 'editing' | 'submitting' | 'success' | 'error';

/**
 * Runs the shared zod schema; returns field errors (in the form's language when its texts are
 * given) or the parsed (trimmed) values.
 */
export function check<S extends z.ZodMiniType>(schema: S, values: unknown, texts?: FormKitTexts): { errors: Record<string, string> | null; data?: z.output<S> } {
  const result = safeParse(schema, values);
  if (result.success) return { errors: null, data: result.data };
  const errors = fieldErrors(schema, values) ?? {};
  return { errors: texts ? localizeErrors(errors, texts) : errors };
}

/** Moves focus to the first field with an error, after the island has rendered the messages. */
export function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string>) {
  if (!form) return;
  requestAnimationFrame(() => {
    const first = [...form.querySelectorAll<HTMLElement>('[name]')].find((el) => (el as HTMLInputElement).name in errors);
    first?.focus();
  });
}

/**
 * The state machine every form follows: editing -> submitting -> success | error. Field errors
 * come from the shared schema before sending (and from the server's `issues` after).
 */
export function useFormFlow<S extends z.ZodMiniType, V extends Values>(options: {
  schema: S;
  endpoint: JsonEndpoint<z.input<S>>;
  initial: V;
  /** The page's language: sent with the values, so the answer, the stored row and the mail follow it. */
  lang: Lang;
  /** The shared parts' words in that language (field errors among them). */
  texts: FormKitTexts;
  /** The alert text for a failed send (server message, non-OK fallback, network fallback). */
  failure: (result: Failure) => string;
  onSuccess?: (message: string | undefined) => void;
  /** The values as the schema reads them, where the form's fields are not the schema's keys one for one. */
  toInput?: (values: V) => unknown;
  /** Errors the schema cannot know (an event's own questions), by field name, in the form's language. */
  moreErrors?: (values: V) => Record<string, string>;
}) {
  const input = (values: V) => (options.toInput ? options.toInput(values) : values);
  const errorsOf = (values: V) => ({ ...localizeErrors(fieldErrors(options.schema, input(values)) ?? {}, options.texts), ...options.moreErrors?.(values) });
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
    const found = errorsOf(next);
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
    const checked = check(options.schema, input(values), options.texts);
    const found = checked.errors ? errorsOf(values) : options.moreErrors?.(values);
    if (found && Object.keys(found).length) {
      setErrors(found);
      focusFirstError(form, found);
      return;
    }
    setErrors({});
    setAlert('');
    setStatus('submitting');
    const json = { ...(checked.data as object), lang: options.lang } as z.input<S>;
    const result = await call(() => options.endpoint.$post({ json }, { headers: JSON_REQUEST.headers }));
    if (result.ok) {
      const message = typeof result.body.message === 'string' && result.body.message.trim() ? result.body.message : undefined;
      setValues(options.initial);
      setSuccessMessage(message);
      setStatus('success');
      options.onSuccess?.(message);
      return;
    }
    if (result.issues.length) {
      // The first issue of each field is the one shown under it.
      const issues: Record<string, string> = {};
      for (const issue of result.issues) issues[issue.path] ??= issue.message;
      setErrors(issues);
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
