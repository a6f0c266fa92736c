/**
 * Makes each built page paint from its first network round trip (about 14.6 KB compressed):
 * - its render-blocking stylesheets (the head's) are inlined into the page, less every rule whose
 *   selector names a class that neither the page's HTML nor any script it loads can produce (a
 *   rule the page cannot use); the page then needs no second request before it paints. A
 *   stylesheet linked in the body (the forms', src/components/forms/FormStyles.astro) stays a
 *   link: it holds back only the content after it, so the first paint does not wait for it;
 * - its inline scripts (Astro's island runtime, 4 KB on every page with an island, and small page
 *   modules) move to content-named files under _astro/, cached once for the whole site; any other
 *   inline script stays where it is, with its hash in the policy;
 * - its Content-Security-Policy <meta> lists only the hashes of the inline styles that page holds
 *   (Astro writes the hashes of every page of the site into every page);
 * - the modules its own scripts import are preloaded from the head, and so is the image it asks
 *   for first; its favicon is written into the head, so that nothing the page fetches waits for
 *   another fetch to end or for the parser to reach it.
 * Pure string work over dist/, run by scripts/postbuild.ts after `astro build`.
 */
import { createHash } from 'node:crypto';
import { join, relative, sep } from 'node:path';
import { ANY_IMPORT, STATIC_IMPORT, moduleGraph, readBuilt } from './module-graph.ts';
import { earlyIslandHints, islandRuntime } from './island-preload.ts';

const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/[^"]+\.css)"[^>]*>/g;
const INLINE_CODE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g;

export const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Splits CSS into its top-level blocks: `prelude { body }` (at-rules keep their nested body). */
function topLevelBlocks(css: string): { prelude: string; body: string }[] {
  const blocks: { prelude: string; body: string }[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open === -1) break;
    const semicolon = css.indexOf(';', i);
    if (semicolon !== -1 && semicolon < open && css.slice(i, semicolon).trim().startsWith('@')) {
      // A statement at-rule (@import, @charset): kept as it is.
      blocks.push({ prelude: css.slice(i, semicolon + 1).trim(), body: '' });
      i = semicolon + 1;
      continue;
    }
    let depth = 1;
    let j = open + 1;
    while (j < css.length && depth > 0) {
      if (css[j] === '{') depth++;
      else if (css[j] === '}') depth--;
      j++;
    }
    blocks.push({ prelude: css.slice(i, open).trim(), body: css.slice(open + 1, j - 1) });
    i = j;
  }
  return blocks;
}

/**
 * Class names a selector requires (`.a:hover > .b[x]` → a, b). What sits inside :not(), :is(),
 * :where() or :has() is not counted: `:not(.x)` matches more when .x never occurs, not less.
 */
