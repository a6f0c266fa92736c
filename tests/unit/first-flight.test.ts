import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterPaintLoader, pruneCss, rewritePage, sha256 } from '../../scripts/first-flight.ts';

describe('pruneCss', () => {
  const has = (...names: string[]) => (name: string) => names.includes(name);

  it('drops rules whose classes the page cannot produce and keeps element rules and at-rules', () => {
    const css = 'body{margin:0}.card{color:red}.admin-row{color:blue}@font-face{font-family:X}@keyframes spin{to{rotate:1turn}}';
    expect(pruneCss(css, has('card'))).toBe('body{margin:0}.card{color:red}@font-face{font-family:X}@keyframes spin{to{rotate:1turn}}');
  });

  it('keeps the selectors of a list that can match, and prunes inside @media', () => {
    expect(pruneCss('.a,.b{x:1}', has('b'))).toBe('.b{x:1}');
    expect(pruneCss('@media (width>=768px){.a{x:1}.b{y:2}}', has('b'))).toBe('@media (width>=768px){.b{y:2}}');
    expect(pruneCss('@media (width>=768px){.a{x:1}}', has())).toBe('');
  });

  it('never counts a class inside :not() or :is() as required', () => {
    expect(pruneCss('.a:not(.gone){x:1}', has('a'))).toBe('.a:not(.gone){x:1}');
    expect(pruneCss(':is(.gone, .a) p{x:1}', has('a'))).toBe(':is(.gone, .a) p{x:1}');
  });
});

describe('rewritePage', () => {
  const dist = mkdtempSync(join(tmpdir(), 'first-flight-'));
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, '_astro', 'page.css'), '.used{color:red}.unused{color:blue}');
  const page = [
    '<!DOCTYPE html><html><head>',
    `<meta http-equiv="content-security-policy" content="default-src 'self';script-src 'self' 'sha256-other';style-src 'self' 'sha256-elsewhere'">`,
    '<link rel="stylesheet" href="/_astro/page.css"><style>.used{margin:0}</style>',
    '</head><body><p class="used">Hi</p>',
    '<script>(self.Astro||(self.Astro={})).idle=1</script><script>Astro.idle&&0</script>',
    '<script type="module">console.log(1)</script>',
    '<script type="application/ld+json">{"@type":"NGO"}</script>',
    '</body></html>',
  ].join('');
  const { html, externalScripts } = rewritePage(page, dist, []);

  it('inlines the stylesheet, pruned, and joins the styles into one', () => {
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain('<style>.used{color:red}.used{margin:0}</style>');
  });

  it('moves the island runtime into one file, in order, and a module script into a module file, both started by one loader at the end of the body', () => {
    const files = [...externalScripts.entries()];
    expect(files).toHaveLength(2);
    const runtime = files.find(([, code]) => code.includes('self.Astro'))!;
    const module = files.find(([, code]) => code === 'console.log(1)')!;
    expect(runtime[1]).toBe('(self.Astro||(self.Astro={})).idle=1\nAstro.idle&&0');
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(html).toContain('<script type="application/ld+json">{"@type":"NGO"}</script>');
    const loader = html.match(/<script>([^<]*)<\/script><\/body>/)![1]!;
    expect(loader).toBe(afterPaintLoader([`/${runtime[0]}`, `/${module[0]}`]));
    expect(loader).toContain(`["/${runtime[0]}","/${module[0]}"]`);
  });

  it('starts the scripts once, in order, as modules, at the first frame or at the load event, whichever comes first', () => {
    for (const first of ['frame', 'load'] as const) {
      const appended: { type: string; async: boolean; src: string }[] = [];
      const callbacks: Record<string, () => void> = {};
      const document = {
        createElement: () => ({ type: '', async: true, src: '' }),
        body: { append: (element: { type: string; async: boolean; src: string }) => appended.push({ ...element }) },
      };
      new Function('requestAnimationFrame', 'addEventListener', 'document', afterPaintLoader(['/a.js', '/b.js']))(
        (callback: () => void) => (callbacks.frame = callback),
        (type: string, callback: () => void) => (callbacks[type] = callback),
        document,
      );
      expect(appended).toEqual([]);
      callbacks[first]!();
      callbacks[first === 'frame' ? 'load' : 'frame']!();
      expect(appended).toEqual([
        { type: 'module', async: false, src: '/a.js' },
        { type: 'module', async: false, src: '/b.js' },
      ]);
    }
  });

  it("lists only the page's own inline style and loader in the policy", () => {
    const policy = html.match(/content="([^"]*)"/)![1]!;
    expect(policy).toContain(`script-src 'self' ${sha256(html.match(/<script>([^<]*)<\/script><\/body>/)![1]!)};`);
    expect(policy).toContain(`style-src 'self' ${sha256('.used{color:red}.used{margin:0}')}`);
    expect(policy).not.toContain('sha256-other');
    expect(policy).not.toContain('sha256-elsewhere');
  });
});
