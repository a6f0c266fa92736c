/**
 * Not-found answers in the visitor's language, from the Node server over the built site: a
 * missing /fr/… or /sw/… address gets that language's not-found page (and /fr/blog/…,
 * /sw/events/… their section's), with status 404. deploy/test/deploy.test.ts asks nginx the same.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createStaticSite } from '../../api/src/static-site.ts';
import { distDir } from '../../scripts/page-weight.ts';

const site = createStaticSite(distDir);
const app = new Hono().all('*', (c) => site.handle(c));

async function notFound(path: string): Promise<{ lang: string | undefined; text: string }> {
  const res = await app.request(path);
  expect(res.status, path).toBe(404);
  const html = await res.text();
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');
  return { lang: /<html lang="([^"]+)"/.exec(html)?.[1], text };
}

describe('not-found pages in every language', () => {
  it.each([
    ['/no-such-page', 'en-US', 'Page not found: /no-such-page'],
    ['/fr/no-such-page', 'fr', 'Page introuvable : /fr/no-such-page'],
    ['/fr/about/nobody', 'fr', 'Page introuvable : /fr/about/nobody'],
    ['/sw/no-such-page', 'sw', 'Ukurasa haupatikani: /sw/no-such-page'],
    ['/fr/404', 'fr', 'Page introuvable : /fr/404'],
  ])('%s: the not-found page in its language, the path written in', async (path, lang, line) => {
    const page = await notFound(path);
    expect(page.lang).toBe(lang);
    expect(page.text).toContain(line);
  });

  it.each([
    ['/blog/no-such-post', 'en-US', "The blog post you're looking for doesn't exist or has been removed."],
    ['/fr/blog/no-such-post', 'fr', 'L’article de blog que vous cherchez n’existe pas ou a été retiré.'],
    ['/sw/blog/2099/no-such-post', 'sw', 'Makala ya blogu unayotafuta haipo au imeondolewa.'],
    ['/events/no-such-event', 'en-US', "Event Not Found - The event you're looking for doesn't exist or has been removed."],
    ['/fr/events/no-such-event', 'fr', 'Événement introuvable - L’événement que vous cherchez n’existe pas ou a été retiré.'],
    ['/sw/events/no-such-event', 'sw', 'Tukio Halipatikani - Tukio unalotafuta halipo au limeondolewa.'],
    ['/sw/events/404', 'sw', 'Tukio Halipatikani'],
  ])("%s: its section's not-found page in its language", async (path, lang, line) => {
    const page = await notFound(path);
    expect(page.lang).toBe(lang);
    expect(page.text).toContain(line);
  });
});
