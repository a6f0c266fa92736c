/**
 * The site search's index (Pagefind, its binary inside the npm package): built over dist/ after
 * the pages, into dist/pagefind/. Pagefind reads each page's `<html lang>` and writes one index
 * per language, which the search island of a page in that language loads; it indexes only
 * `<main data-pagefind-body>` (src/layouts/BaseLayout.astro marks the public pages whose main
 * text is in their own language), so a page's header, footer and menus are not searched, and
 * pages without it (the downloads, 404 and thank-you pages, English text under /fr or /sw) are
 * left out. Only the files the island uses are kept: Pagefind's ready-made interfaces are removed.
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';

export const SEARCH_DIR = 'pagefind';

/** What the island loads: the script and the index (the `.pf_*` and `.pagefind` files, the entry JSON); it runs without Pagefind's worker. */
const keep = (name: string) => /^(pagefind\.js|pagefind-entry\.json|.*\.pf_meta|wasm\..*\.pagefind|index|fragment)$/.test(name);

/** The index's languages and how many pages each holds. */
export function searchLanguages(dist: string): Record<string, number> {
  const entry = JSON.parse(readFileSync(join(dist, SEARCH_DIR, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
  return Object.fromEntries(Object.entries(entry.languages).map(([lang, { page_count }]) => [lang, page_count]));
}

export async function buildSearchIndex(dist: string): Promise<Record<string, number>> {
  const out = join(dist, SEARCH_DIR);
  rmSync(out, { recursive: true, force: true });
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index || errors.length) throw new Error(`pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: dist, glob: '**/*.html' });
    if (added.errors.length) throw new Error(`pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: out });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
    for (const name of readdirSync(out)) if (!keep(name)) rmSync(join(out, name), { recursive: true });
    return searchLanguages(dist);
  } finally {
    await pagefind.close();
  }
}
