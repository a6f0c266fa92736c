/**
 * Helpers for the form specs: read what the e2e server stored (its SQLite file under
 * .e2e-data/<port>, as playwright.config.ts starts it), hold a request behind a gate the test
 * opens to see the submitting state, check a failure's way forward, and make addresses unique
 * per test run.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { site } from '../../src/lib/site.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data/${port}`;

export function rows<T = Record<string, unknown>>(query: string, ...params: Array<string | number>): T[] {
  const db = new DatabaseSync(join(dataDir, 'sipa.sqlite'), { readOnly: true, timeout: 5000 });
  try {
    return db
      .prepare(query)
      .all(...params)
      .map((row) => ({ ...row }) as T);
  } finally {
    db.close();
  }
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Holds requests to `path` until the test calls the returned `release()`, then lets them through
 * to the real API: the submitting state stays on screen as long as the test needs, however slow
 * the machine (a fixed delay would race it).
 */
export async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** A failure alert: the spec's sentence first, then the way forward (phone and office hours). */
export async function expectFailure(alert: Locator, message: string): Promise<void> {
  await expect(alert.locator('p').first()).toHaveText(message);
  await expect(alert).toContainText(`You can also call us at ${site.phoneDisplay}, Monday-Friday 9:00 AM-5:00 PM.`);
  await expect(alert.getByRole('link', { name: site.phoneDisplay })).toHaveAttribute('href', `tel:${site.phone}`);
}

export async function answer500(page: Page, path: string, message?: string): Promise<void> {
  await page.route(`**${path}`, (route) =>
    route.fulfill(
      message === undefined
        ? { status: 500, contentType: 'text/plain', body: 'Internal Server Error' }
        : { status: 500, contentType: 'application/json', body: JSON.stringify({ message }) },
    ),
  );
}

export async function networkDown(page: Page, path: string): Promise<void> {
  await page.route(`**${path}`, (route) => route.abort('failed'));
}
