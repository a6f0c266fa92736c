/**
 * The postbuild rewrites the pages in threads at scale (scripts/rewrite-pages.ts): each page comes
 * out as one thread would write it, and the scripts moved out of the pages are all returned. A
 * rebuild rewrites only the pages whose inputs changed (the page, a file of _astro/, the
 * rewriter's code) and gives every other page, and its moved scripts, back as the last build wrote
 * them.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeDigest, codeFiles, rewritePages } from '../../scripts/rewrite-pages.ts';

const root = mkdtempSync(join(tmpdir(), 'sipa-rewrite-pages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = (n: number, text = `Page ${n}`) =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/_astro/page.css"><link rel="icon" href="/favicon.svg"></head><body><p class="used">${text}</p><script type="module">console.log(${n})</script></body></html>`;

/** A dist/ of `count` pages sharing a stylesheet and a favicon, each with a module script of its own, and a cache of its own. */
function site(name: string, count: number): { dist: string; files: string[]; cacheDir: string } {
  const dist = join(root, name, 'dist');
  mkdirSync(join(dist, '_astro'), { recursive: true });
  writeFileSync(join(dist, '_astro', 'page.css'), '.used{color:red}.unused{color:blue}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>');
  const files = Array.from({ length: count }, (_, n) => {
    const file = join(dist, `page-${n}`, 'index.html');
    mkdirSync(join(dist, `page-${n}`));
    writeFileSync(file, page(n));
    return file;
  });
  return { dist, files, cacheDir: join(root, name, 'cache') };
}

/** The site's pages as astro wrote them, kept to build it again. */
const astroOutput = (dist: string) => {
  const copy = `${dist}-astro`;
  cpSync(dist, copy, { recursive: true });
  return () => {
    rmSync(dist, { recursive: true });
    cpSync(copy, dist, { recursive: true });
  };
};

const pages = (files: string[]) => files.map((file) => readFileSync(file, 'utf8'));

// Threads start and load the rewriter (0.1-1 s a test on a quiet machine): the timeout fits a machine ten times slower.
describe('rewritePages', { timeout: 30_000 }, () => {
  it('rewrites every page in threads as one thread does, and returns every moved script', async () => {
    const inThreads = site('threads', 6);
    const inOne = site('one', 6);
    const threaded = await rewritePages(inThreads.dist, inThreads.files, { pagesPerThread: 2, cacheDir: inThreads.cacheDir });
    const single = await rewritePages(inOne.dist, inOne.files, { cacheDir: inOne.cacheDir });
    expect(threaded.externalScripts.size).toBe(6);
    expect([...threaded.externalScripts.entries()].sort()).toEqual([...single.externalScripts.entries()].sort());
    inThreads.files.forEach((file, n) => {
      const html = readFileSync(file, 'utf8');
      expect(html).toBe(readFileSync(inOne.files[n]!, 'utf8'));
      expect(html).toContain('<style>.used{color:red}</style>');
      expect(html).not.toContain('<link rel="stylesheet"');
      expect(html).toMatch(/<script type="module" src="\/_astro\/inline\.[0-9a-f]{12}\.js"><\/script>/);
    });
  });

  describe('a rebuild', () => {
    it('gives every unchanged page back as it was written, with its moved scripts', async () => {
      const { dist, files, cacheDir } = site('again', 6);
      const rebuild = astroOutput(dist);
      const first = await rewritePages(dist, files, { pagesPerThread: 2, cacheDir });
      expect(first).toMatchObject({ pages: 6, reused: 0 });
      const written = pages(files);
      rebuild();
      const again = await rewritePages(dist, files, { pagesPerThread: 2, cacheDir });
      expect(again).toMatchObject({ pages: 6, reused: 6 });
      expect(pages(files)).toEqual(written);
      expect(again.externalScripts.size).toBe(6);
      expect([...again.externalScripts].sort()).toEqual([...first.externalScripts].sort());
      // Six pages, their six moved scripts and the index of the pages, nothing more.
      expect(readdirSync(cacheDir)).toHaveLength(13);
    });

    it('rewrites a changed page and reuses the others', async () => {
      const { dist, files, cacheDir } = site('one-changed', 6);
      const rebuild = astroOutput(dist);
      await rewritePages(dist, files, { cacheDir });
      const written = pages(files);
      rebuild();
      writeFileSync(files[2]!, page(2, 'Page 2, corrected'));
      const again = await rewritePages(dist, files, { cacheDir });
      expect(again.reused).toBe(5);
      const now = pages(files);
      expect(now[2]).toContain('Page 2, corrected');
      expect(now.filter((html, n) => html === written[n])).toHaveLength(5);
      // The page's old rewrite and its moved script are gone from the cache: it keeps the last build only.
      expect(readdirSync(cacheDir)).toHaveLength(13);
    });

    it('rewrites every page when a file of _astro/ or the favicon changed', async () => {
      const { dist, files, cacheDir } = site('stylesheet-changed', 6);
      const rebuild = astroOutput(dist);
      await rewritePages(dist, files, { cacheDir });
      rebuild();
      writeFileSync(join(dist, '_astro', 'page.css'), '.used{color:green}.unused{color:blue}');
      const again = await rewritePages(dist, files, { cacheDir });
      expect(again.reused).toBe(0);
      for (const html of pages(files)) expect(html).toContain('<style>.used{color:green}</style>');
      rebuild();
      writeFileSync(join(dist, '_astro', 'island.Ab12.js'), 'export const island = 1;');
      expect((await rewritePages(dist, files, { cacheDir })).reused).toBe(0);
      rebuild();
      writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>');
      expect((await rewritePages(dist, files, { cacheDir })).reused).toBe(0);
      for (const html of pages(files)) expect(html).toContain("%3Crect%20width='1'%3E%3C/rect%3E");
    });

    it('rewrites every page when the rewriter’s code changed', async () => {
      const { dist, files, cacheDir } = site('code-changed', 6);
      const rebuild = astroOutput(dist);
      await rewritePages(dist, files, { cacheDir });
      rebuild();
      const again = await rewritePages(dist, files, { cacheDir, code: 'another version of the rewriter' });
      expect(again.reused).toBe(0);
      expect(again.externalScripts.size).toBe(6);
    });
  });
});

