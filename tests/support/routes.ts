import { htmlPages } from '../../scripts/page-weight.ts';

/** Every page route the build produced, except the 404 template and section not-found pages. */
export function builtRoutes(): string[] {
  return htmlPages()
    .map((page) => page.route)
    .filter((route) => route !== '/404' && !route.endsWith('/404'));
}

/** One route of every page template the site has, the first built one where a template has many. */
export function oneRouteOfEachTemplate(built: readonly string[] = builtRoutes()): string[] {
  const firstOf = (pattern: RegExp) => {
    const route = built.find((r) => pattern.test(r));
    if (!route) throw new Error(`no built route matches ${pattern}`);
    return route;
  };
  return [
    '/',
    '/about',
    '/team',
    '/impact',
    '/programs',
    '/programs/early-learning',
    '/get-involved',
    '/donate',
    '/events',
    firstOf(/^\/events\/(?!featured$|past$|404$)[^/]+$/),
    '/blog',
    firstOf(/^\/blog\/(?!\d+$|404$|tag$|category$)[^/]+$/),
    '/blog/category/volunteer',
    '/faq',
    '/contact',
    '/corporate',
    '/newsletter',
    '/resources/banking-guide',
    '/privacy',
    '/thank-you',
    '/resources',
    '/careers',
    '/programs/category/early-learning',
    '/events/past',
    '/blog/tag/youth',
  ];
}
