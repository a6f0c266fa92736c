import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneCss, rewritePage, sha256 } from '../../scripts/first-flight.ts';

describe('pruneCss', () => {
  const has = (...names: string[]) => (name: string) => names.includes(name);

  it('drops rules whose classes the page cannot produce and keeps element rules and at-rules', () => {
    const css = 'body{margin:0}.card{color:red}.admin-row{color:blue}@font-face{font-family:X}@keyframes spin{to{rotate:1turn}}';
    expect(pruneCss(css, has('card'))).toBe('body{margin:0}.card{color:red}@font-face{font-family:X}@keyframes spin{to{rotate:1turn}}');
  });

  it('keeps the selectors of a list that can match, and prunes inside @media', () => {
    expect(pruneCss('.a,.b{x:1}', has('b'))).toBe('.b{x:1}');
    expect(pruneCss('@media (width>=768px){.a{x:1}.b{y:2}}', has('b'))).toBe('@media (width>=768px){.b{y:2}}');
    expect(pruneCss('@media (width>=768px){.a{x:1}}', has())).toBe('');
  });

  it('never counts a class inside :not() or :is() as required', () => {
    expect(pruneCss('.a:not(.gone){x:1}', has('a'))).toBe('.a:not(.gone){x:1}');
    expect(pruneCss(':is(.gone, .a) p{x:1}', has('a'))).toBe(':is(.gone, .a) p{x:1}');
  });
});

