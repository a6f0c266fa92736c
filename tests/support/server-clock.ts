/**
 * The e2e server's clock, as a test sets it. The server the browser tests run against is started
 * with tests/support/server-clock-preload.ts (playwright.config.ts), which gives each request
 * that carries TEST_CLOCK_HEADER the clock the test chose: a test that fixes the browser's clock
 * at an instant fixes the server's too (`fixClock`), so event dates in content/ never pass under
 * it. A request without the header, and the server's own timers, keep the real time, as the
 * browser, its cookies and certificates, TOTP codes and the other processes do; the day-before
 * reminder timer runs only when a test runs it (`runServerTimer`), at the test's instant.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from '@playwright/test';

/** The request header naming the instant the test's clock started at (ISO 8601 with its offset). */
export const TEST_CLOCK_HEADER = 'x-test-clock';

/** The control socket of the server's clock, in its data directory. */
export const clockSocket = (dataDir: string) => join(dataDir, 'clock.sock');

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${port}`;

/** Context options whose requests run on the server at `instant` (for a context the test opens itself). */
export const clockHeaders = (instant: string): NonNullable<BrowserContextOptions['extraHTTPHeaders']> => ({ [TEST_CLOCK_HEADER]: instant });

/**
 * Fixes the page's clock at `instant` and runs the page's requests on the server at it. The
 * server's clock starts at the instant the first time it is named and runs on from there, so
 * what one test stores still comes after what it stored before.
 */
export async function fixClock(page: Page, instant: string): Promise<void> {
  await page.clock.setFixedTime(new Date(instant));
  await page.setExtraHTTPHeaders(clockHeaders(instant));
}

/**
 * Runs the server's own interval timer whose job calls `job` (a function name, say
 * `sendDueReminders`) once, now, with the server's clock at `instant`: what the timer does when
 * that moment comes, without waiting for it. Resolves once the job has started; what it sends
 * arrives as it would (the SMTP peer's files, the database).
 */
export function runServerTimer(job: string, instant: string): Promise<void> {
  const path = `/run-timer?${new URLSearchParams({ job, at: instant })}`;
  return new Promise((resolve, reject) => {
    const asked = request({ socketPath: clockSocket(dataDir), method: 'POST', path }, (answer) => {
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => (answer.statusCode === 200 ? resolve() : reject(new Error(`the server's clock refused ${path}: ${text}`))));
    });
    asked.on('error', reject).end();
  });
}
