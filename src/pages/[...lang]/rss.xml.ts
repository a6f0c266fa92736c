import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getPosts } from '../../data/content.ts';
import { site } from '../../lib/site.ts';
import { langPaths } from '../../lib/i18n/static-paths.ts';

export const getStaticPaths = langPaths;

/** The blog's RSS feed, linked from every page's head. */
export const GET: APIRoute = async () => {
  const posts = await getPosts();
  return rss({
    title: site.blogName,
    description: `News, stories and practical advice from ${site.name}.`,
    site: site.url,
    trailingSlash: false,
    items: posts.map((post) => ({
      title: post.title,
      description: post.excerpt,
      link: `/blog/${post.slug}`,
      pubDate: new Date(`${post.date.slice(0, 10)}T12:00:00Z`),
      categories: [post.category, ...post.tags],
    })),
    customData: `<language>${site.language}</language>`,
  });
};
