import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EARLY_ISLAND_SCRIPT, PRELOAD_MODULE, earlyIslandHints, importGraph, islandRuntime } from '../../scripts/island-preload.ts';

/** A built site in miniature: an island whose graph is three levels deep, as Rolldown writes it. */
function site() {
  const dist = mkdtempSync(join(tmpdir(), 'island-preload-'));
  mkdirSync(join(dist, '_astro'));
  const files: Record<string, string> = {
    'Form.a1.js': 'import{j as e}from"./react.r1.js";import{t}from"./texts.t1.js";export default function(){}',
    'client.c1.js': 'import"./react.r1.js";export default 1',
    'react.r1.js': 'export const j=1',
    'texts.t1.js':
      'import"./languages.l1.js";const d={en:()=>import(`./messages-en.e1.js`),fr:()=>import(`./messages-fr.f1.js`),sw:()=>import(`./messages-sw.s1.js`)};export const t=1',
    'languages.l1.js': 'export const l=1',
    'messages-en.e1.js': 'export{d as default}from"./messages-en.e2.js"',
    'messages-en.e2.js': 'export const d={}',
    'messages-fr.f1.js': 'export{d as default}from"./messages-fr.f2.js"',
    'messages-fr.f2.js': 'export const d={}',
    'messages-sw.s1.js': 'export{d as default}from"./messages-sw.s2.js"',
    'messages-sw.s2.js': 'export const d={}',
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dist, '_astro', name), code);
  return dist;
}

describe('importGraph', () => {
  it('maps each built module to the modules it imports and the catalogues it loads', () => {
    expect(importGraph(site())).toEqual({
      'Form.a1': ['react.r1', 'texts.t1'],
      'client.c1': ['react.r1'],
      'messages-en.e1': ['messages-en.e2'],
      'messages-fr.f1': ['messages-fr.f2'],
      'messages-sw.s1': ['messages-sw.s2'],
      'texts.t1': ['languages.l1', 'messages-en.e1', 'messages-fr.f1', 'messages-sw.s1'],
    });
  });
});

