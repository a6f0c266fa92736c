/**
 * Helpers for the form specs: read what the e2e server stored (its SQLite file under
 * .e2e-data/<port>, as playwright.config.ts starts it), slow a request down to see the
 * submitting state, and make addresses unique per test run.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page, Route } from '@playwright/test';

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

/** Lets the request through to the real API after a pause, so the submitting state can be seen. */
export async function slowDown(page: Page, path: string, ms = 800): Promise<void> {
  await page.route(`**${path}`, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
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
