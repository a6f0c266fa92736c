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
 */
import type { ClientDirective } from 'astro';

/** Inputs after which the browser reports no more largest paints, so there is nothing to wait for. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;

type LargestPaint = PerformanceEntry & { element: Element | null; size: number };

/**
 * The area the browser counts for an image's largest-paint candidate: its part inside the viewport,
 * no more than its natural size when upscaled; 0 when it has not painted and will not.
 */
function paintedArea(image: HTMLImageElement): number {
  if (!image.complete || !image.naturalWidth) return 0;
  const box = image.getBoundingClientRect();
  const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  if (width <= 0 || height <= 0) return 0;
  return width * height * Math.min(1, (image.naturalWidth * image.naturalHeight) / (box.width * box.height));
}

/** How the page settled: its largest paint was shown, or the visitor did something first. */
type Settled = 'painted' | 'input';

let settledPage: Promise<Settled> | undefined;

/**
 * Resolves once the load event has fired and the browser has reported the page's largest paint:
 * the image the page asks for first (`fetchpriority="high"`), unless what it has reported already
 * is larger than that image. Where the browser reports no largest paint (Safari), at the load event.
 */
function whenSettled(): Promise<Settled> {
  settledPage ??= new Promise<Settled>((resolve) => {
    let loaded = document.readyState === 'complete';
    let largest: LargestPaint | undefined;
    let observer: PerformanceObserver | undefined;
    const settle = (how: Settled) => {
      observer?.disconnect();
      for (const type of INPUT_EVENTS) removeEventListener(type, onInput, true);
      resolve(how);
    };
    const onInput = () => settle('input');
    const check = () => {
      if (!loaded) return;
      if (!observer) return settle('painted');
      if (!largest) return;
      const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
      if (image && largest.element !== image && paintedArea(image) > largest.size) return;
      settle('painted');
    };
    if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver((list) => {
        largest = list.getEntries().at(-1) as LargestPaint;
        check();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    }
    for (const type of INPUT_EVENTS) addEventListener(type, onInput, { capture: true, passive: true });
    if (!loaded) {
      addEventListener('load', () => {
        loaded = true;
        check();
      }, { once: true });
    }
    check();
  });
  return settledPage;
}

const settledDirective: ClientDirective = (load, options) => {
  const timeout = typeof options.value === 'object' ? (options.value as { timeout?: number }).timeout : undefined;
  let woken = false;
  const wake = async () => {
    if (woken) return;
    woken = true;
    clearTimeout(deadline);
    await (await load())();
  };
  const deadline = timeout ? setTimeout(wake, timeout) : undefined;
  void whenSettled().then((how) => {
    if (woken) return;
    // A visitor at work wants the island now; otherwise it waits for a moment the page is not using.
    if (how === 'input') void wake();
    else if ('requestIdleCallback' in window) requestIdleCallback(() => void wake());
    else setTimeout(wake, 200);
  });
};

export default settledDirective;
