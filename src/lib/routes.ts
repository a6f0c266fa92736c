import { englishPath, localizePath } from './i18n/paths.ts';
import { LANG_CODES } from './i18n/languages.ts';

/** The spec's alternative spellings of the English routes. */
const englishAliases: Readonly<Record<string, string>> = {
  '/About': '/about',
  '/Programs': '/programs',
  '/Donate': '/donate',
  '/Events': '/events',
  '/GetInvolved': '/get-involved',
  '/Blog': '/blog',
  '/ContactUs': '/contact',
  '/privacy-policy': '/privacy',
  '/corporate-giving': '/corporate',
  '/NewsletterSignup': '/newsletter',
  '/programs/adult-development': '/programs/career-pathways',
  '/programs/youth-empowerment': '/programs/future-ready-youth',
};

/**
 * The alternative spellings of routes, in every language (`/fr/About` as `/About`). Each answers a
 * permanent redirect to one canonical lowercase path, so a page has one URL and dist/ never holds
 * two names differing only by case. The Node server, nginx and the CDN `_redirects` file are all
 * generated from this table.
 */
export const routeAliases: Readonly<Record<string, string>> = Object.fromEntries(
  LANG_CODES.flatMap((lang) => Object.entries(englishAliases).map(([from, to]) => [localizePath(from, lang), localizePath(to, lang)])),
);

/** Pages kept out of search engines and the sitemap. */
export const noindexPrefixes = [
  '/admin',
  '/thank-you',
  '/error',
  '/form-error',
  '/donation-problem',
  '/404',
  '/events/404',
  '/blog/404',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  // The site search's page: its results are the pages themselves.
  '/search',
  // Where the forms land after a post without JavaScript.
  '/newsletter/thanks',
  '/contact/thanks',
  '/get-involved/thanks',
  '/corporate/thanks',
  // A donor's own page, reached from their receipts and the site's links.
  '/manage-giving',
  '/events/registered',
  '/events/waitlisted',
  // The pages a registration's mail links to.
  '/events/cancel',
  '/events/attend',
  // The right-to-left layout check: not a page for visitors.
  '/rtl-check',
];

/** Also true for the same page in another language: /fr/thank-you is kept out like /thank-you. */
export function isNoindexPath(pathname: string): boolean {
  const path = englishPath(normalisePath(pathname));
  return noindexPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** '/about/' -> '/about'; '' -> '/'. Collapses repeated slashes. */
export function normalisePath(pathname: string): string {
  const collapsed = `/${pathname}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : '/';
}

/**
 * Where a request path should be redirected, or null when it is already canonical.
 * Handles the alias table and a trailing slash; the query string is the caller's to keep.
 */
export function canonicalRedirect(pathname: string): string | null {
  const path = normalisePath(pathname);
  const target = routeAliases[path] ?? path;
  return target === pathname ? null : target;
}

/** A category's name in an address: 'Early Learning' -> 'early-learning'. */
export function categorySlug(category: string): string {
  return category
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
