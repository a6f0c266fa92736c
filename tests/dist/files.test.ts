import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { distDir, htmlPages, listFiles } from '../../scripts/page-weight.ts';
import { isNoindexPath, routeAliases } from '../../src/lib/routes.ts';

const pages = htmlPages();

/** The addresses of a page's module scripts, in document order. */
const moduleScripts = (html: string) => [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]!);
/** Any import in built code, static or dynamic: a request found only once the script has arrived. */
const ANY_IMPORT = /\bimport\s*[{"'`*(]|\bfrom\s*["'`]/;

/** The one module script of a page whose code holds `marker`, checked to import nothing. */
function expectOneImportFreeScript(html: string, route: string, marker: string) {
  const holding = moduleScripts(html).map((src) => readFileSync(join(distDir, src), 'utf8')).filter((code) => code.includes(marker));
  expect(holding, route).toHaveLength(1);
  expect(holding[0], route).not.toMatch(ANY_IMPORT);
}

describe('files in dist/', () => {
  it('holds no two names that differ only by letter case', () => {
    const seen = new Map<string, string>();
    for (const { file } of pages) {
      const key = file.toLowerCase();
      expect(seen.get(key), `${file} collides with ${seen.get(key)}`).toBeUndefined();
      seen.set(key, file);
    }
  });

  it('holds a brotli copy of every page, script, style and artwork file, equal to it once decompressed', () => {
    const text = listFiles(distDir).filter((file) => /\.(html|css|js|svg|xml|json|webmanifest|ics|txt)$/.test(file) && readFileSync(file).length >= 513);
    expect(text.length).toBeGreaterThan(300);
    for (const file of text) {
      expect(existsSync(`${file}.br`), file).toBe(true);
      const [body, copy] = [readFileSync(file), readFileSync(`${file}.br`)];
      expect(brotliDecompressSync(copy).equals(body), file).toBe(true);
      expect(copy.length, file).toBeLessThan(body.length);
    }
    // What the fronts send: every page's copy, with its response headers (about 600 bytes), within
    // the first round trip of a new connection (14.6 KB); at best quality where quality 5 comes
    // within 2 KB of it (scripts/precompress.ts).
    for (const { file } of pages) expect(readFileSync(`${file}.br`).length, file).toBeLessThanOrEqual(14.6 * 1024 - 600);
  });

  it("names a component's script after the component alone, which every page that runs it writes", () => {
    const scripts = listFiles(join(distDir, '_astro')).filter((file) => file.endsWith('.js'));
    expect(scripts.some((file) => /\/EventPage\.[\w-]+\.js$/.test(file))).toBe(true);
    expect(scripts.filter((file) => file.includes('astro_type_script'))).toEqual([]);
  });

  it("runs the page shell's script, which every page loads, as one file that imports nothing", () => {
    // An import is a request the browser finds only once the script has arrived: a round trip
    // later, on the path to every page's largest paint.
    const [first, ...rest] = pages.map(({ file }) => new Set(moduleScripts(readFileSync(file, 'utf8'))));
    const everyPage = [...first!].filter((src) => rest.every((scripts) => scripts.has(src)));
    expect(everyPage).toHaveLength(1);
    const shell = readFileSync(join(distDir, everyPage[0]!), 'utf8');
    expect(shell).toContain('data-nav-toggle');
    expect(shell).not.toMatch(ANY_IMPORT);
  });

  it("preloads every module that a page's own scripts import, so no import waits for its importer", () => {
    const staticImports = (address: string) =>
      [...readFileSync(join(distDir, address), 'utf8').matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?"\.\/([^"]+\.js)"/g)].map((m) => `/_astro/${m[1]}`);
    let checked = 0;
    for (const { route, file } of pages) {
      const html = readFileSync(file, 'utf8');
      const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]!));
      const pending = moduleScripts(html);
      for (let address = pending.pop(); address; address = pending.pop()) {
        for (const dependency of staticImports(address)) {
          expect(preloaded.has(dependency), `${route}: ${dependency}`).toBe(true);
          pending.push(dependency);
          checked++;
        }
      }
    }
    // The event pages' and the result pages' scripts import shared modules.
    expect(checked).toBeGreaterThan(50);
  });

  it("a program's status badge costs one small file: its script imports nothing", () => {
    for (const route of ['/impact', '/programs', '/fr/programs/early-learning']) {
      const html = readFileSync(join(distDir, route, 'index.html'), 'utf8');
      expect(html, route).toContain('data-active-from=');
      expectOneImportFreeScript(html, route, 'data-active-from');
      expect(html, route).not.toContain('rel="modulepreload" href="/_astro/program-status');
    }
  });

  it('the home carousel is an island that wakes after the largest paint, its first slide in the page, preloaded', () => {
    for (const route of ['/', '/fr', '/sw']) {
      const html = readFileSync(join(distDir, route, 'index.html'), 'utf8');
      const island = /<astro-island\b[^>]*component-url="(\/_astro\/HeroCarousel\.[\w-]+\.js)"[^>]*>/.exec(html);
      expect(island, route).not.toBeNull();
      expect(island![0], route).toContain('client="painted"');
      // Nothing asks for its modules at the first paint, as the first screen's idle islands do.
      expect(html, route).not.toContain(`data-island href="${island![1]}"`);
      expect(html, route).not.toMatch(/<link\b[^>]*data-island[^>]*HeroCarousel/);
      // The four slides and the first one's image are in the served HTML, that image asked for first.
      const slides = [...html.matchAll(/<div class="carousel__slide( is-active)?" data-slide="(\d)"/g)];
      expect(slides.map((slide) => [slide[2], Boolean(slide[1])]), route).toEqual([['0', true], ['1', false], ['2', false], ['3', false]]);
      const first = /<img src="([^"]+)"[^>]*fetchpriority="high"[^>]*>/.exec(html.slice(html.indexOf('data-slide="0"')));
      expect(first?.[1], route).toBe('/art/carousel-welcome.svg');
      expect(first![0], route).toContain('loading="eager"');
      expect(html.slice(0, html.indexOf('</head>')), route).toContain('<link rel="preload" href="/art/carousel-welcome.svg" as="image" fetchpriority="high">');
      // The controls are drawn, kept out of sight until the island wakes (no data-ready yet).
      const frame = /<div class="carousel" data-carousel=""[^>]*>/.exec(html);
      expect(frame?.[0], route).toContain('data-current="0"');
      expect(frame![0], route).not.toContain('data-ready');
    }
  });

  it('writes _redirects for CDN hosts from the alias table', () => {
    const redirects = readFileSync(join(distDir, '_redirects'), 'utf8');
    for (const [from, to] of Object.entries(routeAliases)) expect(redirects).toContain(`${from} ${to} 301`);
  });

  it('writes _headers with the security headers and immutable assets', () => {
    const headers = readFileSync(join(distDir, '_headers'), 'utf8');
    expect(headers).toContain("Content-Security-Policy: frame-ancestors 'none'");
    expect(headers).toContain('X-Content-Type-Options: nosniff');
    expect(headers).toMatch(/\/_astro\/\*\n\s+Cache-Control: public, max-age=31536000, immutable/);
  });

  it('writes the nginx site (deploy/nginx/sipa.conf) with the aliases, not-found pages and headers of _redirects and _headers', () => {
    const site = readFileSync(join(distDir, '..', 'deploy', 'nginx', 'sipa.conf'), 'utf8');
    for (const line of readFileSync(join(distDir, '_redirects'), 'utf8').trim().split('\n')) {
      const [from, to, status] = line.split(' ');
      if (status === '301') expect(site).toContain(`location = ${from} { return 301 ${to}$is_args$args; }`);
      // Built with API_ORIGIN: what nginx hands to the API instances.
      else if (status === '200!')
        expect(site).toContain(
          from === '/api/*'
            ? 'location ^~ /api/ {'
            : /\/events\//.test(from!)
              ? 'rewrite ^/events/(cancel|attend)$ /api/event-registrations/$1?lang=en last;'
              : 'rewrite ^/newsletter/(confirm|unsubscribe)$ /api/newsletter/$1 last;',
        );
      // The whole site's not-found page, and a not-found page asked for itself.
      else if (from === '/*') expect(site).toContain(`error_page 404 ${to};`);
      else if (from === '/404') expect(site).toContain('location ~ /404(\\.html)?/?$ { return 404; }');
      else if (status === '404!') expect(site).toContain(`location ~ ^${from.replace(/\/404$/, '')}/(.*/)?404(\\.html)?/?$ { error_page 404 ${to}; return 404; }`);
      else expect(site).toContain(`error_page 404 ${to}/index.html;`);
    }
    const everything = /^\/\*\n((?:  .+\n)+)/m.exec(readFileSync(join(distDir, '_headers'), 'utf8'))![1]!;
    for (const [, name, value] of everything.matchAll(/^  ([\w-]+): (.+)$/gm)) {
      if (name === 'Content-Security-Policy') expect(site).toContain(`~:text/html "${value}";`);
      // Every answer is DENY but the newsletter preview, which the staff page frames (SAMEORIGIN).
      else if (name === 'X-Frame-Options') {
        expect(site).toContain('add_header X-Frame-Options $sipa_frame_options always;');
        expect(site).toMatch(new RegExp(`map \\$uri \\$sipa_frame_options \\{\\n    ~\\^/api/newsletter-preview/ "SAMEORIGIN";\\n    default "${value}";\\n\\}`));
      } else expect(site).toContain(`add_header ${name} "${value}" always;`);
    }
    expect(site).toContain('add_header Strict-Transport-Security "max-age=63072000; includeSubDomains" always;');
    expect(site).toContain(`~^/_astro/ "public, max-age=31536000, immutable";`);
    expect(site).toMatch(/location \^~ \/api\/ \{\n\s+proxy_pass http:\/\/sipa_api;/);
    expect(site).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
  });

  it('lists indexable pages in the sitemap and leaves noindex pages out', () => {
    const sitemap = readFileSync(join(distDir, 'sitemap-0.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toContain('/about');
    expect(locs).toContain('/programs/early-learning');
    for (const loc of locs) expect(isNoindexPath(loc), loc).toBe(false);
    expect(readFileSync(join(distDir, 'robots.txt'), 'utf8')).toMatch(/Sitemap: https?:\/\/.+\/sitemap-index\.xml/);
  });

  it('gives every page a title, description, canonical URL and robots directive', () => {
    for (const { route, file } of pages) {
      const html = readFileSync(file, 'utf8');
      expect(html, route).toMatch(/<title>[^<]+ \| [^<]+<\/title>/);
      expect(html, route).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html, route).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+"/);
      expect(html, route).toMatch(/<meta name="robots" content="(index, follow|noindex, nofollow)"/);
      // English pages keep the site's en-US; the translations say their own language.
      const lang = /^\/(fr|sw)(\/|$)/.exec(route)?.[1] ?? 'en-US';
      const dir = route === '/rtl-check' ? 'rtl' : 'ltr';
      expect(html.slice(0, 120), route).toContain(`<html lang="${lang}" dir="${dir}"`);
      const noindex = isNoindexPath(route);
      expect(html.includes('noindex, nofollow'), `${route} noindex`).toBe(noindex);
    }
  });

  it('builds the 404 page the server fills in', () => {
    expect(existsSync(join(distDir, '404.html'))).toBe(true);
    expect(readFileSync(join(distDir, '404.html'), 'utf8')).toContain('data-missing-path');
  });
});
