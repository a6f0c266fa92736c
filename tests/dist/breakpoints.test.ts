import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { distDir, listFiles } from '../../scripts/page-weight.ts';

/**
 * Only the spec's breakpoints (480, 768, 992, 1280 and 1536 px) in the built CSS: every width in
 * a media query is one of them (min-width), or just below one (max-width: N - 0.02 px).
 */
const SPEC_BREAKPOINTS = [480, 768, 992, 1280, 1536];

function stylesheets(): { file: string; css: string }[] {
  return listFiles(distDir)
    .filter((file) => file.endsWith('.css') || file.endsWith('.html'))
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      const css = file.endsWith('.css') ? text : [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
      return { file, css };
    });
}

describe('breakpoints in dist/', () => {
  const queries = stylesheets().flatMap(({ file, css }) =>
    [...css.matchAll(/@media([^{]+)\{/g)].map((m) => ({ file: file.slice(distDir.length), query: m[1]!.trim() })),
  );

  it('finds the site CSS to check', () => {
    expect(queries.length).toBeGreaterThan(20);
  });

  it('uses only 480, 768, 992, 1280 and 1536 px', () => {
    const stray: string[] = [];
    for (const { file, query } of queries) {
      for (const [, kind, value, unit] of query.matchAll(/(min|max)-width:\s*([\d.]+)(px|rem|em)/g)) {
        const px = unit === 'px' ? Number(value) : Number(value) * 16;
        const ok = kind === 'min' ? SPEC_BREAKPOINTS.includes(px) : SPEC_BREAKPOINTS.some((b) => Math.abs(b - 0.02 - px) < 0.001);
        if (!ok) stray.push(`${file}: @media ${query}`);
      }
      // The minifier writes range syntax: (width>=768px), (width<=767.98px).
      for (const [, op, value] of query.matchAll(/width\s*(<=|>=|<|>)\s*([\d.]+)px/g)) {
        const px = Number(value);
        const ok = op === '<=' ? SPEC_BREAKPOINTS.some((b) => Math.abs(b - 0.02 - px) < 0.001) : SPEC_BREAKPOINTS.includes(px);
        if (!ok) stray.push(`${file}: @media ${query}`);
      }
    }
    expect([...new Set(stray)]).toEqual([]);
  });
});
