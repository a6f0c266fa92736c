/**
 * The build's brotli copies (scripts/precompress.ts) are made once per content: a rebuild
 * compresses only the files whose bytes changed, and every copy still decompresses to its file.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.ts';

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
});
