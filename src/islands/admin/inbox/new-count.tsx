/**
 * The count of new inbox items for the staff navigation: `useInboxNewCount()` asks the API and
 * refreshes when a panel changes a status (the `sipa:inbox-changed` event); `<InboxNewCount />`
 * shows it as a badge with a label screen readers say in full.
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { JSON_REQUEST, call } from './staff-api.ts';

export const INBOX_CHANGED_EVENT = 'sipa:inbox-changed';
export type NewCounts = { contact: number; volunteer: number; partnership: number; total: number };

/** Tells the navigation (and anything else listening) that statuses changed. */
export const announceInboxChange = () => window.dispatchEvent(new Event(INBOX_CHANGED_EVENT));

export function useInboxNewCount(): NewCounts | null {
  const [counts, setCounts] = useState<NewCounts | null>(null);
  const load = useCallback(async () => {
    const answer = await call(() => api.inbox.counts.$get({}, JSON_REQUEST));
    if (answer.ok) setCounts(answer.data);
  }, []);
  useEffect(() => {
    void load();
    const reload = () => void load();
    window.addEventListener(INBOX_CHANGED_EVENT, reload);
    return () => window.removeEventListener(INBOX_CHANGED_EVENT, reload);
  }, [load]);
  return counts;
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
