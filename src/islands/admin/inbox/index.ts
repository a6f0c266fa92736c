/** The staff inbox's parts, for the staff area's shell to mount in its navigation. */
export { default as InboxPanel } from './InboxPanel.tsx';
export { default as SubscribersPanel } from './SubscribersPanel.tsx';
export { InboxNewCount, useInboxNewCount, type NewCounts } from './new-count.tsx';
