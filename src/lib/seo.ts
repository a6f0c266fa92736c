import type { SiteConfig } from './site-config.ts';
import { formatAddress } from './site-config.ts';
import type { Crumb } from './breadcrumb.ts';
import { isNoindexPath, normalisePath } from './routes.ts';

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
}

export interface PageSeo {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  robots: string;
  language: string;
  openGraph: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: Record<string, unknown>[];
}

const DEFAULT_IMAGE = '/social-card.png';

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

/** Builds every head tag's value for one page. Pure, so it is unit-tested without Astro. */
export function buildPageSeo(config: SiteConfig, input: PageSeoInput): PageSeo {
  const path = normalisePath(input.pathname);
  const canonical = path === '/' ? `${config.url}/` : `${config.url}${path}`;
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
    inLanguage: config.language,
    isPartOf: { '@type': 'WebSite', name: config.name, url: `${config.url}/` },
    publisher: { '@id': `${config.url}/#organization` },
  };
  const jsonLd: Record<string, unknown>[] = [organizationJsonLd(config), webPage];
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
      inLanguage: config.language,
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
    'og:locale': config.language.replace('-', '_'),
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
    language: config.language,
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
