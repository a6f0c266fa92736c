/**
 * Result pages that several outcomes share (newsletter confirm/unsubscribe, the form error
 * page) render every outcome and show one: the URL fragment picks it with CSS :target even
 * without JavaScript; this script does the same from ?status= and, given ?token=, first asks
 * the API (the link in the email).
 */
export interface QueryStateOptions {
  /** The API endpoint that takes {token} (confirm or unsubscribe). */
  endpoint?: string;
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

export async function runQueryState(root: HTMLElement, options: QueryStateOptions = {}): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  if (token && options.endpoint) {
    show(root, 'working');
    try {
      const response = await fetch(options.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ token }),
      });
      show(root, response.ok ? 'done' : response.status === 400 ? 'invalid' : 'failed');
    } catch {
      show(root, 'failed');
    }
    // The token has done its work; keep it out of history and referrers.
    history.replaceState(null, '', `${window.location.pathname}?status=${root.dataset.current}`);
    return;
  }
  const state = params.get('status') ?? window.location.hash.slice(1);
  if (state) show(root, state);
}
