/**
 * The spec passes the error page its message in navigation state. A static site carries it in
 * session storage across the navigation (and history.state when set), read once by /error.
 */
export const ERROR_MESSAGE_KEY = 'sipa:error-message';

export interface MessageStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function storeErrorMessage(store: MessageStore, message: string): void {
  store.setItem(ERROR_MESSAGE_KEY, message.slice(0, 500));
}

/** Reads and forgets the message, so a reload of /error shows the default text. */
export function takeErrorMessage(store: MessageStore, historyState?: unknown): string | null {
  const fromState =
    historyState && typeof historyState === 'object' && 'message' in historyState
      ? String((historyState as { message: unknown }).message)
      : null;
  const stored = store.getItem(ERROR_MESSAGE_KEY);
  store.removeItem(ERROR_MESSAGE_KEY);
  const message = (fromState ?? stored)?.trim();
  return message ? message : null;
}
