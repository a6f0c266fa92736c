/** The site's navigation: one list for the header, the footer's columns (its program links come from content/programs). */
export interface NavLink {
  label: string;
  href: string;
}

export const primaryNav: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'Who We Are', href: '/about' },
  { label: 'What We Do', href: '/programs' },
  { label: 'Events', href: '/events' },
  { label: 'Get Involved', href: '/get-involved' },
];

export const donateLink: NavLink = { label: 'Donate', href: '/donate' };

export const footerColumns: readonly { heading: string; links: readonly NavLink[] }[] = [
  {
    heading: 'Get Involved',
    links: [
      { label: 'Volunteer', href: '/get-involved' },
      { label: 'Donate', href: '/donate' },
      { label: 'Corporate partnerships', href: '/corporate' },
      { label: 'Planned giving', href: '/planned-giving' },
      { label: 'Careers', href: '/careers' },
    ],
  },
  {
    heading: 'About Us',
    links: [
      { label: 'Who we are', href: '/about' },
      { label: 'Our team', href: '/team' },
      { label: 'Our impact', href: '/impact' },
      { label: 'Contact us', href: '/contact' },
      { label: 'FAQ', href: '/faq' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'Blog', href: '/blog' },
      { label: 'Events', href: '/events' },
      { label: 'Financial guides', href: '/resources' },
      { label: 'Newsletter', href: '/newsletter' },
    ],
  },
];

export const legalLinks: readonly NavLink[] = [
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Terms of Use', href: '/terms' },
  { label: 'Accessibility', href: '/accessibility' },
];

/** Whether a nav link is the current section, for aria-current. */
export function isCurrentSection(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