function classesOf(selector: string): string[] {
  let plain = selector;
  while (/:(not|is|where|has)\([^()]*\)/.test(plain)) plain = plain.replace(/:(not|is|where|has)\([^()]*\)/g, '');
  return [...plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
}

/** A selector list split at its top-level commas (not those inside :is(a, b)). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** Drops the rules no selector of which the page can match; keeps every at-rule but @media/@supports' unused rules. */
export function pruneCss(css: string, usable: (className: string) => boolean): string {
  let out = '';
  for (const { prelude, body } of topLevelBlocks(css)) {
    if (!body && prelude.startsWith('@')) {
      out += prelude;
      continue;
    }
    if (/^@(media|supports|layer|container)\b/.test(prelude)) {
      const inner = pruneCss(body, usable);
      if (inner) out += `${prelude}{${inner}}`;
      continue;
    }
    if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`;
      continue;
    }
    const selectors = splitSelectors(prelude).filter((selector) => classesOf(selector).every(usable));
    if (selectors.length) out += `${selectors.join(',')}{${body}}`;
  }
  return out;
}

/** The words of a text and those of them that end in '-' or '_' (the stems of names a script puts together). */
interface Words {
  all: ReadonlySet<string>;
  stems: readonly string[];
}

function wordsOf(text: string): Words {
  const all = new Set(text.match(/[_a-zA-Z][\w-]*/g));
  return { all, stems: [...all].filter((word) => /[-_]$/.test(word)) };
}

/**
 * Each script's words, kept for the whole run: every page with an island loads the same few
 * files (React DOM's 200 KB among them), and reading their words again for each of 9,000 pages
 * was most of the build at scale.
 */
const scriptWords = new Map<string, Words>();

/**
 * Whether a class can occur on the page: its name is a word of the page or of a script it loads,
 * or starts with a word that ends in '-' or '_' (a name a script puts together: `badge--${state}`).
 */
function usableClassNames(html: string, scripts: readonly string[]): (className: string) => boolean {
  const sources = [
    wordsOf(html),
    ...scripts.map((script) => {
      let words = scriptWords.get(script);
      if (!words) scriptWords.set(script, (words = wordsOf(script)));
      return words;
    }),
  ];
  const stems = sources.flatMap((words) => words.stems);
  return (name) => sources.some((words) => words.all.has(name)) || stems.some((stem) => name.startsWith(stem));
}

/** Every script a page may run: its inline code, its entry files and what they import, statically or not. */
export function pageScripts(html: string, dist: string): string[] {
  const entries = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="(\/[^"]+\.js)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="(\/[^"]+\.js)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/\b(?:component|renderer)-url="(\/[^"]+\.js)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/(?:import|from)\s*\(?\s*["'](\/[^"']+\.js)["']/g)].map((m) => m[1]!),
  ];
  return [...moduleGraph(dist, entries.map((entry) => join(dist, entry)), ANY_IMPORT).values()];
}

export interface FirstFlightResult {
  html: string;
  inlinedStylesheets: string[];
  /** Scripts moved out of the page: path under dist/ to content. */
  externalScripts: Map<string, string>;
}

/**
 * Rewrites one page: stylesheets inlined and pruned, the CSP meta narrowed to the page's own
 * inline code. `scripts` are the texts of every JS file the page loads (page-weight.ts finds them).
 */
export function rewritePage(html: string, dist: string, scripts: readonly string[]): FirstFlightResult {
  const usable = usableClassNames(html, scripts);
  const inlined: string[] = [];
  const headEnd = html.includes('</head>') ? html.indexOf('</head>') : html.length;
  const head = html.slice(0, headEnd).replace(STYLESHEET_LINK, (link, href: string) => {
    const stylesheet = readBuilt(join(dist, href));
    if (stylesheet === undefined) return link;
    inlined.push(href);
    const css = pruneCss(stylesheet, usable);
    return css ? `<style>${css}</style>` : '';
  });
  let rewritten = islandStyleToHead(head + html.slice(headEnd));
  rewritten = mergeStyles(rewritten);
  const externalScripts = new Map<string, string>();
  const external = (code: string) => {
    const path = `_astro/inline.${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
    externalScripts.set(path, code);
    return `/${path}`;
  };
  // Astro's island runtime and its hydration directives: classic scripts that must run in their
  // order (the runtime reads the global the first directive creates). They go into one file, in
  // that order, loaded `async` where the first stood: as early as before, and never waiting for
  // the page's module scripts. The islands' modules are asked for in one round when they wake
  // (scripts/island-preload.ts).
  const runtime = [...rewritten.matchAll(INLINE_CODE)].filter(
    ([, tag, attributes, code]) => tag === 'script' && !/\b(src|type)=/.test(attributes!) && /\bAstro\b/.test(code!),
  );
  let runtimeSrc: string | undefined;
  if (runtime.length) {
    const src = (runtimeSrc = external(islandRuntime(runtime.map((m) => m[3]!), dist)));
    let out = '';
    let cursor = 0;
    runtime.forEach((m, i) => {
      out += rewritten.slice(cursor, m.index!) + (i === 0 ? `<script src="${src}" async></script>` : '');
      cursor = m.index! + m[0].length;
    });
    rewritten = out + rewritten.slice(cursor);
  }
  // The first screen's islands asked for early (scripts/island-preload.ts), from the end of the head.
  const headClose = rewritten.indexOf('</head>');
  const bodyStylesheets = [...rewritten.matchAll(STYLESHEET_LINK)].filter((m) => m.index > headClose).map((m) => ({ href: m[1]!, at: m.index }));
  const hints = earlyIslandHints(rewritten, dist, runtimeSrc, bodyStylesheets);
  if (hints) rewritten = rewritten.replace('</head>', `${hints}</head>`);
  // Inline module scripts keep their semantics as module files (both run after parsing, in order).
  rewritten = rewritten.replace(INLINE_CODE, (element, tag: string, attributes: string, code: string) =>
    tag === 'script' && code.trim() && /^\s*type="module"\s*$/.test(attributes) ? `<script type="module" src="${external(code)}"></script>` : element,
  );
  const hashes = { script: new Set<string>(), style: new Set<string>() };
  for (const [, tag, attributes, code] of rewritten.matchAll(INLINE_CODE)) {
    if (!code!.trim() || /\bsrc=|type="application\/(ld\+)?json"/.test(attributes!)) continue; // data, nothing inline to run
    hashes[tag as 'script' | 'style'].add(sha256(code!));
  }
  rewritten = rewritten.replace(/(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i, (_all, start: string, policy: string, end: string) => {
    const directives = policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src' && name !== 'style-src') return directive.trim();
      const own = hashes[name === 'script-src' ? 'script' : 'style'];
      return [name, ...sources.filter((source) => !source.startsWith("'sha256-")), ...own].join(' ');
    });
    return `${start}${directives.join(';')}${end}`;
  });
  rewritten = preloadImports(rewritten, dist);
  rewritten = preloadFirstImage(rewritten);
  rewritten = inlineFavicon(rewritten, dist);
  return { html: rewritten, inlinedStylesheets: inlined, externalScripts };
}

/**
 * The favicon written into the page as a `data:` address, last in the head. As a file it is one
 * more request, which the browser makes once the page has loaded, on a connection of its own.
 * Written the way the header's inline logo is (the same drawing, with its elements closed
 * `<circle …></circle>` and double quotes), a few hundred bytes further on, compression finds
 * the logo in it: about 60 bytes instead of 240. Characters a URL may not hold (`<`, `>`, spaces,
 * quotes...) are percent-encoded, as the URL standard and the Nu checker ask, which costs some of
 * that likeness.
 */
function inlineFavicon(html: string, dist: string): string {
  const link = /<link rel="icon" href="(\/[^"]+\.svg)"[^>]*>/.exec(html);
  const headEnd = html.indexOf('</head>');
  const file = link ? readBuilt(join(dist, link[1]!)) : undefined;
  if (!link || headEnd === -1 || file === undefined) return html;
  const svg = file
    .trim()
    .replace(/<(\w+)([^<>]*?)\s*\/>/g, '<$1$2></$1>')
    .replace(/\s+/g, ' ')
    .replace(/"/g, "'"); // a quote the address may hold as it is, where `"` would need three characters
  const icon = `<link rel="icon" href="data:image/svg+xml,${svg.replace(/[%#"<>\s{}|\\^\x60]/g, encodeURIComponent)}">`;
  return html.slice(0, link.index) + html.slice(link.index + link[0].length, headEnd) + icon + html.slice(headEnd);
}

