import { htmlPages } from '../../scripts/page-weight.ts';

/** Every page route the build produced, except the 404 template and section not-found pages. */
export function builtRoutes(): string[] {
  return htmlPages()
    .map((page) => page.route)
    .filter((route) => route !== '/404' && !route.endsWith('/404'));
}
