/**
 * Runs scripts/first-flight.ts over every built page, in as many worker threads as the machine has
 * cores. Each page is rewritten on its own (string work over its HTML and the files it loads), and
 * at 9,000 pages one thread took 30 s of the build.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { pageScripts, rewritePage } from './first-flight.ts';

/** Below this many pages a thread costs more to start than it saves. */
const PAGES_PER_THREAD = 400;

interface Job {
  dist: string;
  files: string[];
}

/** Rewrites `files` in place; returns the scripts moved out of them (path under dist/ → code). */
function rewriteAll({ dist, files }: Job): Map<string, string> {
  const externalScripts = new Map<string, string>();
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const result = rewritePage(html, dist, pageScripts(html, dist));
    for (const [path, code] of result.externalScripts) externalScripts.set(path, code);
    if (result.html !== html) writeFileSync(file, result.html);
  }
  return externalScripts;
}

/** Rewrites every page of `files` (HTML files of dist/) and returns the scripts moved out of them. */
export async function rewritePages(dist: string, files: readonly string[], pagesPerThread = PAGES_PER_THREAD): Promise<Map<string, string>> {
  const threads = Math.max(1, Math.min(availableParallelism(), Math.floor(files.length / pagesPerThread)));
  if (threads === 1) return rewriteAll({ dist, files: [...files] });
  const shares = Array.from({ length: threads }, (_, n) => files.filter((_, i) => i % threads === n));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<[string, string][]>((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { rewritePages: { dist, files: share } satisfies Job } });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => code !== 0 && reject(new Error(`a page-rewriting thread stopped with code ${code}`)));
        }),
    ),
  );
  return new Map(results.flat());
}

// In a thread started above (and only there: a test runner's own threads import this module too).
const job = isMainThread ? undefined : (workerData as { rewritePages?: Job } | undefined)?.rewritePages;
if (job) parentPort!.postMessage([...rewriteAll(job)]);
