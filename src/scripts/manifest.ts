/**
 * Links the web app manifest once the shell runs (after the first paint, scripts/first-flight.ts)
 * rather than from the page's head: browsers read it for installing the site, never for drawing
 * the page, and a link in the head made it one more request beside the font and the LCP image.
 */
export const MANIFEST_PATH = '/site.webmanifest';

export function linkManifest(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_PATH;
  doc.head.append(link);
}
