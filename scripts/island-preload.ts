/**
 * An island's modules in one round of requests. When an island wakes, Astro imports its component
 * and its renderer; the browser finds what those import only once they have arrived, and what
 * that imports one round later again: page script → component and renderer → React and helpers
 * → the language's catalogue, a round trip each (0.56 s on Lighthouse's phone profile).
 *
 * So the island runtime file (one per set of directives, cached for the whole site; first-flight.ts
 * writes it) carries the import graph of the built modules, and a hook that, the moment a
 * directive wakes an island, imports every module its component and renderer import at any
 * depth, and the catalogue of the page's language they load (chunks named `messages-<lang>.*.js`,
 * astro.config.mjs), in the same task as Astro's own two imports: the whole graph is asked for at
 * once.
 *
 * With `import()`, not `<link rel="modulepreload">`: a link put in the document after the first
 * paint can make Chromium rebuild the page's font faces, and where Figtree came too late for that
 * paint (`font-display: optional`: the fallback for the rest of the page's life) the rebuilt face
 * takes it from the cache and every line of text moves (tests/e2e/layout-shift.spec.ts found it on
 * /get-involved: 0.016 at 1280 px). Importing a module early only runs it early; the island's own
 * import then finds it done.
 *
 * An island a visitor waits for on the first screen (`client:idle`, `client:load`) is asked for
 * earlier still, by the page itself (earlyIslandHints below): on Lighthouse's phone profile its
 * modules were asked for 2.5 s after the request, behind a chain of round trips (the body's
 * stylesheets, each blocking the parser in turn, then the island runtime found behind them, then
 * the load event), and the form was usable 2.8 s after the largest paint. The page's head now asks
 * for those stylesheets and the runtime with its first screen, and for the island's modules the
 * moment it has painted: not before, so they never share the connection with what the largest
 * paint waits for (Lighthouse's LCP is unchanged), and in one round, so the form is usable about
 * 1.1 s after the largest paint.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ISLAND_WAKE_TIMEOUT_MS } from '../src/lib/constants.ts';

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
 *
 * And no island asks for anything before the browser reports the page's first contentful paint
 * (or `paintWaitMs` has passed, where it is never reported): on a phone an island wakes long after
 * it, but on a fast computer the load event, and with it an idle island, can come before the first
 * frame is on screen, and the island's modules then count as what the largest paint waited for.
 */
function preloadOnWake(graph: ImportGraph, paintWaitMs: number, preload: (href: string) => void) {
  const painted = new Promise<void>((resolve) => {
    setTimeout(resolve, paintWaitMs);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) observer.disconnect(), resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  const astro = (self as unknown as { Astro: Record<string, unknown> }).Astro;
  const lang = document.documentElement.lang.split('-')[0];
  const asked = new Set<string>();
  const ask = (name: string, root: boolean) => {
    if (asked.has(name) || (name.startsWith('messages-') && !name.startsWith(`messages-${lang}.`))) return;
    asked.add(name);
    if (!root) preload(`/_astro/${name}.js`);
    for (const next of graph[name] ?? []) ask(next, false);
  };
  for (const name of Object.keys(astro)) {
    const directive = astro[name];
    if (typeof directive !== 'function') continue;
    astro[name] = (load: () => Promise<unknown>, options: unknown, island: IslandElement) =>
      directive(
        () =>
          painted.then(() => {
            for (const url of [island.getAttribute('component-url'), island.getAttribute('renderer-url')]) {
              const name = /^\/_astro\/(.+)\.js$/.exec(url ?? '')?.[1];
              if (name) ask(name, true);
            }
            return load();
          }),
        options,
        island,
      );
  }
}

/** How the hook asks for a module: written as text, so the page runs it as the browser's own `import()`. */
export const PRELOAD_MODULE = '(href) => import(href).catch(() => {})';

/**
 * The island runtime file's code from the page's runtime scripts (Astro's directives and its
 * `astro-island` element, in page order): the directives first, then the hook above over the
 * build's import graph, then the element, whose islands start as soon as it is defined.
 */
export function islandRuntime(scripts: readonly string[], dist: string): string {
  const defines = (code: string) => code.includes('customElements.define("astro-island"');
  if (!scripts.some(defines)) return scripts.join('\n');
  const hook = `(${preloadOnWake.toString().replace(/\s+/g, ' ')})(${JSON.stringify(importGraph(dist))}, ${ISLAND_WAKE_TIMEOUT_MS}, ${PRELOAD_MODULE});`;
  return [...scripts.filter((code) => !defines(code)), hook, ...scripts.filter(defines)].join('\n');
}

/**
 * Asks for the first screen's island modules once the browser reports the page's first contentful
 * paint (a request made in the frame being painted can end before that frame is on screen, and
 * would then count as something the largest paint waited for). The links stay inert (`rel=""`,
 * no link type: valid HTML, where a `<link>` without `rel` is not, and nothing is fetched):
 * their modules are imported, as the hook above does, so no link changes after the paint; where
 * the paint is never reported, the islands ask for them when they wake.
 * The same text on every page: one hash in each page's policy.
 */
export const EARLY_ISLAND_SCRIPT =
  'new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();for(const e of document.querySelectorAll("link[data-island]"))import(e.href).catch(()=>{})}}).observe({type:"paint",buffered:true})';

/**
 * What a page's head asks for so that the islands on its first screen wake without waiting on
 * round trips (why: above), or '' for a page without such an island: a `preload` for each
 * stylesheet its body links before the last of those islands (`bodyStylesheets`, with their
 * places in `html`; one further down, as /get-involved's donation form's, would only take the
 * first screen's bandwidth) and for the island runtime (`runtimeSrc`), and, asked for once
 * the page has painted (EARLY_ISLAND_SCRIPT), every module the first-screen islands' components
 * and renderers import at any depth with the page language's catalogue and no other. Islands
 * woken by being seen (`client:visible`) are left to wake as they do.
 */
export function earlyIslandHints(html: string, dist: string, runtimeSrc: string | undefined, bodyStylesheets: readonly { href: string; at: number }[]): string {
  const bodyStart = html.search(/<body\b/);
  const islands = bodyStart === -1 ? [] : [...html.matchAll(/<astro-island\b[^>]*>/g)].filter((m) => m.index > bodyStart && /\sclient="(idle|load)"/.test(m[0]));
  if (!islands.length || !runtimeSrc) return '';
  const lastIsland = islands.at(-1)!.index;
  const stylesheets = new Set(bodyStylesheets.filter(({ at }) => at < lastIsland).map(({ href }) => href));
  const lang = /<html\b[^>]*\blang="([a-z]+)/.exec(html)?.[1] ?? '';
  const graph = importGraph(dist);
  const modules = new Set<string>();
  const visit = (name: string) => {
    if (modules.has(name) || (name.startsWith('messages-') && !name.startsWith(`messages-${lang}.`))) return;
    modules.add(name);
    for (const next of graph[name] ?? []) visit(next);
  };
  for (const [tag] of islands) {
    for (const [, url] of tag.matchAll(/\s(?:component|renderer)-url="\/_astro\/([^"]+)\.js"/g)) visit(url!);
  }
  return [
    ...[...stylesheets].map((href) => `<link rel="preload" as="style" href="${href}">`),
    `<link rel="preload" as="script" href="${runtimeSrc}">`,
    `<script>${EARLY_ISLAND_SCRIPT}</script>`,
    ...[...modules].map((name) => `<link rel="" data-island href="/_astro/${name}.js">`),
  ].join('');
}
