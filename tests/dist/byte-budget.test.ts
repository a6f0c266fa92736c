import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageModules } from '../../scripts/island-bytes.ts';
import { distDir, measureSite } from '../../scripts/page-weight.ts';

/**
 * What a page may cost before it can paint: its HTML plus render-blocking CSS, gzipped. 14.6 KB
 * is what the first round trip of a new connection carries (10 TCP segments), so a page within
 * it paints without waiting for a second one.
 */
const BUDGET_BYTES = 14.6 * 1024;
/** Pages that have nothing to react to: they must not download a framework. */
const STATIC_ROUTES = [
  '/privacy',
  '/terms',
  '/accessibility',
  '/resources/banking-guide',
  '/resources/budgeting-guide',
  '/resources/credit-guide',
  '/careers',
  '/planned-giving',
  '/error',
  '/404',
];

const pages = measureSite();

describe('byte budget over dist/', () => {
  it('finds the built pages', () => {
    expect(pages.length).toBeGreaterThan(25);
  });

  it.each(pages.map((page) => [page.route, page] as const))(
    '%s: HTML plus render-blocking CSS fits in 14.6 KB gzipped',
    (_route, page) => {
      expect(page.html.gzip + page.css.gzip).toBeLessThanOrEqual(BUDGET_BYTES);
    },
  );

  it.each(['/contact', '/fr/get-involved', '/sw/donate', '/newsletter'])(
    '%s: the forms’ stylesheet is linked in the body, before the form, so the first paint does not wait for it',
    (route) => {
      const page = pages.find((p) => p.route === route)!;
      expect(page.laterCss.files.some((file) => /\/_astro\/forms\.[\w-]+\.css$/.test(file)), route).toBe(true);
      expect(page.css.files.some((file) => file.includes('/forms.')), route).toBe(false);
      const html = readFileSync(page.file, 'utf8');
      const link = html.search(/<link rel="stylesheet" href="\/_astro\/forms\./);
      expect(link, route).toBeGreaterThan(html.indexOf('</head>'));
      expect(link, route).toBeLessThan(html.indexOf('<form'));
      // A form the page is for, woken when idle (/contact's, /donate's, /get-involved's volunteer
      // form), has it asked for with the head, once, without waiting for it: the parser stops at
      // each stylesheet of the body in turn. A form woken when seen (/newsletter's) does not.
      const preload = html.search(/<link rel="preload" as="style" href="\/_astro\/forms\./);
      expect(html.match(/<link rel="preload" as="style" href="\/_astro\/forms\./g)?.length ?? 0, route).toBeLessThanOrEqual(1);
      const firstScreen = /\/(contact|donate|get-involved)$/.test(route);
      expect(preload > -1 && preload < html.indexOf('</head>'), route).toBe(firstScreen);
    },
  );

  it.each(STATIC_ROUTES)('%s loads no UI runtime', (route) => {
    const page = pages.find((p) => p.route === route);
    expect(page, `${route} is built`).toBeDefined();
    expect(page!.islands).toBe(0);
    expect(page!.framework).toBeNull();
  });

  it('runs every island on React, the one UI runtime, so the check above means something', () => {
    const withIsland = pages.filter((p) => p.islands > 0);
    expect(withIsland.length).toBeGreaterThan(20);
    for (const page of withIsland) expect(page.framework, page.route).toBe('react');
  });

  it('React DOM is one file under /_astro/ (cached immutable) that every island page shares, and no page asks for React before its islands wake', () => {
    const withIsland = pages.filter((p) => p.islands > 0);
    const renderers = new Set<string>();
    for (const page of withIsland) {
      const modules = pageModules(readFileSync(page.file, 'utf8'), distDir);
      modules.renderers.forEach((url) => renderers.add(url));
      const reactAtLoad = [...modules.atLoad.values()].some((code) => code.includes('__CLIENT_INTERNALS_DO_NOT_USE') || /react-dom/.test(code));
      expect(reactAtLoad, page.route).toBe(false);
    }
    expect([...renderers]).toHaveLength(1);
    const [renderer] = [...renderers];
    expect(renderer).toMatch(/^\/_astro\/[\w-]+\.[\w-]+\.js$/);
    // The renderer file carries React DOM itself, so the runtime is cached once for the whole site.
    expect(readFileSync(`${distDir}${renderer}`, 'utf8')).toMatch(/hydrateRoot/);
  });
});
