import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

/** Debian's Chromium, the whole browser: Lighthouse measures pages in it (npm run bench). */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell): the same Blink
 * without the browser's interface layer, as Playwright itself runs headless tests. It ran the
 * route sweep in half the time the whole browser took here (48 s against 93 s for 41 routes).
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium a page is measured in: Debian's /usr/bin/chromium by default; CHROMIUM_PATH names
 * another binary, or "bundled" for Playwright's own downloaded browsers.
 */
export function chromiumExecutable(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured === 'bundled') return undefined;
  if (configured) return configured;
  return existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}

/** The Chromium tests and screenshots drive: the headless shell where Debian's is installed. */
export function testChromiumExecutable(): string | undefined {
  if (!process.env.CHROMIUM_PATH && existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  return chromiumExecutable();
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumLaunchOptions(): LaunchOptions {
  return { executablePath: testChromiumExecutable(), args: chromiumArgs };
}
