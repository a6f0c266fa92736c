/**
 * Program badges are rendered with the build-time status; this corrects them to the visitor's
 * month. A badge whose status follows the date carries the month its program turns active
 * (`activeFromMonth` in src/lib/program-status.ts, where the rule is), so all that is read here
 * is the visitor's own month, numbered as `monthNumber` numbers it. Nothing is imported: the
 * badge's script is one small file, not three on the way to the page's first paint.
 */
export function correctProgramStatuses(root: ParentNode = document, today = new Date()): void {
  const month = today.getFullYear() * 12 + today.getMonth();
  root.querySelectorAll<HTMLElement>('[data-active-from]').forEach((badge) => {
    const status = month >= Number(badge.dataset.activeFrom) ? 'active' : 'upcoming';
    badge.dataset.status = status;
    // The badge carries both names in the page's language (StatusBadge.astro).
    badge.textContent = (status === 'active' ? badge.dataset.labelActive : badge.dataset.labelUpcoming) ?? '';
  });
}
