/**
 * The count of new inbox items, one nanostores atom for the whole staff area: the navigation's
 * badge and the inbox panel's tabs read it with `useInboxNewCount()`, and a panel that changes a
 * status calls `refreshInboxNewCount()`, so both show the same figure from one request.
 * `<InboxNewCount />` shows a count as a badge with a label screen readers say in full.
 */
import { useStore } from '@nanostores/react';
import { atom, onMount } from 'nanostores';
import { api } from '../../../lib/api-client.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call } from '../../api-call.ts';

export type NewCounts = { contact: number; volunteer: number; partnership: number; total: number };

/** null until the API has answered. */
export const $inboxNewCounts = atom<NewCounts | null>(null);

/** Asks the API for the counts again (after a status changes); every reader follows. */
export async function refreshInboxNewCount(): Promise<void> {
  const answer = await call(() => api.inbox.counts.$get({}, JSON_REQUEST), SIGN_IN_ON_401);
  if (answer.ok) $inboxNewCounts.set(answer.data);
}

// Asked for when the first reader mounts (an administrator's staff area), not before.
onMount($inboxNewCounts, () => {
  void refreshInboxNewCount();
});

export function useInboxNewCount(): NewCounts | null {
  return useStore($inboxNewCounts);
}

export function InboxNewCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="inbox-badge" data-testid="inbox-new-count">
      {count.toLocaleString('en-US')}
      <span className="sipa-visually-hidden"> new</span>
    </span>
  );
}
