import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { distDir, listFiles } from '../../scripts/page-weight.ts';

/**
 * Cascade layers: every page's CSS establishes the order base < components < utilities (the first
 * appearance of a layer name fixes its place, so a component stylesheet arriving before
 * global.css would silently turn the order around).
 */
// The printable downloads (/downloads/*.html) are standalone documents with their own small stylesheet;
// the content editor (/cms/) is the editor's own application, styled by its package, not by the site's layers.
const pages = listFiles(distDir).filter((file) => file.endsWith('.html') && !file.includes('/downloads/') && !file.includes('/cms/'));

function pageCss(file: string): string {
  const html = readFileSync(file, 'utf8');
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const linked = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) =>
    readFileSync(distDir + m[1], 'utf8'),
  );
  return [...inline, ...linked].join('\n');
}

function layerOrder(css: string): string[] {
  const order: string[] = [];
  for (const [, names] of css.matchAll(/@layer\s*([\w\s,.-]+?)\s*[{;]/g)) {
    for (const name of names!.split(',').map((n) => n.trim())) if (!order.includes(name)) order.push(name);
  }
  return order;
}

describe('cascade layers in dist/', () => {
  it('finds the pages to check', () => {
    expect(pages.length).toBeGreaterThan(50);
  });

  it.each(pages.map((file) => [file.slice(distDir.length)]))('%s: base, then components, then utilities', (path) => {
    const order = layerOrder(pageCss(distDir + path));
    expect(order.slice(0, 3)).toEqual(['base', 'components', 'utilities']);
    expect(order).toHaveLength(3);
  });
});
