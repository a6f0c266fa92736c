import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

/**
 * How tests and scripts start Chromium: Debian's /usr/bin/chromium by default; CHROMIUM_PATH
 * names another binary, or "bundled" for Playwright's own downloaded browsers.
 */
export function chromiumExecutable(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured === 'bundled') return undefined;
  if (configured) return configured;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumLaunchOptions(): LaunchOptions {
  return { executablePath: chromiumExecutable(), args: chromiumArgs };
}
