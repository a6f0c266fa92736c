import { m } from '../paraglide/messages.js';
import { DEFAULT_LANG, type Lang } from './i18n/languages.ts';
import { englishPath, localizePath } from './i18n/paths.ts';

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

/** The segments' names in another language, from the interface catalogues. */
function translatedLabels(lang: Lang): Readonly<Record<string, string>> {
  const locale = { locale: lang };
  return {
    about: m.crumbAbout({}, locale),
    programs: m.crumbPrograms({}, locale),
    'get-involved': m.crumbGetInvolved({}, locale),
    contact: m.crumbContact({}, locale),
    privacy: m.legalPrivacy({}, locale),
    terms: m.legalTerms({}, locale),
    accessibility: m.legalAccessibility({}, locale),
    donate: m.crumbDonate({}, locale),
    events: m.crumbEvents({}, locale),
    blog: m.crumbBlog({}, locale),
    corporate: m.crumbCorporate({}, locale),
    newsletter: m.crumbNewsletter({}, locale),
    resources: m.crumbResources({}, locale),
    careers: m.crumbCareers({}, locale),
    impact: m.crumbImpact({}, locale),
    team: m.crumbTeam({}, locale),
    error: m.crumbError({}, locale),
  };
}

/**
 * The trail for a path: Home, then one crumb per segment. `currentLabel` names the last crumb
 * where a page knows better than its slug (a blog post's title). A French or Swahili path
 * (/fr/events) gets the same trail with the segments' names and the links in its language.
 */
export function buildBreadcrumb(pathname: string, currentLabel?: string, lang: Lang = DEFAULT_LANG): Crumb[] {
  const translated = lang === DEFAULT_LANG ? undefined : translatedLabels(lang);
  const label = (segment: string) => translated?.[segment] ?? segmentLabel(segment);
  const home = m.crumbHome({}, { locale: lang });
  const segments = englishPath(pathname).split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: home, href: localizePath('/', lang) }];
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    if (!isLast && groupingSegments.has(segment)) return;
    const text = isLast && currentLabel ? currentLabel : label(segment);
    crumbs.push(isLast ? { label: text } : { label: text, href: localizePath(`/${segments.slice(0, index + 1).join('/')}`, lang) });
  });
  if (segments.length === 0) crumbs[0] = { label: home };
  return crumbs;
}
