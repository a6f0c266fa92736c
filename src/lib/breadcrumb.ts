/** Labels for path segments, from the spec, plus the canonical kebab-case segments. */
export const breadcrumbLabels: Readonly<Record<string, string>> = {
  about: 'About Us',
  programs: 'Programs',
  'early-learning': 'Early Learning',
  'adult-development': 'Developing skills',
  'career-pathways': 'Career Pathways',
  GetInvolved: 'Get Involved',
  'get-involved': 'Get Involved',
  ContactUs: 'Contact Us',
  contact: 'Contact Us',
  privacy: 'Privacy Policy',
  terms: 'Terms of Use',
  donate: 'Donate',
  events: 'Events',
  accessibility: 'Accessibility',
};

/** Segments that group pages without being a page themselves (/blog/category/volunteer, /blog/tag/youth): no crumb. */
const groupingSegments: ReadonlySet<string> = new Set(['category', 'tag']);

export interface Crumb {
  label: string;
  /** Absent on the last crumb, which is the current page and not a link. */
  href?: string;
}

/** An unknown segment is shown capitalised: 'planned-giving' -> 'Planned-giving'. */
export function segmentLabel(segment: string): string {
  const known = breadcrumbLabels[segment];
  if (known) return known;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as it came.
  }
  return decoded.charAt(0).toUpperCase() + decoded.slice(1);
}

/**
 * The trail for a path: Home, then one crumb per segment. `currentLabel` names the last crumb
 * where a page knows better than its slug (a blog post's title).
 */
export function buildBreadcrumb(pathname: string, currentLabel?: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    if (!isLast && groupingSegments.has(segment)) return;
    const label = isLast && currentLabel ? currentLabel : segmentLabel(segment);
    crumbs.push(isLast ? { label } : { label, href: `/${segments.slice(0, index + 1).join('/')}` });
  });
  if (segments.length === 0) crumbs[0] = { label: 'Home' };
  return crumbs;
}
