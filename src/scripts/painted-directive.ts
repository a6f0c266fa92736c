/**
 * `client:painted`: an island that holds the page's largest image (the home carousel, whose first
 * slide is the home page's largest paint) wakes once that paint is on screen: after the load
 * event, once the browser has reported a largest paint at least as large as the page's first
 * image (`img[fetchpriority="high"]`) shows, then when the browser is idle (`timeout`: at the
 * latest that long after). Registered in astro.config.mjs.
 *
 * Why not `client:idle`: the island runtime holds every island until the first contentful paint
 * (scripts/island-preload.ts), which on a slow phone is the text, drawn while the first slide is
 * still arriving; React's 60 KB would then share the narrow connection with the very image the
 * largest paint waits for. Before it wakes the carousel loses nothing a visitor can see: its
 * first slide is in the page and its controls are kept out of sight (HeroCarousel.astro).
 * A tap, a key or the wheel ends the browser's largest-paint reports, and wakes it at once.
 *
 * Written for size: it travels in the island runtime's file, which the page asks for early.
 */
import type { ClientDirective } from 'astro';

type LargestPaint = PerformanceEntry & { element: Element | null; size: number };

/** The part of an image inside the viewport, in CSS pixels; 0 when it has not painted and will not. */
function paintedArea(image: HTMLImageElement): number {
  if (!image.complete || !image.naturalWidth) return 0;
  const box = image.getBoundingClientRect();
  return Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0)) * Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
}

/** Resolves once the page's largest paint is on screen (or the visitor has acted). */
function largestPaintShown(): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown', 'wheel']) addEventListener(type, () => resolve(), { capture: true, passive: true, once: true });
    const afterLoad = () => {
      // A browser that reports no largest paint (Safari): the load event is the nearest sign.
      if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return resolve();
      // Buffered: the first call brings every paint reported so far, the largest last.
      new PerformanceObserver((list, observer) => {
        const largest = list.getEntries().at(-1) as LargestPaint;
        const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
        if (!image || largest.element === image || paintedArea(image) <= largest.size) observer.disconnect(), resolve();
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    };
    if (document.readyState === 'complete') afterLoad();
    else addEventListener('load', afterLoad, { once: true });
  });
}

const paintedDirective: ClientDirective = (load, options) => {
  const timeout = (options.value as { timeout?: number } | undefined)?.timeout;
  const wake = async () => (await load())();
  void largestPaintShown().then(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void wake(), timeout ? { timeout } : undefined);
    else setTimeout(wake, 200);
  });
};

export default paintedDirective;
