import type { Page } from '@playwright/test';

/**
 * Makes the page's main thread one that never has an idle moment, as on a busy phone: idle
 * callbacks run only when their timeout ends, and never without one.
 */
export async function neverIdle(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.requestIdleCallback = (callback, options) => {
      if (options?.timeout) setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options.timeout);
      return 0;
    };
  });
}

/**
 * Makes the page's main thread idle as soon as a task ends, as on a quiet phone. (Headless Chromium
 * can go seconds without an idle period while it records the screen or the machine is busy.)
 */
export async function alwaysIdle(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.requestIdleCallback = (callback) => window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 0);
  });
}
