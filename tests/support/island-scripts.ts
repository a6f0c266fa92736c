import type { Page } from '@playwright/test';

/**
 * Passes every page the browser loads through the test, to learn the islands' own scripts (their
 * components and renderer) as each page's HTML names them, and to let a test change that HTML
 * (`rewrite`). The set fills as pages arrive.
 */
export async function islandScriptsOfPages(page: Page, rewrite: (html: string) => string = (html) => html): Promise<Set<string>> {
  const islandScripts = new Set<string>();
  await page.route(
    (url) => !url.pathname.startsWith('/_astro/') && !url.pathname.startsWith('/api/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = await response.text();
      for (const [, url] of body.matchAll(/\b(?:component|renderer)-url="([^"]+)"/g)) islandScripts.add(url!);
      await route.fulfill({ response, body: rewrite(body) });
    },
  );
  return islandScripts;
}
