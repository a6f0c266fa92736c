import { describe, expect, it } from 'vitest';
import raw from '../../content/site.json' with { type: 'json' };
import { parseSiteConfig } from '../../src/lib/site-config.ts';
import { buildPageSeo, pageTitle, serialiseJsonLd } from '../../src/lib/seo.ts';
import { buildBreadcrumb } from '../../src/lib/breadcrumb.ts';

const config = parseSiteConfig({ ...raw, url: 'https://www.sipa.test' });

describe('buildPageSeo', () => {
  const seo = buildPageSeo(config, {
    page: 'About Us',
    description: 'Who we are.',
    pathname: '/about/',
    keywords: ['mission'],
    breadcrumb: buildBreadcrumb('/about'),
  });

  it('says English in the JSON-LD of a page showing English for want of a translation, and names no alternates, as the sitemap does', () => {
    const untranslatedPaths = new Set(['/fr/blog/new-post']);
    const french = buildPageSeo(config, { page: 'New', description: 'x', pathname: '/fr/blog/new-post', lang: 'fr', contentLang: 'en', untranslatedPaths });
    expect(french.jsonLd[0]).toMatchObject({ '@type': 'WebPage', inLanguage: 'en-US' });
    expect(french.language).toBe('en-US');
    expect(french.alternates).toEqual([]);
    const english = buildPageSeo(config, { page: 'New', description: 'x', pathname: '/blog/new-post', lang: 'en', untranslatedPaths });
    expect(english.alternates.map((link) => link.hreflang)).toEqual(['en', 'sw', 'x-default']);
    const swahili = buildPageSeo(config, { page: 'New', description: 'x', pathname: '/sw/blog/new-post', lang: 'sw', contentLang: 'sw', untranslatedPaths });
    expect(swahili.jsonLd[0]).toMatchObject({ inLanguage: 'sw' });
    expect(swahili.alternates.map((link) => link.href)).toEqual(['https://www.sipa.test/blog/new-post', 'https://www.sipa.test/sw/blog/new-post', 'https://www.sipa.test/blog/new-post']);
  });

  it("titles a page '{page} | {organisation name}'", () => {
    expect(seo.title).toBe('About Us | SIPA');
    expect(pageTitle('', 'SIPA')).toBe('SIPA');
  });

  it('builds the canonical URL without a trailing slash', () => {
    expect(seo.canonical).toBe('https://www.sipa.test/about');
    expect(buildPageSeo(config, { page: 'Home', description: 'x', pathname: '/' }).canonical).toBe('https://www.sipa.test/');
  });

  it('puts the page keywords first, then the site keywords, without repeats', () => {
    expect(seo.keywords.split(', ')[0]).toBe('mission');
    const all = seo.keywords.split(', ');
    expect(new Set(all).size).toBe(all.length);
  });

  it('fills Open Graph and Twitter cards with absolute image URLs', () => {
    expect(seo.openGraph['og:title']).toBe('About Us | SIPA');
    expect(seo.openGraph['og:url']).toBe('https://www.sipa.test/about');
    expect(seo.openGraph['og:image']).toBe('https://www.sipa.test/social-card.png');
    expect(seo.openGraph['og:locale']).toBe('en_US');
    expect(seo.twitter['twitter:card']).toBe('summary_large_image');
  });

  it('adds Organization, WebPage and BreadcrumbList structured data', () => {
    const types = seo.jsonLd.map((item) => item['@type']);
    expect(types).toEqual(['NGO', 'WebPage', 'BreadcrumbList']);
    const org = seo.jsonLd[0] as Record<string, unknown>;
    expect(org.taxID).toBe(config.ein);
    expect(org.foundingDate).toBe('2025');
    const crumbs = seo.jsonLd[2] as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Home', 'About Us']);
    expect(crumbs.itemListElement[1]!.item).toBe('https://www.sipa.test/about');
  });

  it('describes the organisation whole on the home and about pages, in every language, and elsewhere names it by its @id', () => {
    for (const pathname of ['/', '/fr', '/sw', '/about', '/fr/about', '/sw/about']) {
      const types = buildPageSeo(config, { page: 'x', description: 'x', pathname }).jsonLd.map((item) => item['@type']);
      expect(types, pathname).toEqual(['NGO', 'WebPage']);
    }
    for (const pathname of ['/get-involved', '/fr/donate', '/sw/contact', '/blog/volunteer-spotlight']) {
      const page = buildPageSeo(config, { page: 'x', description: 'x', pathname });
      expect(page.jsonLd.map((item) => item['@type']), pathname).toEqual(['WebPage']);
      expect(page.jsonLd[0]!.publisher).toEqual({ '@id': 'https://www.sipa.test/#organization' });
    }
  });

  it('indexes public pages and keeps admin, thank-you and error pages out', () => {
    expect(seo.robots).toBe('index, follow');
    for (const pathname of ['/admin', '/admin/login', '/thank-you', '/error']) {
      expect(buildPageSeo(config, { page: 'x', description: 'x', pathname }).robots).toBe('noindex, nofollow');
    }
    expect(buildPageSeo(config, { page: 'x', description: 'x', pathname: '/about', noindex: true }).robots).toBe(
      'noindex, nofollow',
    );
  });

  it('describes a blog post as an article with its own title suffix', () => {
    const post = buildPageSeo(config, {
      page: 'Volunteer Spotlight',
      titleSuffix: 'SIPA Blog',
      description: 'Meet our volunteers.',
      pathname: '/blog/volunteer-spotlight',
      type: 'article',
      image: '/art/post.svg',
      article: { published: '2025-06-01', author: 'Amina', section: 'Volunteer', tags: ['volunteers'] },
    });
    expect(post.title).toBe('Volunteer Spotlight | SIPA Blog');
    expect(post.openGraph['og:type']).toBe('article');
    const article = post.jsonLd.find((item) => item['@type'] === 'BlogPosting')!;
    expect(article).toMatchObject({ headline: 'Volunteer Spotlight', datePublished: '2025-06-01', image: 'https://www.sipa.test/art/post.svg' });
  });
});

describe('serialiseJsonLd', () => {
  it('cannot close the script element it is written into', () => {
    const text = serialiseJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });
});
