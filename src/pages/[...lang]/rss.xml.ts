import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getPosts } from '../../data/content.ts';
import { site } from '../../lib/site.ts';
import { htmlLang } from '../../lib/seo.ts';
import { siteIn } from '../../lib/i18n/site-text.ts';
import { localizePath } from '../../lib/i18n/paths.ts';
import { langPaths } from '../../lib/i18n/static-paths.ts';
import { pageLang } from '../../lib/i18n/page-lang.ts';
import { m } from '../../paraglide/messages.js';

export const getStaticPaths = langPaths;

/** The blog's RSS feed in each language (/rss.xml, /fr/rss.xml, /sw/rss.xml), linked from every page's head. */
export const GET: APIRoute = async (context) => {
  const lang = pageLang(context);
  const posts = await getPosts(lang);
  return rss({
    title: siteIn(lang).blogName,
    description: m.rssDescription({ name: site.name }, { locale: lang }),
    site: site.url,
    trailingSlash: false,
    items: posts.map((post) => ({
      title: post.title,
      description: post.excerpt,
      link: localizePath(`/blog/${post.slug}`, lang),
      pubDate: new Date(`${post.date.slice(0, 10)}T12:00:00Z`),
      categories: [post.category, ...post.tags],
    })),
    customData: `<language>${htmlLang(site, lang)}</language>`,
  });
};
