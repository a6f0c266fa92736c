/**
 * The build's brotli copies (scripts/precompress.ts) are made once per content: a rebuild
 * compresses only the files whose bytes changed, and every copy still decompresses to its file.
 * Best quality goes to the scripts and styles and to the pages near the first round trip; the
 * rest are copied at quality 5.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BEST_QUALITY_PAGE_BYTES, brotliCopy, precompress } from '../../scripts/precompress.ts';

let root = '';
let dist = '';
let cache = '';
const page = (n: number, text = 'Community update') => `<!doctype html><title>${text} ${n}</title>${'<p>Families, volunteers and partners.</p>'.repeat(40)}`;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sipa-precompress-'));
  dist = join(root, 'dist');
  cache = join(root, 'cache');
  for (let n = 0; n < 12; n++) {
    mkdirSync(join(dist, 'blog', `post-${n}`), { recursive: true });
    writeFileSync(join(dist, 'blog', `post-${n}`, 'index.html'), page(n));
  }
  writeFileSync(join(dist, 'tiny.txt'), 'too small to compress');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('precompress', () => {
  it('compresses every file the first time, and none whose content a previous build compressed', async () => {
    const first = await precompress(dist, cache);
    expect(first).toMatchObject({ files: 12, reused: 0 });
    const again = await precompress(dist, cache);
    expect(again).toMatchObject({ files: 12, reused: 12, compressedBytes: first.compressedBytes });
  });

  it('compresses again only the files that changed, and each copy is its own file compressed', async () => {
    await precompress(dist, cache);
    writeFileSync(join(dist, 'blog', 'post-3', 'index.html'), page(3, 'Winter update'));
    writeFileSync(join(dist, 'blog', 'post-7', 'index.html'), page(7, 'Winter update'));
    const rebuild = await precompress(dist, cache);
    expect(rebuild).toMatchObject({ files: 12, reused: 10 });
    for (let n = 0; n < 12; n++) {
      const file = join(dist, 'blog', `post-${n}`, 'index.html');
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(readFileSync(file, 'utf8'));
    }
  });

  it('keeps the copies of the last build only', async () => {
    await precompress(dist, cache);
    rmSync(join(dist, 'blog', 'post-0'), { recursive: true });
    writeFileSync(join(dist, 'blog', 'post-1', 'index.html'), page(1, 'Winter update'));
    await precompress(dist, cache);
    expect(readdirSync(cache)).toHaveLength(11);
  });

  describe('quality', () => {
    const atQuality = (body: Buffer, quality: number) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } });
    // Text that compresses about four times: words drawn from a list by a fixed sequence.
    const words = ['family', 'school', 'winter', 'bank', 'volunteer', 'garden', 'Grapevine', 'workshop', 'neighbour', 'interpreter', 'budget', 'library'];
    const prose = (count: number) => {
      let seed = 7;
      return Array.from({ length: count }, () => words[(seed = (seed * 48_271) % 2_147_483_647) % words.length]).join(' ');
    };

    it('best for the scripts and styles every visitor downloads', async () => {
      const script = Buffer.from(`export const words = ${JSON.stringify(prose(2_000))};`);
      expect((await brotliCopy('_astro/client.Ab12.js', script)).equals(atQuality(script, 11))).toBe(true);
      expect((await brotliCopy('_astro/index.Ab12.css', script)).equals(atQuality(script, 11))).toBe(true);
    });

    it('quality 5 for a page with room to spare in the first round trip, and for other files', async () => {
      const page = Buffer.from(`<!doctype html><p>${prose(2_000)}</p>`);
      expect(atQuality(page, 5).length).toBeLessThan(BEST_QUALITY_PAGE_BYTES);
      expect((await brotliCopy('blog/post-1/index.html', page)).equals(atQuality(page, 5))).toBe(true);
      const index = Buffer.from(JSON.stringify(prose(40_000)));
      expect((await brotliCopy('blog/search-index.json', index)).equals(atQuality(index, 5))).toBe(true);
    });

    it('best for a page whose quality-5 copy passes 13 KB, and smaller for it', async () => {
      const page = Buffer.from(`<!doctype html><p>${prose(40_000)}</p>`);
      expect(atQuality(page, 5).length).toBeGreaterThan(13_000);
      const copy = await brotliCopy('index.html', page);
      expect(copy.equals(atQuality(page, 11))).toBe(true);
      expect(copy.length).toBeLessThan(atQuality(page, 5).length);
    });
  });
});
