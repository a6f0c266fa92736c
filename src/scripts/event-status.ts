import { eventStatus, localDay } from '../lib/events.ts';

/**
 * Corrects an event page's past/today/upcoming parts to the visitor's own date. The page is
 * rendered with the build's answer; elements carry data-when="past", "today", "upcoming" or
 * several of them, and are shown only when the visitor's status is among them.
 */
export function applyEventStatus(root: ParentNode = document, now: Date = new Date()): void {
  const today = localDay(now);
  root.querySelectorAll<HTMLElement>('[data-event-start]').forEach((scope) => {
    const status = eventStatus({ date: scope.dataset.eventStart ?? '' }, today);
    scope.dataset.status = status;
    scope.querySelectorAll<HTMLElement>('[data-when]').forEach((el) => {
      el.hidden = !(el.dataset.when ?? '').split(' ').includes(status);
    });
  });
}

applyEventStatus();
