/**
 * The home carousel: advances every CAROUSEL_INTERVAL_MS with a CAROUSEL_FADE_MS cross-fade, a
 * dot jumps to its slide (and restarts the interval), and a button pauses and resumes it. While
 * the pointer is over the carousel or focus is inside it, it holds still (and goes on afterwards,
 * unless paused). With prefers-reduced-motion it starts paused and the fade is instant; the
 * visitor can still press Play. The button's one name says what pressing it will do.
 */
export function setUpCarousel(root: HTMLElement): void {
  // The two timings come from src/lib/constants.ts through the page (HeroCarousel.astro writes
  // them on the root), so this script imports nothing: one small file on the home page's first
  // paint instead of two (a shared module chunk), the round trip Lighthouse's LCP path counts.
  const intervalMs = Number(root.dataset.intervalMs);
  const fadeMs = Number(root.dataset.fadeMs);
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-slide-dot]')];
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  const toggleLabel = toggle?.querySelector<HTMLElement>('[data-toggle-label]');
  if (slides.length < 2) return;

  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let current = Math.max(0, slides.findIndex((slide) => slide.classList.contains('is-active')));
  let timer: number | undefined;
  let playing = !reduceMotion;
  let pointerInside = false;
  let focusInside = false;

  slides.forEach((slide) => {
    slide.style.transitionDuration = `${fadeMs}ms`;
  });

  function show(index: number): void {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      const active = i === current;
      slide.classList.toggle('is-active', active);
      if (active) slide.removeAttribute('aria-hidden');
      else slide.setAttribute('aria-hidden', 'true');
    });
    dots.forEach((dot, i) => {
      if (i === current) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    root.dataset.current = String(current);
  }

  function stop(): void {
    if (timer !== undefined) window.clearInterval(timer);
    timer = undefined;
  }

  function start(): void {
    stop();
    const held = pointerInside || focusInside;
    root.dataset.held = String(held);
    if (playing && !held) timer = window.setInterval(() => show(current + 1), intervalMs);
  }

  function renderToggle(): void {
    if (!toggle) return;
    toggle.dataset.state = playing ? 'playing' : 'paused';
    // The page wrote both names in its own language (HeroCarousel.astro).
    if (toggleLabel) toggleLabel.textContent = (playing ? toggle.dataset.labelPause : toggle.dataset.labelPlay) ?? '';
    root.dataset.playing = String(playing);
  }

  dots.forEach((dot, index) =>
    dot.addEventListener('click', () => {
      show(index);
      start();
    }),
  );
  toggle?.addEventListener('click', () => {
    playing = !playing;
    renderToggle();
    start();
  });
  root.addEventListener('pointerenter', () => {
    pointerInside = true;
    start();
  });
  root.addEventListener('pointerleave', () => {
    pointerInside = false;
    start();
  });
  root.addEventListener('focusin', () => {
    focusInside = true;
    start();
  });
  root.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    focusInside = false;
    start();
  });
  document.addEventListener('visibilitychange', () => (document.hidden ? stop() : start()));

  show(current);
  renderToggle();
  start();
  root.dataset.ready = 'true';
}

document.querySelectorAll<HTMLElement>('[data-carousel]').forEach(setUpCarousel);
