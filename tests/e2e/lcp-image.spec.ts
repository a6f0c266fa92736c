import { expect, test, type Page } from '@playwright/test';
import { builtRoutes, oneRouteOfEachTemplate } from '../support/routes.ts';

/**
 * The largest thing a visitor sees first (the page's LCP element) arrives as early as it can: when
 * it is an image, that image is in the HTML the server sends, is not lazy-loaded (a lazy image
 * waits for layout before it is even asked for), is asked for first (`fetchpriority="high"`) and
 * is preloaded from the head, so the browser asks for it with the font instead of when the parser
 * reaches it, and fetches it once.
 * Lighthouse's "LCP request discovery" checks the same three things. One route of every template,
 * the lists in French and Swahili and a second page of the blog, at Lighthouse's phone size and
 * at a desktop's.
 */
const built = builtRoutes();
const LISTS_BEYOND_THE_FIRST = ['/fr/blog', '/sw/events', '/blog/2'];
for (const route of LISTS_BEYOND_THE_FIRST) if (!built.includes(route)) throw new Error(`${route} was not built`);
const ROUTES = [...oneRouteOfEachTemplate(built), ...LISTS_BEYOND_THE_FIRST];

interface LcpElement {
  tag: string;
  src: string | null;
  loading: string | null;
  fetchPriority: string;
  /** How many times the page fetched the image (a preload the <img> cannot use makes it two). */
  fetches: number;
  text: string;
}

async function largestContentfulPaint(page: Page, route: string): Promise<LcpElement> {
  await page.goto(route, { waitUntil: 'load' });
  // An image still fading in is not painted yet: the LCP is read once every image in the first
  // screen has appeared (lazy ones further down may never load).
  const fadingInView = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('img.is-loading')].filter((img) => {
          const box = img.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.top < innerHeight;
        }).length,
    );
  await expect.poll(fadingInView, { message: `${route}: images in the first screen still loading` }).toBe(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(
    () =>
      new Promise<LcpElement>((resolve, reject) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const element = (list.getEntries().at(-1) as PerformanceEntry & { element: Element | null } | undefined)?.element;
          if (!element) return reject(new Error('no LCP element'));
          resolve({
            tag: element.tagName,
            src: element.getAttribute('src'),
            loading: element.getAttribute('loading'),
            fetchPriority: element instanceof HTMLImageElement ? element.fetchPriority : '',
            fetches: element instanceof HTMLImageElement ? performance.getEntriesByName(element.currentSrc, 'resource').length : 0,
            text: (element.textContent ?? '').trim().slice(0, 60),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of ROUTES) {
      test(`${route}: an LCP image is in the HTML, eager, asked for first and preloaded once`, async ({ page, request }) => {
        const lcp = await largestContentfulPaint(page, route);
        if (lcp.tag !== 'IMG') {
          expect(lcp.text, `${route}: the LCP element is text`).not.toBe('');
          return;
        }
        const html = await (await request.get(route)).text();
        expect(html, `${route}: ${lcp.src} is in the served HTML`).toContain(`src="${lcp.src}"`);
        expect(lcp.loading, `${route}: ${lcp.src} is not lazy`).not.toBe('lazy');
        expect(lcp.fetchPriority, `${route}: ${lcp.src} is asked for first`).toBe('high');
        const head = html.slice(0, html.indexOf('</head>'));
        expect(head, `${route}: ${lcp.src} is preloaded from the head`).toContain(`<link rel="preload" href="${lcp.src}" as="image" fetchpriority="high">`);
        expect(lcp.fetches, `${route}: ${lcp.src} is fetched once`).toBe(1);
      });
    }
  });
}

test.describe('the lists at a phone size', () => {
  test.use({ viewport: { width: 412, height: 823 } });
  // The rule above holds for images; on these two pages the LCP is one, so it is checked there.
  for (const [route, src] of [
    ['/blog', /^\/art\/blog\/[\w-]+\.svg$/],
    ['/events', /^\/art\/events\/[\w-]+\.svg$/],
  ] as const) {
    test(`${route}: the LCP is the first image of the list`, async ({ page }) => {
      const lcp = await largestContentfulPaint(page, route);
      expect(lcp.tag).toBe('IMG');
      expect(lcp.src).toMatch(src);
      const first = page.locator('main img').first();
      await expect(first).toHaveAttribute('src', lcp.src!);
    });
  }
});
