import { BACK_TO_TOP_THRESHOLD_PX } from '../lib/constants.ts';

/** Shows the back-to-top button once the page has scrolled past the threshold. */
export function setUpBackToTop(root: Document = document): void {
  const button = root.querySelector<HTMLButtonElement>('[data-back-to-top]');
  if (!button) return;
  let ticking = false;
  const update = () => {
    button.hidden = window.scrollY <= BACK_TO_TOP_THRESHOLD_PX;
    ticking = false;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!ticking) {
        ticking = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  button.addEventListener('click', () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    root.getElementById('main')?.focus({ preventScroll: true });
  });
  update();
}
