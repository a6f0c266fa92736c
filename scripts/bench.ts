/**
 * `npm run bench`: every number later work is watched by, measured in one run and written to a
 * Markdown report (bench-report.md at the repository root, or BENCH_REPORT; git-ignored).
 *
 * The report is made of sections: every module in scripts/bench/ that exports
 * `async function section(): Promise<{ title: string; markdown: string }>` (found when the bench
 * runs, so a new module joins by being there), in the order of its optional `export const order`
 * (default 50) and then its file name. `npm run bench -- api-throughput server-memory` runs only
 * the named modules. A section that fails is reported as failed and the others still run.
 *
 * Servers listen on BENCH_PORT (default 4951) and the ports after it; PostgreSQL comes from
 * TEST_DATABASE_URL or a throwaway cluster on PG_TEST_PORT. Heavy: run it on a quiet machine (or
 * under `flock /work/heavy.lock`). Timings are reported, never asserted: the tests hold what is
 * deterministic (byte budgets, plans, behaviour).
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface BenchSection {
  title: string;
  markdown: string;
}

interface SectionModule {
  name: string;
  order: number;
  section: () => Promise<BenchSection>;
}

const sectionsDir = join(import.meta.dirname, 'bench');

export async function discoverSections(dir = sectionsDir): Promise<SectionModule[]> {
  const found: SectionModule[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { section?: unknown; order?: unknown };
    if (typeof module.section !== 'function') continue;
    found.push({ name: basename(file, '.ts'), order: typeof module.order === 'number' ? module.order : 50, section: module.section as SectionModule['section'] });
  }
  return found.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

function machine(): string {
  const [one, five] = loadavg();
  return `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${one!.toFixed(2)} / ${five!.toFixed(2)} at the start`;
}

async function main() {
  const only = process.argv.slice(2);
  const modules = (await discoverSections()).filter((module) => !only.length || only.includes(module.name));
  const unknown = only.filter((name) => !modules.some((module) => module.name === name));
  if (unknown.length) throw new Error(`No bench section named ${unknown.join(', ')} in scripts/bench/`);
  const started = new Date();
  const parts: string[] = [];
  for (const module of modules) {
    const t0 = performance.now();
    process.stderr.write(`bench: ${module.name} …\n`);
    let part: BenchSection;
    try {
      part = await module.section();
    } catch (error) {
      part = { title: module.name, markdown: `Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` };
    }
    const seconds = ((performance.now() - t0) / 1000).toFixed(0);
    process.stderr.write(`bench: ${module.name} done in ${seconds} s\n`);
    parts.push(`## ${part.title}\n\n${part.markdown.trim()}\n\n<sub>${module.name}: ${seconds} s</sub>`);
  }
  const report = [`# SIPA bench report`, '', `${started.toISOString()}; ${machine()}.`, '', ...parts.map((part) => `${part}\n`)].join('\n');
  const file = resolve(process.env.BENCH_REPORT ?? join(import.meta.dirname, '..', 'bench-report.md'));
  writeFileSync(file, report);
  console.log(report);
  process.stderr.write(`bench: report written to ${file}\n`);
}

if (import.meta.main) await main();
