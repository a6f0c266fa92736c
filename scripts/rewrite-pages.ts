/**
 * Runs scripts/first-flight.ts over every built page, in as many worker threads as the machine has
 * cores. Each page is rewritten on its own (string work over its HTML and the files it loads), and
 * at 9,000 pages one thread took 30 s of the build.
 *
 * Only what changed is rewritten: each page's rewrite is kept in a cache named by the SHA-256 of
 * all it depends on (node_modules/.cache/sipa-rewrite/, or REWRITE_CACHE_DIR): the rewriter's code
 * (this file and the files it imports through `./` and `../` at any depth, src/lib/constants.ts
 * among them), every file of dist/ a rewrite can read (scripts,
 * stylesheets, the SVG favicon; `_astro/` as a whole, since the island runtime carries the import
 * graph of all its scripts), the page's place and its HTML. A page whose inputs the previous build
 * already rewrote gets that rewrite back, with the scripts it moved out (kept once each, by their
 * content-named file name, and listed per page in the cache's index.json). The cache then holds
 * this build's rewrites and no others.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, threadId, workerData } from 'node:worker_threads';
import { pageScripts, rewritePage } from './first-flight.ts';

/** Below this many pages a thread costs more to start than it saves. */
const PAGES_PER_THREAD = 400;

interface Job {
  dist: string;
  files: string[];
  cacheDir: string;
  /** The rewriter's code and the files of dist/ a rewrite reads, as one digest. */
  digest: string;
  /** The previous build's pages: cache entry → the scripts moved out of that page (paths under dist/). */
  index: Index;
}

type Index = Record<string, string[]>;

interface Rewritten {
  /** Scripts moved out of the pages: path under dist/ → code. */
  externalScripts: [string, string][];
  /** This build's pages, as the next build's index. */
  index: Index;
  reused: number;
}

export interface RewriteTotals {
  externalScripts: Map<string, string>;
  pages: number;
  /** Pages whose rewrite came from the cache (an earlier build rewrote the same inputs). */
  reused: number;
}

const INDEX = 'index.json';

/** Where the rewrites of the previous build are kept: beside the brotli copies. */
export function defaultCacheDir(dist: string): string {
  return process.env.REWRITE_CACHE_DIR || join(dist, '..', 'node_modules', '.cache', 'sipa-rewrite');
}

/** A relative import of any form: `from './x.ts'` (import or export), `import './x.ts'`, `import('../x.ts')`. */
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
/** Files whose own imports are followed (a JSON file is read, and imports nothing). */
const MODULE = /\.(?:ts|mts|js|mjs)$/;

/**
 * `entry` and every file of the project it imports through a relative path (`./` or `../`, so
 * src/lib/constants.ts, which scripts/island-preload.ts reads, is among them), at any depth,
 * in the order first reached.
 */
export function codeFiles(entry: string = fileURLToPath(import.meta.url)): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    // A path that names no file is text that looks like an import (a pattern, a comment's example).
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    if (!MODULE.test(file)) return;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) visit(join(dirname(file), spec!));
  };
  visit(entry);
  return [...seen];
}

/** The rewriter's code, this file and all it imports (codeFiles), as one digest: a change of any rewrites every page. */
export function codeDigest(entry?: string): string {
  const hash = createHash('sha256');
  // Contents only, not paths: a copy of the project elsewhere (tests/dist, a CI checkout) shares the cache.
  for (const file of codeFiles(entry)) hash.update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Every file of dist/ a page's rewrite can read, as `astro build` wrote them (before the pages' moved scripts are added). */
function siteDigest(dist: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((path) => /\.(js|css|svg)$/.test(path));
  for (const path of files.sort()) hash.update(path).update('\0').update(readFileSync(join(dist, path))).update('\0');
  return hash.digest('hex');
}

