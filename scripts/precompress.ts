/**
 * Writes a brotli copy beside every compressible file of dist/ (`index.html.br`), at brotli's
 * best quality, which is too slow to run per request. nginx sends these copies as they are
 * (`brotli_static`, deploy/nginx-config.ts) and the Node server reads them instead of compressing
 * (api/src/static-site.ts). Brotli makes the home page's HTML 12 KB where gzip makes 14 KB: with
 * its response headers it then fits the first round trip of a new connection (14.6 KB).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress } from 'node:zlib';
import { BROTLI_OPTIONS, BROTLI_SUFFIX, isCompressible, listFiles } from '../api/src/static-site.ts';

const compress = promisify(brotliCompress);

export async function precompress(dist: string): Promise<{ files: number; bytes: number; compressedBytes: number }> {
  const totals = { files: 0, bytes: 0, compressedBytes: 0 };
  // zlib's asynchronous calls run on libuv's thread pool: every core compresses at once.
  await Promise.all(
    listFiles(dist)
      .filter((path) => !path.endsWith(BROTLI_SUFFIX))
      .map(async (path) => {
        const body = await readFile(path);
        if (!isCompressible(path, body.length)) return;
        const compressed = await compress(body, BROTLI_OPTIONS);
        await writeFile(`${path}${BROTLI_SUFFIX}`, compressed);
        totals.files += 1;
        totals.bytes += body.length;
        totals.compressedBytes += compressed.length;
      }),
  );
  return totals;
}