describe('the rewriter’s code in the cache key', () => {
  it('holds every file the rewriter imports, through ../ as well, at any depth', () => {
    const files = codeFiles().map((file) => relative(join(import.meta.dirname, '..', '..'), file));
    expect(files).toEqual(expect.arrayContaining(['scripts/rewrite-pages.ts', 'scripts/first-flight.ts', 'scripts/island-preload.ts', 'src/lib/constants.ts']));
  });

  it('changes when a file reached through ../ changes, in whatever form it is imported', () => {
    const dir = join(root, 'code', 'scripts');
    mkdirSync(dir, { recursive: true });
    mkdirSync(join(dir, '..', 'lib'));
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, "import { a } from './a.ts';\nimport './side-effect.ts';\nexport const lazy = () => import('../lib/lazy.ts');\n");
    writeFileSync(join(dir, 'a.ts'), "import {\n  LIMIT,\n} from '../lib/constants.ts';\nexport { data } from '../lib/data.json';\nexport const a = LIMIT;\n");
    writeFileSync(join(dir, 'side-effect.ts'), 'globalThis.x = 1;\n');
    writeFileSync(join(dir, '..', 'lib', 'constants.ts'), 'export const LIMIT = 1;\n');
    writeFileSync(join(dir, '..', 'lib', 'data.json'), '{"data":1}\n');
    writeFileSync(join(dir, '..', 'lib', 'lazy.ts'), 'export const lazy = 1;\n');
    writeFileSync(join(dir, '..', 'lib', 'unrelated.ts'), 'export const unrelated = 1;\n');
    expect(codeFiles(entry).map((file) => relative(join(dir, '..'), file)).sort()).toEqual(['lib/constants.ts', 'lib/data.json', 'lib/lazy.ts', 'scripts/a.ts', 'scripts/entry.ts', 'scripts/side-effect.ts']);
    const before = codeDigest(entry);
    writeFileSync(join(dir, '..', 'lib', 'unrelated.ts'), 'export const unrelated = 2;\n');
    expect(codeDigest(entry)).toBe(before);
    for (const file of ['lib/constants.ts', 'lib/data.json', 'lib/lazy.ts', 'scripts/side-effect.ts']) {
      const path = join(dir, '..', file);
      const digest = codeDigest(entry);
      writeFileSync(path, `${readFileSync(path, 'utf8')} `);
      expect(codeDigest(entry), file).not.toBe(digest);
    }
  });
});
