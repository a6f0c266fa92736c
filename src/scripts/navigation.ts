/** The header's menu toggle below 992 px: aria-expanded, Escape closes, focus returns to the toggle. */
export function setUpNavigation(root: Document = document): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-nav-toggle]');
  const nav = root.querySelector<HTMLElement>('[data-nav]');
  if (!toggle || !nav) return;

  const setOpen = (open: boolean, returnFocus = false) => {
    toggle.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('is-open', open);
    if (open) nav.querySelector<HTMLElement>('a')?.focus();
    else if (returnFocus) toggle.focus();
  };

  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') setOpen(false, true);
  });
  nav.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !nav.contains(next) && next !== toggle && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
    }
  });
  // Leaving the small-screen layout closes the menu so it never stays open behind the wide nav.
  window.matchMedia('(min-width: 992px)').addEventListener('change', (event) => {
    if (event.matches) setOpen(false);
  });
}
