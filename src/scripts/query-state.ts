/**
 * Result pages that several outcomes share (newsletter confirm/unsubscribe, the form error
 * page) render every outcome and show one: the URL fragment picks it with CSS :target even
 * without JavaScript; this script does the same from ?status=. Given ?token= (the link in the
 * email) it shows the page's button and nothing else: opening a link never changes anything,
 * so mail scanners that fetch links cannot confirm or unsubscribe anybody. The button POSTs
 * the token (as JSON here; as a form post to the page's own address without JavaScript).
 */
import type { JsonEndpoint } from '../lib/api-client.ts';

export interface QueryStateOptions {
  /** The API endpoint that takes {token} (confirm or unsubscribe), from the typed client. */
  endpoint?: JsonEndpoint<{ token: string }>;
}

function show(root: HTMLElement, state: string): void {
  let found = false;
  for (const panel of root.querySelectorAll<HTMLElement>('[data-state]')) {
    const match = panel.dataset.state === state;
    panel.classList.toggle('is-current', match);
    if (match) found = true;
  }
  root.dataset.current = found ? state : 'default';
  if (found) root.querySelector<HTMLElement>(`[data-state="${state}"] h2`)?.focus();
}

export function runQueryState(root: HTMLElement, options: QueryStateOptions = {}): void {
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  const form = root.querySelector<HTMLFormElement>('form[data-token-form]');
  if (token && options.endpoint && form) {
    const endpoint = options.endpoint;
    show(root, 'ready');
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      show(root, 'working');
      try {
        const response = await endpoint.$post({ json: { token } }, { headers: { Accept: 'application/json' } });
        show(root, response.ok ? 'done' : response.status === 400 ? 'invalid' : 'failed');
      } catch {
        show(root, 'failed');
      }
      // The token has done its work; keep it out of history and referrers.
      history.replaceState(null, '', `${window.location.pathname}?status=${root.dataset.current}`);
    });
    return;
  }
  const state = params.get('status') ?? window.location.hash.slice(1);
  if (state) show(root, state);
}
