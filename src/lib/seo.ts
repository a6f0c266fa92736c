import type { SiteConfig } from './site-config.ts';
import { formatAddress } from './site-config.ts';
import type { Crumb } from './breadcrumb.ts';
import { isNoindexPath, normalisePath } from './routes.ts';
import { DEFAULT_LANG, LANG_CODES, language, type Lang } from './i18n/languages.ts';
import { englishPath, localizePath } from './i18n/paths.ts';

export interface PageSeoInput {
  /** The page's own name; the title becomes '{page} | {organisation}'. */
  page: string;
  description: string;
  pathname: string;
  keywords?: readonly string[];
  /** Absolute or root-relative image for social cards. */
  image?: string;
  imageAlt?: string;
  noindex?: boolean;
  /** Replaces the organisation name after the bar (the blog uses its own name). */
  titleSuffix?: string;
  type?: 'website' | 'article';
  article?: { published: string; modified?: string; author: string; section?: string; tags?: readonly string[] };
  breadcrumb?: readonly Crumb[];
  /** The page's language (English unless given). */
  lang?: Lang;
  /**
   * The language of the page's main text when it is not `lang`: English under /fr or /sw for want
   * of a translation. The page then says English in its JSON-LD and names no alternates, as the
   * sitemap does (src/lib/i18n/untranslated-pages.ts).
   */
  contentLang?: Lang;
  /** The paths of the pages showing English for want of a translation: no page names them as alternates. */
  untranslatedPaths?: ReadonlySet<string>;
}

/** A `<link rel="alternate" hreflang>`: the same page in another language, or x-default. */
export interface HreflangLink {
  hreflang: string;
  href: string;
}

export interface PageSeo {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  robots: string;
  language: string;
  /** The page in every language plus x-default (English); empty on noindex pages. */
  alternates: HreflangLink[];
  openGraph: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: Record<string, unknown>[];
}

const DEFAULT_IMAGE = '/social-card.png';

/**
 * The pages that describe the organisation, in English form: they carry its whole structured
 * data (address, telephone, tax number, profiles), as search engines ask for it on the home page
 * or one page about the organisation. Every other page names it by its `@id` (the WebPage's and
 * the article's publisher): the whole node is about 350 compressed bytes, 2.4 % of the 14.6 KB
 * a page may send before it paints.
 */
export const ORGANIZATION_PAGES: readonly string[] = ['/', '/about'];

export function absoluteUrl(config: Pick<SiteConfig, 'url'>, path: string): string {
  return new URL(path, `${config.url}/`).toString();
}

export function pageTitle(page: string, suffix: string): string {
  return page ? `${page} | ${suffix}` : suffix;
}

export function organizationJsonLd(config: SiteConfig): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    '@id': `${config.url}/#organization`,
    name: config.name,
    url: `${config.url}/`,
    logo: absoluteUrl(config, '/favicon.svg'),
    description: config.description,
    foundingDate: String(config.foundedYear),
    telephone: config.phone,
    email: config.mailboxes.info,
    taxID: config.ein,
    nonprofitStatus: 'Nonprofit501c3',
    address: {
      '@type': 'PostalAddress',
      streetAddress: config.address.street,
      addressLocality: config.address.city,
      addressRegion: config.address.region,
      postalCode: config.address.postalCode,
      addressCountry: config.address.country,
    },
    sameAs: config.social.map((link) => link.url),
  };
}

/** The `lang` value of a page in `lang`: the site's own tag (en-US) for English. */
export function htmlLang(config: Pick<SiteConfig, 'language'>, lang: Lang): string {
  return lang === DEFAULT_LANG ? config.language : language(lang).intl;
}

const urlOf = (config: Pick<SiteConfig, 'url'>, path: string) => (path === '/' ? `${config.url}/` : `${config.url}${path}`);

/** hreflang links for a page: one per language, and x-default on the English page. */
export function hreflangLinks(config: Pick<SiteConfig, 'url'>, pathname: string): HreflangLink[] {
  const english = englishPath(normalisePath(pathname));
  return [
    ...LANG_CODES.map((code) => ({ hreflang: code, href: urlOf(config, localizePath(english, code)) })),
    { hreflang: 'x-default', href: urlOf(config, english) },
  ];
}

/** Builds every head tag's value for one page. Pure, so it is unit-tested without Astro. */
export function buildPageSeo(config: SiteConfig, input: PageSeoInput): PageSeo {
  const path = normalisePath(input.pathname);
  const canonical = urlOf(config, path);
  const lang = input.lang ?? DEFAULT_LANG;
  const untranslated = input.contentLang !== undefined && input.contentLang !== lang;
  const inLanguage = htmlLang(config, untranslated ? input.contentLang! : lang);
  const title = pageTitle(input.page, input.titleSuffix ?? config.name);
  const noindex = input.noindex ?? isNoindexPath(path);
  const image = absoluteUrl(config, input.image ?? DEFAULT_IMAGE);
  const imageAlt = input.imageAlt ?? `${config.name}: ${config.tagline}`;
  const keywords = [...(input.keywords ?? []), ...config.keywords].filter((k, i, all) => all.indexOf(k) === i);
  const type = input.type ?? 'website';

  const webPage: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': canonical,
    url: canonical,
    name: title,
    description: input.description,
    inLanguage,
    isPartOf: { '@type': 'WebSite', name: config.name, url: `${config.url}/` },
    publisher: { '@id': `${config.url}/#organization` },
  };
  const jsonLd: Record<string, unknown>[] = ORGANIZATION_PAGES.includes(englishPath(path)) ? [organizationJsonLd(config), webPage] : [webPage];
  if (input.breadcrumb && input.breadcrumb.length > 1) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: input.breadcrumb.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.label,
        item: crumb.href ? absoluteUrl(config, crumb.href) : canonical,
      })),
    });
  }
  if (type === 'article' && input.article) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: input.page,
      description: input.description,
      image,
      datePublished: input.article.published,
      dateModified: input.article.modified ?? input.article.published,
      author: { '@type': 'Person', name: input.article.author },
      publisher: { '@id': `${config.url}/#organization` },
      mainEntityOfPage: canonical,
      articleSection: input.article.section,
      keywords: input.article.tags?.join(', '),
      inLanguage,
    });
  }

  const openGraph: Record<string, string> = {
    'og:type': type,
    'og:site_name': config.name,
    'og:title': title,
    'og:description': input.description,
    'og:url': canonical,
    'og:image': image,
    'og:image:alt': imageAlt,
    'og:locale': lang === DEFAULT_LANG ? config.language.replace('-', '_') : language(lang).og,
  };
  if (type === 'article' && input.article) {
    openGraph['article:published_time'] = input.article.published;
    openGraph['article:author'] = input.article.author;
  }

  return {
    title,
    description: input.description,
    keywords: keywords.join(', '),
    canonical,
    robots: noindex ? 'noindex, nofollow' : 'index, follow',
    language: inLanguage,
    alternates:
      noindex || untranslated
        ? []
        : hreflangLinks(config, path).filter((link) => !input.untranslatedPaths?.has(normalisePath(new URL(link.href).pathname))),
    openGraph,
    twitter: {
      'twitter:card': 'summary_large_image',
      'twitter:title': title,
      'twitter:description': input.description,
      'twitter:image': image,
      'twitter:image:alt': imageAlt,
    },
    jsonLd,
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so content cannot close the tag. */
export function serialiseJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export { formatAddress };
