/**
 * The postbuild rewrites the pages in threads at scale (scripts/rewrite-pages.ts): each page comes
 * out as one thread would write it, and the scripts moved out of the pages are all returned.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rewritePages } from '../../scripts/rewrite-pages.ts';

const root = mkdtempSync(join(tmpdir(), 'sipa-rewrite-pages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A dist/ of `count` pages sharing a stylesheet, each with a module script of its own. */
function site(name: string, count: number): { dist: string; files: string[] } {
  const dist = join(root, name);
  mkdirSync(join(dist, '_astro'), { recursive: true });
  writeFileSync(join(dist, '_astro', 'page.css'), '.used{color:red}.unused{color:blue}');
  const files = Array.from({ length: count }, (_, n) => {
    const file = join(dist, `page-${n}`, 'index.html');
    mkdirSync(join(dist, `page-${n}`));
    writeFileSync(
      file,
      `<!DOCTYPE html><html><head><link rel="stylesheet" href="/_astro/page.css"></head><body><p class="used">Page ${n}</p><script type="module">console.log(${n})</script></body></html>`,
    );
    return file;
  });
  return { dist, files };
}

describe('rewritePages', () => {
  it('rewrites every page in threads as one thread does, and returns every moved script', async () => {
    const inThreads = site('threads', 6);
    const inOne = site('one', 6);
    const threaded = await rewritePages(inThreads.dist, inThreads.files, 2);
    const single = await rewritePages(inOne.dist, inOne.files);
    expect(threaded.size).toBe(6);
    expect([...threaded.entries()].sort()).toEqual([...single.entries()].sort());
    inThreads.files.forEach((file, n) => {
      const html = readFileSync(file, 'utf8');
      expect(html).toBe(readFileSync(inOne.files[n]!, 'utf8'));
      expect(html).toContain('<style>.used{color:red}</style>');
      expect(html).not.toContain('<link rel="stylesheet"');
      expect(html).toMatch(/<script type="module" src="\/_astro\/inline\.[0-9a-f]{12}\.js"><\/script>/);
    });
  });
});
