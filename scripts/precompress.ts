/**
 * Writes a brotli copy beside every compressible file of dist/ (`index.html.br`). nginx sends
 * these copies as they are (`brotli_static`, deploy/nginx-config.ts) and the Node server reads them
 * instead of compressing (api/src/static-site.ts).
 *
 * Two qualities. Brotli's best (11) makes files about 9 % smaller than its quality 5 but costs 60
 * times the time: 1.2 s of CPU per MB against 0.02 s on this machine. A site of 9,000 pages is
 * 540 MB of HTML: 650 s of CPU at best quality, 11 s at quality 5. So the best is spent where
 * those 9 % are felt:
 * - the scripts and stylesheets under _astro/, which every visitor downloads;
 * - the pages whose quality-5 copy is over 13 KB: with their response headers (about 600 bytes)
 *   they come within 1 KB of the first round trip of a new connection (14.6 KB), and there the
 *   1 to 1.3 KB best quality saves decides whether they fit. The home page is 13.2 KB at
 *   quality 5 and 11.8 KB at best. (At 12.5 KB the rule took in the 1,300 list pages of a site ten
 *   times this size, which fit with room to spare, and tripled its build.)
 * Every other file (most pages, which fit with room to spare either way) is copied at quality 5.
 *
 * Only what changed is compressed: each copy is kept in a cache named by the SHA-256 of the file
 * it compresses (node_modules/.cache/sipa-brotli/, or BROTLI_CACHE_DIR), and a file whose content
 * the previous build already compressed gets that copy back. The cache then holds this build's
 * copies and no others, so it never grows beyond one build.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import { BROTLI_OPTIONS, BROTLI_SUFFIX, isCompressible, listFiles } from '../api/src/static-site.ts';

const compress = promisify(brotliCompress);

const FAST_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** A page whose fast copy is larger than this is compressed at best quality (why: above). */
export const BEST_QUALITY_PAGE_BYTES = 13_000;

/** The brotli copy of one file of dist/ (`path` is its place under dist/, as `_astro/x.js`). */
export async function brotliCopy(path: string, body: Buffer): Promise<Buffer> {
  if (/^_astro\/.+\.(js|css)$/.test(path)) return compress(body, BROTLI_OPTIONS);
  const fast = await compress(body, FAST_OPTIONS);
  return path.endsWith('.html') && fast.length > BEST_QUALITY_PAGE_BYTES ? compress(body, BROTLI_OPTIONS) : fast;
}

export interface PrecompressTotals {
  files: number;
  bytes: number;
  compressedBytes: number;
  /** Files whose copy came from the cache (their content was compressed by an earlier build). */
  reused: number;
}

/** Where the copies of the previous build are kept: beside the project's other build caches. */
export function defaultCacheDir(dist: string): string {
  return process.env.BROTLI_CACHE_DIR || join(dist, '..', 'node_modules', '.cache', 'sipa-brotli');
}

export async function precompress(dist: string, cacheDir: string = defaultCacheDir(dist)): Promise<PrecompressTotals> {
  const totals: PrecompressTotals = { files: 0, bytes: 0, compressedBytes: 0, reused: 0 };
  // The qualities are part of the name: a change of settings compresses everything again.
  const key = createHash('sha256').update(JSON.stringify([BROTLI_OPTIONS, FAST_OPTIONS, BEST_QUALITY_PAGE_BYTES])).digest('hex').slice(0, 8);
  await mkdir(cacheDir, { recursive: true });
  const used = new Set<string>();
  const queue = listFiles(dist).filter((path) => !path.endsWith(BROTLI_SUFFIX));

  async function one(path: string): Promise<void> {
    const body = await readFile(path);
    if (!isCompressible(path, body.length)) return;
    const place = relative(dist, path).split(sep).join('/');
    // The place is part of the name too: it decides the quality.
    const name = `${createHash('sha256').update(place).update('\0').update(body).digest('hex')}-${key}.br`;
    const cached = join(cacheDir, name);
    used.add(name);
    const target = `${path}${BROTLI_SUFFIX}`;
    let compressedBytes: number;
    try {
      await copyFile(cached, target);
      compressedBytes = (await stat(target)).size;
      totals.reused += 1;
    } catch {
      const compressed = await brotliCopy(place, body);
      await writeFile(target, compressed);
      // Written under a temporary name and renamed, so a build running beside this one never
      // copies half a file.
      const partial = `${cached}.${process.pid}.tmp`;
      await writeFile(partial, compressed);
      await rename(partial, cached);
      compressedBytes = compressed.length;
    }
    totals.files += 1;
    totals.bytes += body.length;
    totals.compressedBytes += compressedBytes;
  }

  // Twice as many files at once as the machine has cores (zlib's asynchronous calls run on libuv's
  // thread pool, and each file also waits on the disk; with one per core the cores sat idle a
  // third of the time), never the whole site: reading every file first held 500 MB at scale.
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await one(queue[next++]!);
  };
  await Promise.all(Array.from({ length: 2 * availableParallelism() }, worker));

  // Copies no file of this build has: the cache keeps the last build, not every build.
  for (const entry of await readdir(cacheDir)) {
    if (!used.has(entry) && !entry.endsWith('.tmp')) await rm(join(cacheDir, entry), { force: true });
  }
  return totals;
}
