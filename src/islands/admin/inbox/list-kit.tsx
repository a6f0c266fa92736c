/**
 * What the staff lists (Inbox, Subscribers, Donations) share: a list read page by page with
 * "Show more", the search field and the date range of their filter forms.
 */
import { useCallback, useRef, useState } from 'react';
import { SEARCH_MAX } from '../../../lib/inbox.ts';
import { problemOf, type Answer } from '../../api-call.ts';

export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

/**
 * The list's state and `load(cursor?)`: no cursor reads the first page again, a cursor appends
 * the next one. `fetchPage` changes when the list's filters do (a useCallback of the panel).
 */
export function usePagedList<Item>(fetchPage: (cursor?: string) => Promise<Answer<Page<Item>>>) {
  const [items, setItems] = useState<Item[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState('');
  const latestRequest = useRef(0);

  const load = useCallback(
    async (cursor?: string) => {
      // Only the newest request may fill the list: an older answer arriving late is dropped.
      const request = ++latestRequest.current;
      setLoading(true);
      setProblem('');
      const answer = await fetchPage(cursor);
      if (request !== latestRequest.current) return;
      setLoading(false);
      if (!answer.ok) return setProblem(problemOf(answer));
      setItems((current) => (cursor ? [...current, ...answer.data.items] : answer.data.items));
      setNextCursor(answer.data.nextCursor);
    },
    [fetchPage],
  );

  return { items, setItems, nextCursor, loading, problem, setProblem, load };
}

/** "Show more", while the API has a next page. */
export function ShowMore({ list }: { list: Pick<ReturnType<typeof usePagedList>, 'nextCursor' | 'loading' | 'load'> }) {
  const { nextCursor } = list;
  if (!nextCursor) return null;
  return (
    <button type="button" className="sipa-button sipa-button--secondary inbox-more" disabled={list.loading} onClick={() => void list.load(nextCursor)}>
      Show more
    </button>
  );
}

/** A list's search box, as long as the API accepts (SEARCH_MAX). */
export function SearchField({ id, label, placeholder, name, value, onValue }: { id: string; label: string; placeholder?: string; name?: string; value: string; onValue: (value: string) => void }) {
  return (
    <div className="inbox-field inbox-field--wide">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" name={name} maxLength={SEARCH_MAX} placeholder={placeholder} value={value} onChange={(event) => onValue(event.target.value)} />
    </div>
  );
}

/** The From and To dates of a list's filters (ids `${idPrefix}-from` and `${idPrefix}-to`). */
export function DateRangeFields({ idPrefix, from, to, onValue }: { idPrefix: string; from: string; to: string; onValue: (name: 'from' | 'to', value: string) => void }) {
  return (
    <>
      <div className="inbox-field">
        <label htmlFor={`${idPrefix}-from`}>From</label>
        <input id={`${idPrefix}-from`} type="date" value={from} onChange={(event) => onValue('from', event.target.value)} />
      </div>
      <div className="inbox-field">
        <label htmlFor={`${idPrefix}-to`}>To</label>
        <input id={`${idPrefix}-to`} type="date" value={to} onChange={(event) => onValue('to', event.target.value)} />
      </div>
    </>
  );
}
