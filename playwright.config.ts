import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/browser.ts';
import { clockSocket } from './tests/support/server-clock.ts';
import { site } from './src/lib/site.ts';

/**
 * Browser tests drive the built site served by the real Node server (`npm start` without the
 * build step). Chromium comes from the system (Debian's headless shell, else /usr/bin/chromium)
 * unless CHROMIUM_PATH names another, or Playwright's own browsers are installed and CHROMIUM_PATH
 * is set to "bundled" (tests/support/browser.ts).
 */
const port = Number(process.env.E2E_PORT ?? 4310);
/** The SMTP peer the server sends to (tests read the staff reset code from its files). */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${port}`;
/** The stand-in for PayPal's notification verification (tests/support/paypal-peer.ts). */
const paypalPort = Number(process.env.E2E_PAYPAL_PORT ?? port + 2);
/** The stand-in for PayPal's REST API, the orders checkout's (tests/support/paypal-rest-peer.ts). */
const siteUrl = site.url;
const paypalRestPort = Number(process.env.E2E_PAYPAL_REST_PORT ?? port + 3);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recorded for a test's retry only: tracing every test cost about a tenth of the run.
    trace: 'on-first-retry',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [{
    // With the tests' clock (tests/support/server-clock.ts): a test that fixes the browser's clock fixes the server's.
    command: 'node --import ./tests/support/server-clock-preload.ts api/src/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVER_CLOCK_SOCKET: clockSocket(dataDir),
      // The day-before reminders go out only when a test runs their timer, at the test's instant.
      SERVER_CLOCK_HELD_TIMERS: 'sendDueReminders',
      // The form tests submit many times from one address; production keeps the default limit.
      RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX ?? '1000',
      // As behind nginx: the staff specs name each test's client in X-Forwarded-For (staff-support.ts).
      TRUST_PROXY: '1',
      // The first administrator (tests/e2e/staff-support.ts uses the same values) and real SMTP.
      ADMIN_USERNAME: 'e2e.admin',
      ADMIN_PASSWORD: 'E2e#Admin2026',
      ADMIN_EMAIL: 'e2e.admin@example.org',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PAYPAL_VERIFY_URL: `http://127.0.0.1:${paypalPort}/cgi-bin/webscr`,
      // The orders checkout against the REST peer (its credentials: api/test/paypal-rest-fake.ts);
      // its stand-in form (/test-form) posts to /api/donate from the peer's origin.
      PAYPAL_API_BASE: `http://127.0.0.1:${paypalRestPort}`,
      PAYPAL_CLIENT_ID: 'fake-client-id',
      PAYPAL_CLIENT_SECRET: 'fake-client-secret',
      PAYPAL_WEBHOOK_ID: 'WH-FAKE-0001',
      ALLOWED_ORIGINS: `http://127.0.0.1:${paypalRestPort}`,
    },
  }, {
    command: 'node tests/support/smtp-peer.ts',
    port: smtpPort,
    reuseExistingServer: false,
    timeout: 30_000,
    env: { SMTP_PEER_PORT: String(smtpPort), MAIL_DIR: `${dataDir}/mail` },
  }, {
    command: 'node tests/support/paypal-peer.ts',
    port: paypalPort,
    reuseExistingServer: false,
    timeout: 30_000,
    env: { PAYPAL_PEER_PORT: String(paypalPort) },
  }, {
    command: 'node tests/support/paypal-rest-peer.ts',
    port: paypalRestPort,
    reuseExistingServer: false,
    timeout: 30_000,
    // PayPal's return URLs name the site's public address (SITE_URL's default); the peer sends the browser here instead.
    env: { PAYPAL_REST_PEER_PORT: String(paypalRestPort), PAYPAL_REST_PEER_SITE: `${siteUrl} http://127.0.0.1:${port}` },
  }],
});
