import { NEWSLETTER_SECTION_FADE_IN_MS } from '../lib/constants.ts';

/**
 * Sections marked data-fade-after-load fade in NEWSLETTER_SECTION_FADE_IN_MS after the page has
 * loaded (the home newsletter section). Without JavaScript, or with reduced motion, they simply show.
 */
const sections = [...document.querySelectorAll<HTMLElement>('[data-fade-after-load]')];
const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

if (sections.length && !reduceMotion) {
  for (const section of sections) {
    section.style.transitionDuration = `${NEWSLETTER_SECTION_FADE_IN_MS}ms`;
    section.classList.add('is-fade-pending');
  }
  const reveal = () =>
    window.setTimeout(() => {
      for (const section of sections) section.classList.add('is-faded-in');
    }, NEWSLETTER_SECTION_FADE_IN_MS);
  if (document.readyState === 'complete') reveal();
  else window.addEventListener('load', reveal, { once: true });
}
