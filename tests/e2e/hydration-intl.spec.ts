import { expect, test, type Page } from '@playwright/test';

/**
 * A browser builds its first Intl formatter slowly: 20-35 ms on a desktop machine, four times
 * that on the phone Lighthouse imitates, one long task in the middle of hydration. So what an
 * island shows when it hydrates (dates, times, amounts, counts) is written by the build and
 * handed over in its props; only what a visitor then types is written in the browser.
 *
 * Every locale-aware constructor and method is counted from before the page's first script;
 * each page with islands, in each language, hydrates all its islands without one call.
 */
const LOCALE_AWARE = `
  window.__localeCalls = [];
  const note = (name) => window.__localeCalls.push(name + ' ' + (new Error().stack ?? '').split('\\n').slice(2, 4).join(' < ').trim());
  for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'RelativeTimeFormat', 'ListFormat', 'DisplayNames', 'Segmenter']) {
    const original = Intl[name];
    Intl[name] = new Proxy(original, {
      construct(target, args, newTarget) { note('Intl.' + name); return Reflect.construct(target, args, newTarget); },
      apply(target, self, args) { note('Intl.' + name); return Reflect.apply(target, self, args); },
    });
  }
  for (const [owner, method] of [[Number, 'toLocaleString'], [Date, 'toLocaleString'], [Date, 'toLocaleDateString'], [Date, 'toLocaleTimeString'], [String, 'localeCompare']]) {
    const original = owner.prototype[method];
    owner.prototype[method] = function (...args) { note(owner.name + '.' + method); return original.apply(this, args); };
  }
`;

const localeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __localeCalls: string[] }).__localeCalls);

/** Brings every island into view (some hydrate when seen) until none is left unhydrated. */
async function hydrateAll(page: Page) {
  const waiting = page.locator('astro-island[ssr]');
  await expect(page.locator('astro-island').first()).toBeAttached();
  await expect(async () => {
    for (const island of await waiting.all()) await island.locator('> *').first().scrollIntoViewIfNeeded({ timeout: 1000 }).catch(() => {});
    await expect(waiting).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

const PAGES = ['/events', '/events/past', '/donate', '/programs', '/programs/category/youth-development', '/blog', '/get-involved', '/about', '/contact', '/'];

for (const lang of ['en', 'fr', 'sw'] as const) {
  for (const path of PAGES) {
    const address = lang === 'en' ? path : `/${lang}${path === '/' ? '' : path}`;
    test(`${address}: every island hydrates without building a locale formatter`, async ({ page }) => {
      await page.addInitScript(LOCALE_AWARE);
      await page.goto(address);
      await hydrateAll(page);
      expect(await localeCalls(page)).toEqual([]);
    });
  }
}

test('an amount the visitor types is still written in the page’s language, in the browser', async ({ page }) => {
  await page.addInitScript(LOCALE_AWARE);
  await page.goto('/fr/donate');
  await hydrateAll(page);
  const form = page.locator('form.donation');
  await form.getByLabel('Autre montant').fill('37.5');
  await expect(form.getByRole('button', { name: /^Donner/ })).toHaveText('Donner 37,50\u00a0$');
  // The instrument sees what it is there to see: the typed amount needed a formatter.
  expect((await localeCalls(page)).some((call) => call.startsWith('Intl.NumberFormat'))).toBe(true);
});
