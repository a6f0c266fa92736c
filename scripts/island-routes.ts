/**
 * What the island bench (scripts/bench/island-round.ts) and the island browser tests
 * (tests/e2e/island-round.spec.ts) both work on: the routes whose island a visitor comes for, and
 * the slow phone Lighthouse's mobile preset stands for.
 */

/** The routes whose island a visitor comes for, and that island (its name in Astro's `opts`). */
export const ISLAND_ROUTES = [
  { route: '/donate', island: 'DonationFormIsland' },
  { route: '/contact', island: 'ContactFormIsland' },
  { route: '/get-involved', island: 'VolunteerFormIsland' },
  { route: '/programs', island: 'ProgramsExplorer' },
  { route: '/events', island: 'EventsBrowser' },
  { route: '/blog', island: 'BlogBrowser' },
] as const;

/** Lighthouse's mobile preset, applied throttling (its `mobileSlow4G` with devtools' factors). */
export const PHONE = { cpuSlowdown: 4, latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675 } as const;

/** Chromium's network conditions (DevTools protocol `Network.emulateNetworkConditions`) for PHONE. */
export const PHONE_NETWORK = {
  offline: false,
  latency: PHONE.latencyMs,
  downloadThroughput: (PHONE.downloadKbps * 1024) / 8,
  uploadThroughput: (PHONE.uploadKbps * 1024) / 8,
} as const;