/**
 * A `modulepreload` link, early in the head, for every module the page's own scripts import, at
 * any depth. Without it the browser finds each import only once the importing file has arrived:
 * a round trip per level (an event page's script imports the event rules and the calendar day),
 * on the path to the largest paint. The islands' modules are left out: they load when the island
 * wakes.
 */
function preloadImports(html: string, dist: string): string {
  const entries = [...html.matchAll(/<script type="module" src="(\/[^"]+\.js)"/g)].map((m) => join(dist, m[1]!));
  const imported = [...moduleGraph(dist, entries, STATIC_IMPORT).keys()]
    .filter((file) => !entries.includes(file))
    .map((file) => `/${relative(dist, file).split(sep).join('/')}`);
  if (!imported.length) return html;
  const links = imported.map((address) => `<link rel="modulepreload" href="${address}">`).join('');
  const at = html.search(/<style\b|<\/head>/);
  return at === -1 ? html : html.slice(0, at) + links + html.slice(at);
}

/**
 * A `preload` link, in the head next to the font's, for the image the page asks for first
 * (`fetchpriority="high"`: SiteImage's and ListCard's `first`, the largest thing of its first
 * screen). Chromium asks for the <img> only once the parser reaches it, after the head's inline
 * styles: about 30 ms after the font on a fast computer, more on a phone. The image then missed
 * the first paint and the page's largest paint came a frame later, after more of the page had
 * been laid out. Asked for with the font, it is there for the first paint.
 */
