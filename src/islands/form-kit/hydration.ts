/**
 * Hydration without losing what the visitor did first: whether the island has hydrated, and the
 * server-rendered form's live values handed to the island's state (forms and the list filters).
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** A form's values: text fields as strings, checkbox groups as lists of checked values. */
export type Values = Record<string, string | string[]>;

/** False in the server HTML and the first render, true once hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

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
 * the live values of the form to `adopt`, so the island's state starts from what is on screen and never
 * writes an empty value back over a field (even the one the visitor is typing in).
 */
export function useAdoptOnHydration(formRef: RefObject<HTMLFormElement | null>, adopt: (form: HTMLFormElement) => void) {
  const adoptRef = useRef(adopt);
  useLayoutEffect(() => {
    if (formRef.current) adoptRef.current(formRef.current);
  }, [formRef]);
}
