/**
 * Page views go to Google Analytics only when a measurement id is configured (a <meta> the layout
 * writes). The library loads after the page, so it never blocks rendering.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export function analyticsId(root: Document = document): string | null {
  return root.querySelector<HTMLMetaElement>('meta[name="sipa:analytics"]')?.content || null;
}

export function setUpAnalytics(root: Document = document): void {
  const id = analyticsId(root);
  if (!id || window.gtag) return;
  window.dataLayer = window.dataLayer || [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id);
  const script = root.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  root.head.append(script);
}