/** Written under a temporary name and renamed, so a build running beside this one never reads half a file. */
function keep(file: string, text: string): void {
  const partial = `${file}.${process.pid}-${threadId}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/**
 * Rewrites `files` in place. A page the index holds is copied from the cache (never read into
 * memory: at scale the pages are 540 MB), with the scripts it moved out; any other is rewritten.
 */
function rewriteAll({ dist, files, cacheDir, digest, index }: Job): Rewritten {
  const externalScripts = new Map<string, string>();
  const pages: Index = {};
  let reused = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    const place = relative(dist, file).split(sep).join('/');
    const entry = `${createHash('sha256').update(digest).update('\0').update(place).update('\0').update(bytes).digest('hex')}.html`;
    let scripts: [string, string][] | undefined;
    try {
      scripts = index[entry]?.map((path) => [path, externalScripts.get(path) ?? readFileSync(join(cacheDir, basename(path)), 'utf8')]);
      if (scripts) copyFileSync(join(cacheDir, entry), file);
    } catch {
      scripts = undefined; // gone from the cache since: rewritten below
    }
    if (scripts) reused += 1;
    else {
      const html = bytes.toString();
      const result = rewritePage(html, dist, pageScripts(html, dist));
      scripts = [...result.externalScripts];
      for (const [path, code] of scripts) if (!externalScripts.has(path)) keep(join(cacheDir, basename(path)), code);
      keep(join(cacheDir, entry), result.html);
      writeFileSync(file, result.html);
    }
    for (const [path, code] of scripts) externalScripts.set(path, code);
    pages[entry] = scripts.map(([path]) => path);
  }
  return { externalScripts: [...externalScripts], index: pages, reused };
}

/**
 * Rewrites every page of `files` (HTML files of dist/, as `astro build` wrote them) and returns the
 * scripts moved out of them, which the caller writes into dist/.
 */
export async function rewritePages(
  dist: string,
  files: readonly string[],
  { pagesPerThread = PAGES_PER_THREAD, cacheDir = defaultCacheDir(dist), code = codeDigest() } = {},
): Promise<RewriteTotals> {
  mkdirSync(cacheDir, { recursive: true });
  const digest = createHash('sha256').update(code).update('\0').update(siteDigest(dist)).digest('hex');
  let index: Index = {};
  try {
    index = JSON.parse(readFileSync(join(cacheDir, INDEX), 'utf8')) as Index;
  } catch {
    // No earlier build: every page is rewritten.
  }
  const threads = Math.max(1, Math.min(availableParallelism(), Math.floor(files.length / pagesPerThread)));
  const shares = Array.from({ length: threads }, (_, n) => files.filter((_, i) => i % threads === n));
  const results = await Promise.all(
    shares.map((share) => {
      const job: Job = { dist, files: share, cacheDir, digest, index };
      if (threads === 1) return rewriteAll(job);
      return new Promise<Rewritten>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { rewritePages: job } });
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => code !== 0 && reject(new Error(`a page-rewriting thread stopped with code ${code}`)));
      });
    }),
  );
  const pages: Index = Object.assign({}, ...results.map((result) => result.index));
  keep(join(cacheDir, INDEX), JSON.stringify(pages));
  // Entries no page of this build has: the cache keeps the last build, not every build.
  const used = new Set([INDEX, ...Object.keys(pages), ...Object.values(pages).flat().map((path) => basename(path))]);
  for (const entry of readdirSync(cacheDir)) {
    if (!used.has(entry) && !entry.endsWith('.tmp')) rmSync(join(cacheDir, entry), { force: true });
  }
  return {
    externalScripts: new Map(results.flatMap((result) => result.externalScripts)),
    pages: files.length,
    reused: results.reduce((sum, result) => sum + result.reused, 0),
  };
}

// In a thread started above (and only there: a test runner's own threads import this module too).
const job = isMainThread ? undefined : (workerData as { rewritePages?: Job } | undefined)?.rewritePages;
if (job) parentPort!.postMessage(rewriteAll(job));
