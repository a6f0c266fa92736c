/**
 * `client:settled`: an island wakes once the page has settled (loaded, and its largest paint on
 * screen), then when the browser is idle, and at the latest `timeout` ms after its element was
 * parsed. Registered in astro.config.mjs.
 *
 * Why not `client:idle`: the browser is often idle between drawing the first screen and showing it,
 * and an island waking there fetches its modules while the first screen's image and font still
 * need the phone's narrow connection (and Lighthouse then counts them in the time to the largest
 * paint). Before it wakes, an island's server-drawn HTML works on its own (lists are in the page,
 * forms submit without JavaScript), so a visitor loses nothing by the wait; one who taps, types or
 * scrolls with the wheel wakes it at once, without waiting for an idle moment.
 *
 * It is written for size: it travels in the island runtime's file, which the page asks for before
 * its largest paint, and Lighthouse's simulated connection has little room left there.
 */
import type { ClientDirective } from 'astro';

/** Inputs after which the browser reports no more largest paints, so there is nothing to wait for. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel'];

type LargestPaint = PerformanceEntry & { element: Element | null; size: number };

/** The part of an image inside the viewport, in CSS pixels; 0 when it has not painted and will not. */
function paintedArea(image: HTMLImageElement): number {
  if (!image.complete || !image.naturalWidth) return 0;
  const box = image.getBoundingClientRect();
  return Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0)) * Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
}

/** Resolves true on the visitor's first input, false once the page has settled. */
let settledPage: Promise<boolean> | undefined;

/**
 * The page has settled once the load event has fired and the browser has reported its largest
 * paint: the image the page asks for first (`fetchpriority="high"`), unless what it has reported
 * is larger than that image. Where the browser reports no largest paint (Safari), at the load event.
 */
function whenSettled(): Promise<boolean> {
  settledPage ??= new Promise<boolean>((resolve) => {
    for (const type of INPUT_EVENTS) addEventListener(type, () => resolve(true), { capture: true, passive: true, once: true });
    const afterLoad = () => {
      if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return resolve(false);
      // Buffered: the first call brings every paint reported so far, the largest last.
      new PerformanceObserver((list) => {
        const largest = list.getEntries().at(-1) as LargestPaint;
        const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
        if (!image || largest.element === image || paintedArea(image) <= largest.size) resolve(false);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    };
    if (document.readyState === 'complete') afterLoad();
    else addEventListener('load', afterLoad, { once: true });
  });
  return settledPage;
}

const settledDirective: ClientDirective = (load, options) => {
  let woken = false;
  const wake = async () => {
    if (woken) return;
    woken = true;
    await (await load())();
  };
  const timeout = (options.value as { timeout?: number } | undefined)?.timeout;
  if (timeout) setTimeout(wake, timeout);
  // A visitor at work wants the island now; otherwise it waits for a moment the page is not using.
  void whenSettled().then((byInput) => {
    if (byInput) void wake();
    else if ('requestIdleCallback' in window) requestIdleCallback(() => void wake());
    else setTimeout(wake, 200);
  });
};

export default settledDirective;
