/**
 * An island's modules in one round of requests. When an island wakes, Astro imports its component
 * and its renderer; the browser finds what those import only once they have arrived, and what
 * that imports one round later again: page script → component and renderer → React and helpers
 * → the language's catalogue, a round trip each (0.56 s on Lighthouse's phone profile).
 *
 * So the island runtime file (one per set of directives, cached for the whole site; first-flight.ts
 * writes it) carries the import graph of the built modules, and a hook that, the moment a
 * directive wakes an island, puts a `<link rel="modulepreload">` in the head for every module its
 * component and renderer import at any depth, and for the catalogue of the page's language they
 * load (chunks named `messages-<lang>.*.js`, astro.config.mjs), in the same task as Astro's own
 * two imports: the whole graph is asked for at once. Not earlier: an island wakes once the page has
 * asked for its first screen's image and font (tests/e2e/island-wake.spec.ts), and modules asked
 * for with the page would share the phone's narrow connection with them. Not in the page either:
 * the lists cost 200 bytes of HTML on a page with two islands, and the first flight has none to spare.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Imports the browser follows before a module runs, as Rolldown writes them. */
const STATIC_IMPORT = /(?:import|from)\s*["']\.\/([^"']+)\.js["']/g;
/** A language's catalogue, which a module loads later (`import(\`./messages-fr.x.js\`)`). */
const CATALOGUE_IMPORT = /\bimport\(\s*["'`]\.\/(messages-[^"'`]+)\.js["'`]\s*\)/g;

/** Module (file name under _astro/ less `.js`) → the modules it imports; those that import none are left out. */
export type ImportGraph = Record<string, string[]>;

const graphs = new Map<string, ImportGraph>();

/** The import graph of dist/_astro/, static imports and catalogue loads, read once per build. */
export function importGraph(dist: string): ImportGraph {
  const known = graphs.get(dist);
  if (known) return known;
  const graph: ImportGraph = {};
  const dir = join(dist, '_astro');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js')).sort()) {
    const code = readFileSync(join(dir, file), 'utf8');
    const imports = [...new Set([...code.matchAll(STATIC_IMPORT), ...code.matchAll(CATALOGUE_IMPORT)].map((m) => m[1]!))];
    if (imports.length) graph[file.slice(0, -3)] = imports;
  }
  graphs.set(dist, graph);
  return graph;
}

interface IslandElement {
  getAttribute(name: string): string | null;
}

/**
 * Runs in the island runtime file, after the page's directives are defined and before the
 * islands start: each directive's `load` (which imports the component and the renderer) first
 * preloads every module those two import, at any depth, with the page language's catalogue and
 * no other. Self-contained: its text is the code, with the graph as its argument.
 */
function preloadOnWake(graph: ImportGraph) {
  const astro = (self as unknown as { Astro: Record<string, unknown> }).Astro;
  const lang = document.documentElement.lang.split('-')[0];
  const asked = new Set<string>();
  const ask = (name: string, root: boolean) => {
    if (asked.has(name) || (name.startsWith('messages-') && !name.startsWith(`messages-${lang}.`))) return;
    asked.add(name);
    if (!root) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = `/_astro/${name}.js`;
      document.head.append(link);
    }
    for (const next of graph[name] ?? []) ask(next, false);
  };
  for (const name of Object.keys(astro)) {
    const directive = astro[name];
    if (typeof directive !== 'function') continue;
    astro[name] = (load: () => Promise<unknown>, options: unknown, island: IslandElement) =>
      directive(() => {
        for (const url of [island.getAttribute('component-url'), island.getAttribute('renderer-url')]) {
          const name = /^\/_astro\/(.+)\.js$/.exec(url ?? '')?.[1];
          if (name) ask(name, true);
        }
        return load();
      }, options, island);
  }
}

/**
 * The island runtime file's code from the page's runtime scripts (Astro's directives and its
 * `astro-island` element, in page order): the directives first, then the hook above over the
 * build's import graph, then the element, whose islands start as soon as it is defined.
 */
export function islandRuntime(scripts: readonly string[], dist: string): string {
  const defines = (code: string) => code.includes('customElements.define("astro-island"');
  if (!scripts.some(defines)) return scripts.join('\n');
  const hook = `(${preloadOnWake.toString().replace(/\s+/g, ' ')})(${JSON.stringify(importGraph(dist))});`;
  return [...scripts.filter((code) => !defines(code)), hook, ...scripts.filter(defines)].join('\n');
}
