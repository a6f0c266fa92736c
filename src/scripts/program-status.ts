import { programStatus, statusLabel } from '../lib/program-status.ts';

/**
 * Program badges are rendered with the build-time status; this corrects them to the visitor's
 * date (a program turns active in the calendar month after it starts).
 */
export function correctProgramStatuses(root: ParentNode = document, today = new Date()): void {
  root.querySelectorAll<HTMLElement>('[data-program-start]').forEach((badge) => {
    const status = programStatus({ startDate: badge.dataset.programStart ?? '', status: badge.dataset.programGiven || undefined }, today);
    badge.dataset.status = status;
    // The badge carries both names in the page's language (StatusBadge.astro).
    const named = status === 'active' ? badge.dataset.labelActive : status === 'upcoming' ? badge.dataset.labelUpcoming : undefined;
    badge.textContent = named ?? statusLabel(status);
  });
}

correctProgramStatuses();
