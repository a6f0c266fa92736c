/**
 * The inbox and subscribers in the staff area, with their navigation and the count of new items.
 * Until the staff area's own shell mounts InboxPanel and SubscribersPanel in its navigation, this
 * is what /admin shows; each panel asks the API itself (a 401 sends the browser to sign in).
 */
import { useState } from 'react';
import InboxPanel from './InboxPanel.tsx';
import SubscribersPanel from './SubscribersPanel.tsx';
import { InboxNewCount, useInboxNewCount } from './new-count.tsx';

const SECTIONS = [
  { id: 'inbox', label: 'Inbox' },
  { id: 'subscribers', label: 'Subscribers' },
] as const;

export default function StaffInboxArea() {
  const [section, setSection] = useState<(typeof SECTIONS)[number]['id']>('inbox');
  const counts = useInboxNewCount();
  return (
    <div className="staff-inbox-area">
      <nav className="staff-inbox-nav" aria-label="Staff area">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                aria-current={section === s.id ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setSection(s.id);
                }}
              >
                {s.label}
                {s.id === 'inbox' ? <InboxNewCount count={counts?.total} /> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Both stay mounted (each keeps its filters and place); the other one is hidden. */}
      <div id="inbox" hidden={section !== 'inbox'}>
        <InboxPanel />
      </div>
      <div id="subscribers" hidden={section !== 'subscribers'}>
        <SubscribersPanel />
      </div>
    </div>
  );
}
