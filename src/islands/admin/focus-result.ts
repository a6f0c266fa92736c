/**
 * Focus on the result of an action once it is drawn: a message that was empty (and hidden) until
 * the answer came, a view that replaces the button pressed. Asking before the render would focus
 * nothing, and focus would fall to the page.
 */
import { useLayoutEffect, useRef, useState } from 'react';

export function useFocusResult<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useLayoutEffect(() => {
    if (asked) ref.current?.focus();
  }, [asked]);
  return [ref, () => setAsked((n) => n + 1)] as const;
}