function preloadFirstImage(html: string): string {
  const body = html.search(/<body\b/);
  const image = body === -1 ? null : /<img\b(?=[^>]*\bfetchpriority="high")[^>]*>/i.exec(html.slice(body));
  const src = image && /\ssrc="([^"]+)"/.exec(image[0])?.[1];
  if (!src) return html;
  const link = `<link rel="preload" href="${src}" as="image" fetchpriority="high">`;
  // Among the head's first preloads (the font's), before its styles: not after those that end the head (earlyIslandHints).
  const firstStyle = html.search(/<style\b|<\/head>/);
  const preloads = [...html.slice(0, firstStyle).matchAll(/<link rel="preload"[^>]*>/g)];
  const last = preloads.at(-1);
  const at = last ? last.index! + last[0].length : html.search(/<link\b|<style\b|<\/head>/);
  return html.slice(0, at) + link + html.slice(at);
}

/**
 * Astro's rule for its island elements (`astro-island, astro-slot, astro-static-slot { display:
 * contents }`), which it writes into the body before the first island, moved to the end of the
 * head: HTML allows a style in the body only as its parent's first child, and a rule for elements
 * further down loses nothing by coming earlier (no other rule names those elements). Other body
 * styles stay where they are: their place in the cascade after a body stylesheet may matter.
 */
function islandStyleToHead(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const moved: string[] = [];
  const body = html.slice(headEnd).replace(/<style>astro-island,astro-slot(?:,astro-static-slot)?\{display:contents\}<\/style>/g, (style) => {
    moved.push(style);
    return '';
  });
  return moved.length ? html.slice(0, headEnd) + moved[0] + body : html;
}

/**
 * The page's <style> elements joined into one, where the first of them stood in the head (the
 * same order, so the same cascade): one hash in the policy instead of one per component, and one
 * compression window. Only those before the first stylesheet link that follows them are joined
 * (the link's place in the cascade would change); the rest stay where they are.
 */
function mergeStyles(html: string): string {
  const all = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
  const headEnd = html.indexOf('</head>');
  if (all.length < 2 || headEnd === -1 || all[0]!.index! > headEnd) return html;
  const link = html.slice(all[0]!.index!).search(/<link\b[^>]*rel="stylesheet"/);
  const styles = link === -1 ? all : all.filter((m) => m.index! < all[0]!.index! + link);
  if (styles.length < 2) return html;
  const merged = `<style>${styles.map((m) => m[1]).join('')}</style>`;
  let out = '';
  let cursor = 0;
  styles.forEach((m, i) => {
    out += html.slice(cursor, m.index!) + (i === 0 ? merged : '');
    cursor = m.index! + m[0].length;
  });
  return out + html.slice(cursor);
}