describe('rewritePage', () => {
  const dist = mkdtempSync(join(tmpdir(), 'first-flight-'));
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, '_astro', 'page.css'), '.used{color:red}.unused{color:blue}');
  const page = [
    '<!DOCTYPE html><html><head>',
    `<meta http-equiv="content-security-policy" content="default-src 'self';script-src 'self' 'sha256-other';style-src 'self' 'sha256-elsewhere'">`,
    '<link rel="stylesheet" href="/_astro/page.css"><style>.used{margin:0}</style>',
    '</head><body><p class="used">Hi</p>',
    '<script>(self.Astro||(self.Astro={})).idle=1</script><script>Astro.idle&&0</script>',
    '<script type="module">console.log(1)</script>',
    '<script type="application/ld+json">{"@type":"NGO"}</script>',
    '</body></html>',
  ].join('');
  const { html, externalScripts } = rewritePage(page, dist, []);

  it('inlines the stylesheet, pruned, and joins the styles into one', () => {
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain('<style>.used{color:red}.used{margin:0}</style>');
  });

  it('moves the island runtime into one async file, in order, and a module script into a module file', () => {
    const files = [...externalScripts.entries()];
    expect(files).toHaveLength(2);
    const runtime = files.find(([, code]) => code.includes('self.Astro'))!;
    expect(runtime[1]).toBe('(self.Astro||(self.Astro={})).idle=1\nAstro.idle&&0');
    expect(html).toContain(`<script src="/${runtime[0]}" async></script>`);
    expect(html).toMatch(/<script type="module" src="\/_astro\/inline\.[0-9a-f]{12}\.js"><\/script>/);
    expect(html).toContain('<script type="application/ld+json">{"@type":"NGO"}</script>');
  });

  it('leaves a stylesheet linked in the body where it is: it holds back only what follows it', () => {
    writeFileSync(join(dist, '_astro', 'forms.css'), '.form{gap:0}');
    const withForm = page.replace('<p class="used">Hi</p>', '<p class="used">Hi</p><link rel="stylesheet" href="/_astro/forms.css"><form class="form"></form>');
    const rewritten = rewritePage(withForm, dist, []).html;
    expect(rewritten).toContain('<p class="used">Hi</p><link rel="stylesheet" href="/_astro/forms.css"><form class="form">');
    expect(rewritten).not.toContain('.form{gap:0}');
    expect(rewritten).toContain('<style>.used{color:red}.used{margin:0}</style>');
  });

  it('joins the styles before a stylesheet linked in the body, and leaves those after it in their place', () => {
    const withForm = page.replace('<p class="used">Hi</p>', '<p class="used">Hi</p><link rel="stylesheet" href="/_astro/forms.css"><style>.form{gap:1px}</style>');
    const rewritten = rewritePage(withForm, dist, []).html;
    expect(rewritten.match(/<style>/g)).toHaveLength(2);
    expect(rewritten).toContain('<style>.used{color:red}.used{margin:0}</style></head>');
    expect(rewritten).toContain('<link rel="stylesheet" href="/_astro/forms.css"><style>.form{gap:1px}</style>');
  });

  it("moves Astro's rule for its island elements from the body to the head, where HTML allows a style", () => {
    const island = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
    const withIsland = page.replace('<p class="used">Hi</p>', `<p class="used">Hi</p><link rel="stylesheet" href="/_astro/forms.css">${island}<astro-island></astro-island>`);
    const rewritten = rewritePage(withIsland, dist, []).html;
    const headEnd = rewritten.indexOf('</head>');
    expect(rewritten.slice(headEnd)).not.toContain('<style');
    expect(rewritten.slice(0, headEnd)).toContain('astro-island,astro-slot,astro-static-slot{display:contents}');
  });

  it("preloads, early in the head, every module the page's own scripts import at any depth, and none of an island's", () => {
    writeFileSync(join(dist, '_astro', 'badge.js'), 'import{s as t}from"./status.js";t()');
    writeFileSync(join(dist, '_astro', 'status.js'), 'import"./day.js";import{x}from"./day.js";export const s=()=>x');
    writeFileSync(join(dist, '_astro', 'day.js'), 'export const x=1;const later=()=>import("./late.js")');
    writeFileSync(join(dist, '_astro', 'island.js'), 'import"./react.js"');
    const withScripts = page.replace(
      '</body>',
      '<script type="module" src="/_astro/badge.js"></script><astro-island component-url="/_astro/island.js"></astro-island></body>',
    );
    const rewritten = rewritePage(withScripts, dist, []).html;
    const preloads = [...rewritten.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/_astro/status.js', '/_astro/day.js']);
    expect(rewritten.indexOf('rel="modulepreload"')).toBeLessThan(rewritten.indexOf('<style>'));
    expect(html).not.toContain('modulepreload');
  });

  it('preloads the image the page asks for first, next to the font, before the parser reaches it', () => {
    const withImages = page
      .replace('<link rel="stylesheet"', '<link rel="preload" href="/_astro/font.woff2" as="font" type="font/woff2" crossorigin><link rel="stylesheet"')
      .replace(
        '<p class="used">Hi</p>',
        '<img src="/art/later.svg" loading="lazy"><p class="used">Hi</p><img data-fade src="/art/hero.svg" alt="" fetchPriority="high" decoding="async"/>',
      );
    const rewritten = rewritePage(withImages, dist, []).html;
    expect(rewritten).toContain(
      '<link rel="preload" href="/_astro/font.woff2" as="font" type="font/woff2" crossorigin><link rel="preload" href="/art/hero.svg" as="image" fetchpriority="high">',
    );
    expect(rewritten.match(/as="image"/g)).toHaveLength(1);
    expect(html).not.toContain('as="image"');
  });

  it('puts that preload first in the head when the page preloads nothing else', () => {
    const withHero = page.replace('<p class="used">Hi</p>', '<img src="/art/hero.svg" fetchpriority="high">');
    const rewritten = rewritePage(withHero, dist, []).html;
    expect(rewritten).toMatch(/<head><meta [^>]*><link rel="preload" href="\/art\/hero\.svg" as="image" fetchpriority="high"><style>/);
  });

  it("lists only the page's own inline style in the policy, and no script hash", () => {
    const policy = html.match(/content="([^"]*)"/)![1]!;
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain(`style-src 'self' ${sha256('.used{color:red}.used{margin:0}')}`);
    expect(policy).not.toContain('sha256-other');
    expect(policy).not.toContain('sha256-elsewhere');
  });
});
