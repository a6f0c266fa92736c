import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { discoverSections } from '../../scripts/bench.ts';

const dir = mkdtempSync(join(tmpdir(), 'sipa-bench-sections-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('every module of scripts/bench/ that exports section() is a section of the report, in order, then by name', async () => {
  writeFileSync(join(dir, 'zeta.ts'), `export async function section() { return { title: 'Zeta', markdown: 'z' }; }\n`);
  writeFileSync(join(dir, 'alpha.ts'), `export async function section() { return { title: 'Alpha', markdown: 'a' }; }\n`);
  writeFileSync(join(dir, 'first.ts'), `export const order = 5;\nexport async function section() { return { title: 'First', markdown: 'f' }; }\n`);
  writeFileSync(join(dir, 'helper.ts'), `export const notASection = 1;\n`);
  const found = await discoverSections(dir);
  expect(found.map((module) => module.name)).toEqual(['first', 'alpha', 'zeta']);
  expect(await found[0]!.section()).toEqual({ title: 'First', markdown: 'f' });
});

test("the project's own sections are found, a later module such as lighthouse.ts joins the same way", async () => {
  const names = (await discoverSections()).map((module) => module.name);
  expect(names).toEqual(expect.arrayContaining(['pages', 'readability', 'api-throughput', 'server-memory', 'broadcast', 'inbox', 'fuzz']));
  expect(names.indexOf('pages')).toBeLessThan(names.indexOf('api-throughput'));
  // Importing every section (Lighthouse's among them) takes seconds on a busy machine: a timeout, not a speed check.
}, 60_000);
