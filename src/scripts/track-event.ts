/**
 * Events for Google Analytics, sent through the gtag that the page shell sets up when a
 * measurement id is configured (src/scripts/analytics.ts). A module of its own so that the
 * shell's script shares nothing with the page scripts that send events.
 */
/** Sends an event when analytics is configured; does nothing otherwise. */
export function trackEvent(name: string, params: Record<string, unknown>): boolean {
  if (typeof window === 'undefined' || typeof window.gtag !== 'function') return false;
  window.gtag('event', name, params);
  return true;
}
