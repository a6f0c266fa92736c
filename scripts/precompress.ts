/**
 * Writes a brotli copy beside every compressible file of dist/ (`index.html.br`), at brotli's
 * best quality, which is too slow to run per request. nginx sends these copies as they are
 * (`brotli_static`, deploy/nginx-config.ts) and the Node server reads them instead of compressing
 * (api/src/static-site.ts). Brotli makes the home page's HTML 12 KB where gzip makes 14 KB: with
 * its response headers it then fits the first round trip of a new connection (14.6 KB).
 *
 * Best quality costs about 3 s per MB on one core of this machine, and a site of 9,000 pages is
 * 500 MB of HTML, so only what changed is compressed: each copy is kept in a cache named by the
 * SHA-256 of the file it compresses (node_modules/.cache/sipa-brotli/, or BROTLI_CACHE_DIR), and a
 * file whose content the previous build already compressed gets that copy back. The cache then
 * holds this build's copies and no others, so it never grows beyond one build.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress } from 'node:zlib';
import { BROTLI_OPTIONS, BROTLI_SUFFIX, isCompressible, listFiles } from '../api/src/static-site.ts';

const compress = promisify(brotliCompress);

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
  // The quality is part of the name: a change of settings compresses everything again.
  const key = createHash('sha256').update(JSON.stringify(BROTLI_OPTIONS)).digest('hex').slice(0, 8);
  await mkdir(cacheDir, { recursive: true });
  const used = new Set<string>();
  const queue = listFiles(dist).filter((path) => !path.endsWith(BROTLI_SUFFIX));

  async function one(path: string): Promise<void> {
    const body = await readFile(path);
    if (!isCompressible(path, body.length)) return;
    const name = `${createHash('sha256').update(body).digest('hex')}-${key}.br`;
    const cached = join(cacheDir, name);
    used.add(name);
    const target = `${path}${BROTLI_SUFFIX}`;
    let compressedBytes: number;
    try {
      await copyFile(cached, target);
      compressedBytes = (await stat(target)).size;
      totals.reused += 1;
    } catch {
      const compressed = await compress(body, BROTLI_OPTIONS);
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

  // As many files at once as the machine has cores (zlib's asynchronous calls run on libuv's
  // thread pool), never the whole site: reading every file first held 500 MB at scale.
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await one(queue[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));

  // Copies no file of this build has: the cache keeps the last build, not every build.
  for (const entry of await readdir(cacheDir)) {
    if (!used.has(entry) && !entry.endsWith('.tmp')) await rm(join(cacheDir, entry), { force: true });
  }
  return totals;
}
