import type { Page } from '@playwright/test';

/**
 * Makes the page's main thread one that never has an idle moment, as on a busy phone: idle
 * callbacks run only when their timeout ends, and never without one. `idleTimeouts` then tells
 * the timeouts the page asked for.
 */
export async function neverIdle(page: Page): Promise<{ idleTimeouts: () => Promise<number[]> }> {
  await page.addInitScript(() => {
    const asked: number[] = [];
    (window as unknown as { idleTimeouts: number[] }).idleTimeouts = asked;
    window.requestIdleCallback = (callback, options) => {
      asked.push(options?.timeout ?? 0);
      if (options?.timeout) setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options.timeout);
      return 0;
    };
  });
  return { idleTimeouts: () => page.evaluate(() => (window as unknown as { idleTimeouts: number[] }).idleTimeouts) };
}
