/**
 * The built modules a page runs, found by following their imports through dist/. Rolldown writes
 * them as `import"./x.js"`, `import{a as b}from"./x.js"`, `export{a}from"./x.js"` and, for code
 * loaded later, `import("./x.js")`.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Imports the browser follows before the module runs. */
export const STATIC_IMPORT = /(?:import|from)\s*["']([^"']+\.js)["']/g;
/** Those, and the modules a script may load later (`import("./x.js")`). */
export const ANY_IMPORT = /(?:import|from)\s*\(?\s*["']([^"']+\.js)["']/g;

/**
 * Every module reachable from `entries` (files in dist/) through `imports`, with its code: the
 * first entry, then what it imports, depth first, then the next entry. Files that do not exist
 * are left out.
 */
export function moduleGraph(dist: string, entries: readonly string[], imports: RegExp): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const module = readModule(file, imports);
    if (!module) return;
    seen.set(file, module.code);
    for (const spec of module.imports) visit(spec.startsWith('/') ? join(dist, spec) : join(dirname(file), spec));
  };
  entries.forEach(visit);
  return seen;
}

interface BuiltFile {
  stamp: string;
  code: string;
  imports: Map<RegExp, string[]>;
}

/**
 * Each file's text (and a module's imports), read once while the file stays as it is (its size
 * and time stamp): every page of a build loads the same few modules (React DOM's 200 KB among
 * them) and stylesheets, and reading and scanning them again for each of 9,000 pages was a third
 * of the postbuild at scale.
 */
const builtFiles = new Map<string, BuiltFile>();

function builtFile(file: string): BuiltFile | undefined {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats?.isFile()) return undefined;
  const stamp = `${stats.size}:${stats.mtimeMs}`;
  let built = builtFiles.get(file);
  if (built?.stamp !== stamp) builtFiles.set(file, (built = { stamp, code: readFileSync(file, 'utf8'), imports: new Map() }));
  return built;
}

/** A file of dist/ as text, or undefined where there is none. */
export function readBuilt(file: string): string | undefined {
  return builtFile(file)?.code;
}

function readModule(file: string, imports: RegExp): { code: string; imports: string[] } | undefined {
  const built = builtFile(file);
  if (!built) return undefined;
  let specs = built.imports.get(imports);
  if (!specs) built.imports.set(imports, (specs = [...built.code.matchAll(imports)].map((m) => m[1]!)));
  return { code: built.code, imports: specs };
}