describe('islandRuntime', () => {
  const dist = site();
  const directive = '(self.Astro||(self.Astro={})).visible=(load)=>load();';
  const element = 'class AstroIsland extends HTMLElement{};customElements.define("astro-island",AstroIsland)';

  it('puts the directives first, then the preloading hook, then the element that starts the islands', () => {
    const code = islandRuntime([directive, element, '(self.Astro||(self.Astro={})).load=(load)=>load();'], dist).split('\n');
    expect(code).toHaveLength(4);
    expect(code[0]).toBe(directive);
    expect(code[1]).toContain('load=(load)=>load()');
    expect(code[2]).toContain(PRELOAD_MODULE);
    expect(code[3]).toBe(element);
  });

  it('leaves scripts without the island element as they are', () => {
    expect(islandRuntime([directive, 'Astro.visible&&0'], dist)).toBe(`${directive}\nAstro.visible&&0`);
  });

  /** Runs the hook over a page in `lang` and wakes one island through its directive. */
  function start(lang: string, observer: unknown = PerformanceObserver) {
    const asked: string[] = [];
    const astro: Record<string, unknown> = { visible: (load: () => Promise<string>) => load() };
    // The browser's import() replaced by a record of what it is asked for; nothing is put in the document.
    const hook = islandRuntime([directive, element], dist).split('\n')[1]!.replace(PRELOAD_MODULE, 'preload');
    const document = { documentElement: { lang } };
    new Function('self', 'document', 'PerformanceObserver', 'preload', hook)({ Astro: astro }, document, observer, (href: string) => asked.push(`import ${href}`));
    const visible = (attributes: Record<string, string>) =>
      (astro.visible as (load: () => Promise<string>, options: unknown, island: unknown) => Promise<string>)(async () => `imported after ${asked.length} preloads`, {}, {
        getAttribute: (name: string) => attributes[name] ?? null,
      });
    return { asked, visible };
  }

  /** Runs the hook over a page in `lang` (where Node reports no paint) and wakes islands through their directive. */
  async function wake(lang: string, islands: Record<string, string>[]) {
    const { asked, visible } = start(lang);
    const results: string[] = [];
    for (const attributes of islands) results.push(await visible(attributes));
    return { asked, results };
  }

  const form = { 'component-url': '/_astro/Form.a1.js', 'renderer-url': '/_astro/client.c1.js' };

  it('wakes an island after preloading every module below its component and renderer, with its page’s catalogue and no other', async () => {
    const { asked, results } = await wake('fr-FR', [form]);
    expect(asked).toEqual([
      'import /_astro/react.r1.js',
      'import /_astro/texts.t1.js',
      'import /_astro/languages.l1.js',
      'import /_astro/messages-fr.f1.js',
      'import /_astro/messages-fr.f2.js',
    ]);
    expect(results).toEqual(['imported after 5 preloads']);
  });

  it('takes the page’s language, and asks once for what two islands share', async () => {
    const { asked } = await wake('sw', [form, { 'component-url': '/_astro/texts.t1.js', 'renderer-url': '/_astro/client.c1.js' }]);
    expect(asked.filter((href) => href.includes('messages-'))).toEqual(['import /_astro/messages-sw.s1.js', 'import /_astro/messages-sw.s2.js']);
    expect(asked).toHaveLength(5);
  });

  it('asks for nothing before the browser reports the first contentful paint', async () => {
    let report: (names: string[]) => void = () => {};
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: unknown) => void) {
        report = (names) => callback({ getEntriesByName: (name) => (names.includes(name) ? [{}] : []) }, this);
      }
      observe() {}
      disconnect() {}
    }
    const { asked, visible } = start('en', PaintObserver);
    const woken = visible(form);
    await new Promise((resolve) => setImmediate(resolve));
    report(['first-paint']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([]);
    report(['first-contentful-paint']);
    expect(await woken).toBe('imported after 5 preloads');
  });
});

describe('earlyIslandHints', () => {
  const dist = site();
  const island = (client: string) => `<astro-island component-url="/_astro/Form.a1.js" renderer-url="/_astro/client.c1.js" client="${client}"></astro-island>`;
  const forms = '<link rel="stylesheet" href="/_astro/forms.x.css">';
  const donation = '<link rel="stylesheet" href="/_astro/donation.y.css">';
  /** The page and its body's stylesheet links with their places, as first-flight.ts finds them. */
  const hintsOf = (body: string) => {
    const html = `<html lang="fr"><head></head><body>${body}</body></html>`;
    const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => ({ href: m[1]!, at: m.index }));
    return earlyIslandHints(html, dist, '/_astro/inline.r.js', links);
  };

  it('asks from the head for the body’s stylesheets before the first screen’s island, once each, the runtime, and its modules inert', () => {
    const hints = hintsOf(`${forms}${island('idle')}${forms}${donation}${island('visible')}`);
    expect(hints.match(/<link rel="preload" as="style"[^>]*>/g)).toEqual(['<link rel="preload" as="style" href="/_astro/forms.x.css">']);
    expect(hints).toContain('<link rel="preload" as="script" href="/_astro/inline.r.js">');
    expect(hints.match(/<link rel="" data-island href="[^"]+">/g)?.sort()).toEqual(
      ['Form.a1', 'client.c1', 'languages.l1', 'messages-fr.f1', 'messages-fr.f2', 'react.r1', 'texts.t1'].map((name) => `<link rel="" data-island href="/_astro/${name}.js">`),
    );
  });

  it('imports the inert links’ modules once the first contentful paint is reported, and gives no link a rel', () => {
    expect(EARLY_ISLAND_SCRIPT).toContain('import(e.href)');
    expect(EARLY_ISLAND_SCRIPT).not.toMatch(/\.rel\b|createElement|append/);
  });

  it('asks for nothing for a page whose islands all wake when seen', () => {
    expect(hintsOf(`${forms}${island('visible')}`)).toBe('');
  });
});
