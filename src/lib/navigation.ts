/**
 * The site's navigation: one list for the header, the footer's columns (its program links come
 * from content/programs). Labels come from the interface catalogues (content/messages/), paths
 * are the English ones; `…In(lang)` gives both in a language.
 */
import { m } from '../paraglide/messages.js';
import type { Lang } from './i18n/languages.ts';
import { englishPath, langOfPath, localizePath } from './i18n/paths.ts';

export interface NavLink {
  label: string;
  href: string;
}

/** A catalogue message without placeholders, as Paraglide compiles it. */
type Label = (inputs?: Record<string, never>, options?: { locale?: Lang }) => string;

interface NavEntry {
  label: Label;
  href: string;
}

const entry = (label: Label, href: string): NavEntry => ({ label, href });
const inLang = (lang: Lang) => (link: NavEntry): NavLink => ({ label: link.label({}, { locale: lang }), href: localizePath(link.href, lang) });

const primary = [
  entry(m.navHome, '/'),
  entry(m.navAbout, '/about'),
  entry(m.navPrograms, '/programs'),
  entry(m.navEvents, '/events'),
  entry(m.navGetInvolved, '/get-involved'),
];

const columns = [
  {
    heading: m.footerGetInvolved,
    links: [
      entry(m.footerVolunteer, '/get-involved'),
      entry(m.footerDonate, '/donate'),
      entry(m.giving_link_label, '/manage-giving'),
      entry(m.footerCorporate, '/corporate'),
      entry(m.footerPlannedGiving, '/planned-giving'),
      entry(m.footerCareers, '/careers'),
    ],
  },
  {
    heading: m.footerAbout,
    links: [
      entry(m.footerWhoWeAre, '/about'),
      entry(m.footerTeam, '/team'),
      entry(m.footerImpact, '/impact'),
      entry(m.footerContact, '/contact'),
      entry(m.footerFaq, '/faq'),
    ],
  },
  {
    heading: m.footerResources,
    links: [
      entry(m.footerBlog, '/blog'),
      entry(m.footerEvents, '/events'),
      entry(m.footerGuides, '/resources'),
      entry(m.footerNewsletter, '/newsletter'),
    ],
  },
];

const legal = [entry(m.legalPrivacy, '/privacy'), entry(m.legalTerms, '/terms'), entry(m.legalAccessibility, '/accessibility')];

/** The header's links: Home, Who We Are, What We Do, Events, Get Involved. */
export const primaryNavIn = (lang: Lang): NavLink[] => primary.map(inLang(lang));

/** The header's Donate button. */
export const donateLinkIn = (lang: Lang): NavLink => inLang(lang)(entry(m.navDonate, '/donate'));

/** The footer's link columns (the programs column is added by the footer). */
export const footerColumnsIn = (lang: Lang): { heading: string; links: NavLink[] }[] =>
  columns.map((column) => ({ heading: column.heading({}, { locale: lang }), links: column.links.map(inLang(lang)) }));

/**
 * The pages a lost visitor most often wants, for the search page and the not-found page: the
 * header's sections, then the guides, help and giving pages.
 */
const popular = [
  entry(m.footerGuides, '/resources'),
  entry(m.footerFaq, '/faq'),
  entry(m.footerContact, '/contact'),
  entry(m.footerBlog, '/blog'),
  entry(m.footerDonate, '/donate'),
  entry(m.footerNewsletter, '/newsletter'),
];

/** The main sections (the header's) and the most visited pages, in a language. */
export const waysOnIn = (lang: Lang): { sections: NavLink[]; popular: NavLink[] } => ({ sections: primaryNavIn(lang), popular: popular.map(inLang(lang)) });

/** The footer's legal links. */
export const legalLinksIn = (lang: Lang): NavLink[] => legal.map(inLang(lang));

/** Whether a nav link is the current section, for aria-current (`/fr` is French's home). */
export function isCurrentSection(href: string, pathname: string): boolean {
  if (langOfPath(href) !== langOfPath(pathname)) return false;
  const [section, path] = [englishPath(href), englishPath(pathname)];
  if (section === '/') return path === '/';
  return path === section || path.startsWith(`${section}/`);
}
