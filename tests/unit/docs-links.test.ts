/**
 * The README and the guides in docs/ link to each other and to files of the project: every such
 * link resolves, to a file that exists and, where it names a section, to a heading of that file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const guides = ['README.md', 'api/README.md', 'deploy/README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading.trim().toLowerCase().replace(/[`*_]/g, '').replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-');

function anchorsIn(file: string): Set<string> {
  const headings = readFileSync(file, 'utf8').split('\n').filter((line) => /^#{1,6} /.test(line));
  return new Set(headings.map((line) => anchorOf(line.replace(/^#+ /, ''))));
}

describe('links in the README and docs/', () => {
  for (const guide of guides) {
    it(`${guide}: every local link resolves`, () => {
      const text = readFileSync(join(root, guide), 'utf8');
      const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((href) => !/^(https?:|mailto:)/.test(href));
      for (const href of links) {
        const [path, anchor] = href.split('#') as [string, string | undefined];
        const target = path ? join(dirname(join(root, guide)), path) : join(root, guide);
        expect(existsSync(target), `${guide} → ${href}`).toBe(true);
        if (anchor) expect(anchorsIn(target).has(anchor), `${guide} → ${href}: no heading #${anchor} in ${relative(root, target)}`).toBe(true);
      }
    });
  }

  it('the README is an entry, short enough to read in five minutes', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(150);
  });
});
