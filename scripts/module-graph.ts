/**
 * The built modules a page runs, found by following their imports through dist/. Rolldown writes
 * them as `import"./x.js"`, `import{a as b}from"./x.js"`, `export{a}from"./x.js"` and, for code
 * loaded later, `import("./x.js")`.
 */
import { existsSync, readFileSync } from 'node:fs';
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
    if (seen.has(file) || !existsSync(file)) return;
    const code = readFileSync(file, 'utf8');
    seen.set(file, code);
    for (const [, spec] of code.matchAll(imports)) visit(spec!.startsWith('/') ? join(dist, spec!) : join(dirname(file), spec!));
  };
  entries.forEach(visit);
  return seen;
}
