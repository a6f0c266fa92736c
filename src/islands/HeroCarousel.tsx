/**
 * The home carousel (spec: 4 images, every CAROUSEL_INTERVAL_MS with a CAROUSEL_FADE_MS
 * cross-fade; a dot jumps to its slide and restarts the interval; a button pauses and resumes).
 * While the pointer is over it or focus is inside it, it holds still, and goes on afterwards
 * unless paused; in a hidden tab it waits. Under prefers-reduced-motion it starts paused and the
 * fade is instant (global.css); the visitor can still press Play. The button's one name says
 * what pressing it will do.
 *
 * The slides' figures are drawn by the server (HeroCarousel.astro, slots `slide0`, `slide1`...):
 * the first slide's image is the home page's largest paint and stays in the page as it was, with
 * its preload; the island only shows one slide at a time. Its words come in the page's language
 * as props, so it loads no catalogue. Written with `createElement`, not JSX: JSX would import
 * React's JSX runtime, which the build would then split from the form islands' shared chunk,
 * one more request (and 13 bytes more in the first flight) on every page with a form.
 */
import { createElement as h, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { CAROUSEL_FADE_MS, CAROUSEL_INTERVAL_MS } from '../lib/constants.ts';

export interface HeroCarouselProps {
  /** The carousel's name ('Scenes from our community'). */
  label: string;
  /** Each slide's name ('1 of 4: A community that welcomes'), one per slide. */
  slideLabels: readonly string[];
  /** Each dot's name ('Show slide 1: A community that welcomes'). */
  dotLabels: readonly string[];
  /** The dots' group name. */
  chooseLabel: string;
  pauseLabel: string;
  playLabel: string;
  /** The slides' figures, `slide0` to `slide{n-1}`. */
  [slide: `slide${number}`]: ReactNode;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export default function HeroCarousel({ label, slideLabels, dotLabels, chooseLabel, pauseLabel, playLabel, ...slides }: HeroCarouselProps) {
  const count = slideLabels.length;
  const root = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [pointerInside, setPointerInside] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [tabHidden, setTabHidden] = useState(false);
  /** Bumped by a dot: the interval starts again from the slide the visitor chose. */
  const [chosen, setChosen] = useState(0);

  useEffect(() => {
    root.current?.style.setProperty('--carousel-fade', `${CAROUSEL_FADE_MS}ms`);
    const motion = matchMedia(REDUCED_MOTION);
    setPlaying(!motion.matches);
    const onMotion = () => motion.matches && setPlaying(false);
    const onVisibility = () => setTabHidden(document.hidden);
    motion.addEventListener('change', onMotion);
    document.addEventListener('visibilitychange', onVisibility);
    onVisibility();
    setReady(true);
    return () => {
      motion.removeEventListener('change', onMotion);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const held = pointerInside || focusInside;
  const advancing = ready && playing && !held && !tabHidden && count > 1;
  useEffect(() => {
    if (!advancing) return;
    // One interval for as long as it advances (not a timeout per slide, which would wait for each render).
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [advancing, chosen, count]);

  const slideFrames = slideLabels.map((slideLabel, index) =>
    h(
      'div',
      {
        key: index,
        className: index === current ? 'carousel__slide is-active' : 'carousel__slide',
        'data-slide': index,
        role: 'group',
        'aria-roledescription': 'slide',
        'aria-label': slideLabel,
        'aria-hidden': index === current ? undefined : 'true',
      },
      slides[`slide${index}`],
    ),
  );
  const icon = (name: 'pause' | 'play', path: string) =>
    h('svg', { className: `carousel__icon carousel__icon--${name}`, viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true' }, h('path', { d: path, fill: 'currentColor' }));
  const toggle = h(
    'button',
    { type: 'button', className: 'carousel__toggle', 'data-carousel-toggle': '', 'data-state': playing ? 'playing' : 'paused', onClick: () => setPlaying(!playing) },
    icon('pause', 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z'),
    icon('play', 'M8 5v14l11-7z'),
    h('span', { 'data-toggle-label': '' }, playing ? pauseLabel : playLabel),
  );
  const dots = dotLabels.map((dotLabel, index) =>
    h(
      'button',
      {
        key: index,
        type: 'button',
        className: 'carousel__dot',
        'data-slide-dot': index,
        'aria-label': dotLabel,
        'aria-current': index === current ? 'true' : undefined,
        onClick: () => {
          setCurrent(index);
          setChosen((times) => times + 1);
        },
      },
      h('span', { 'aria-hidden': 'true' }),
    ),
  );

  return h(
    'div',
    {
      ref: root,
      className: 'carousel',
      'data-carousel': '',
      'data-ready': ready ? 'true' : undefined,
      'data-current': current,
      'data-held': String(held),
      'data-playing': String(ready && playing),
      role: 'region',
      'aria-roledescription': 'carousel',
      'aria-label': label,
      onPointerEnter: () => setPointerInside(true),
      onPointerLeave: () => setPointerInside(false),
      onFocus: () => setFocusInside(true),
      onBlur: (event: FocusEvent<HTMLDivElement>) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocusInside(false);
      },
    },
    // Announced when the visitor moves it, silent while it moves by itself (WAI-ARIA's carousel pattern).
    h('div', { className: 'carousel__viewport', 'aria-live': advancing ? 'off' : 'polite' }, slideFrames),
    h('div', { className: 'carousel__controls' }, toggle, h('div', { className: 'carousel__dots', role: 'group', 'aria-label': chooseLabel }, dots)),
  );
}
