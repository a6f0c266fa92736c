/**
 * The pages that show English text in another language because their content file has no
 * translation yet (src/lib/i18n/untranslated.ts lists those files), and how the sitemap marks
 * them: such a page is still listed (it exists and shows the English text with a notice), but it
 * is never named as that language's version of the page. No item's hreflang alternates point to
 * it and its own item names no alternates, so search engines do not take the English text for
 * a French or Swahili translation.
 */
import { localizePath } from './paths.ts';
import { UNTRANSLATED } from './untranslated.ts';
import type { Lang } from './languages.ts';

/**
 * The page that shows a content file, by its folder under content/ and its name without the
 * extension (which is also the entry's id, its blog slug and its program path). Folders whose
 * entries are parts of list pages (faq, staff, values…) have no page of their own.
 */
export const CONTENT_PAGE_PATHS: Readonly<Record<string, (id: string) => string>> = {
  blog: (id) => `/blog/${id}`,
  events: (id) => `/events/${id}`,
  programs: (id) => `/programs/${id}`,
  guides: (id) => `/resources/${id}`,
  legal: (id) => `/${id}`,
  careers: () => '/careers',
  'planned-giving': () => '/planned-giving',
  home: () => '/',
};

/** The paths (`/fr/blog/volunteer-spotlight`) of the pages whose text falls back to English. */
export function untranslatedPagePaths(untranslated: Partial<Record<Lang, readonly string[]>> = UNTRANSLATED): Set<string> {
  const paths = new Set<string>();
  for (const [lang, files] of Object.entries(untranslated) as [Lang, readonly string[]][]) {
    for (const file of files) {
      const [folder = '', name = ''] = file.split('/');
      const pathOf = CONTENT_PAGE_PATHS[folder];
      if (pathOf) paths.add(localizePath(pathOf(name.replace(/\.[^.]+$/, '')), lang));
    }
  }
  return paths;
}

interface SitemapLink {
  url: string;
  lang: string;
}
interface SitemapEntry {
  url: string;
  links?: SitemapLink[];
}

/** The sitemap's `serialize`: a fallback page keeps its URL but is nobody's alternate, nor has any. */
export function markUntranslated<T extends SitemapEntry>(item: T, untranslatedPaths: ReadonlySet<string>): T {
  if (untranslatedPaths.size === 0) return item;
  const pathOf = (url: string) => new URL(url).pathname.replace(/(.)\/+$/, '$1');
  if (untranslatedPaths.has(pathOf(item.url))) return { ...item, links: [] };
  if (!item.links) return item;
  return { ...item, links: item.links.filter((link) => !untranslatedPaths.has(pathOf(link.url))) };
}
