/**
 * `npm test`: every test, in the order that needs the least waiting.
 *   1. vitest `unit` and `api` (no build needed), with the type check (astro check: .astro, .ts
 *      and .tsx files) beside it: the API tests spend much of their time waiting, so the two
 *      together take little longer than the tests alone. The check's output follows theirs.
 *   2. the production build,
 *   3. vitest `dist` (links, byte budget, file names over dist/),
 *   4. the deployment test (`npm run test:deploy`: nginx in front of two API instances on one
 *      PostgreSQL) where nginx and PostgreSQL are installed; on CI (CI set) their absence fails,
 *   5. Playwright in Chromium against the built site on the real server, with one retry: a test
 *      that fails and then passes is flaky, counted apart and named, never hidden among the passes.
 * Ends with the flaky count (and their names) on one line, then the summary alone on the last line,
 * 'N passed, N failed, N skipped' over all of them (flaky tests among the passed: the format CI
 * reads), and exits non-zero on any failure. A skipped test fails the run too: no test may skip itself because what it
 * tests is missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const work = mkdtempSync(join(tmpdir(), 'sipa-test-'));
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const flakyTitles: string[] = [];
const brokenFiles: string[] = [];
let broken = false;

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) console.log(`=== ${label}: exit ${result.status ?? result.signal} ===`);
  return result.status === 0;
}

/**
 * Starts a command beside the next ones, its output kept in a file (two outputs at once would
 * interleave); the promise prints it under its label when the command ends.
 */
function runBeside(label: string, command: string, args: string[]): Promise<boolean> {
  const logFile = join(work, `${label.replace(/\W+/g, '-')}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, { stdio: ['ignore', log, log] });
  closeSync(log);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      console.log(`\n=== ${label} ===`);
      process.stdout.write(readFileSync(logFile));
      if (code !== 0) console.log(`=== ${label}: exit ${code ?? signal} ===`);
      resolve(code === 0);
    });
  });
}

/**
 * Adds a vitest JSON report to the totals. A file whose `beforeAll` throws (or that fails to load)
 * leaves its tests unrun, and vitest reports them as skipped with 0 failed: those count as failed
 * here, and the file is named, so the summary says what broke.
 */
function countVitest(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
  };
  for (const result of report.testResults) {
    const statuses = result.assertionResults.map((a) => a.status);
    const passed = statuses.filter((s) => s === 'passed').length;
    const failed = statuses.filter((s) => s === 'failed').length;
    const notRun = statuses.length - passed - failed;
    totals.passed += passed;
    if (result.status === 'failed' && failed === 0) {
      totals.failed += Math.max(notRun, 1);
      brokenFiles.push(`${result.name}: ${(result.message || 'a hook failed: see its output above').split('\n')[0]}`);
    } else {
      totals.failed += failed;
      totals.skipped += notRun;
    }
  }
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** The titles of the tests Playwright marked flaky (failed, then passed on the retry). */
function flakyIn(suites: PlaywrightSuite[], path: string[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === 'flaky'))
      .map((spec) => [...path, suite.title, spec.title].filter(Boolean).join(' › ')),
    ...flakyIn(suite.suites ?? [], [...path, suite.title]),
  ]);
}

function countPlaywright(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  };
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
  totals.flaky += report.stats.flaky;
  flakyTitles.push(...flakyIn(report.suites));
}

const vitest = (projects: string[], out: string) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

/** What the deployment test needs and this machine lacks: nginx, a PostgreSQL to start. */
function deployPrerequisitesMissing(): string[] {
  const missing: string[] = [];
  if (!existsSync(process.env.NGINX_BIN ?? '/usr/sbin/nginx')) missing.push('nginx');
  if (!process.env.TEST_DATABASE_URL && !existsSync(join(process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin', 'initdb'))) missing.push('PostgreSQL');
  return missing;
}

const typeCheck = runBeside('type check (astro check)', 'npx', ['astro', 'check']);
const unitReport = join(work, 'vitest-unit.json');
if (!run('unit and API tests (vitest)', 'npx', vitest(['unit', 'api'], unitReport))) broken = true;
countVitest(unitReport);

if (!(await typeCheck)) {
  totals.failed += 1;
  broken = true;
}

if (!run('production build', 'npm', ['run', 'build'])) {
  console.log('\nThe build failed, so the built-site and browser tests cannot run.');
  totals.failed += 1;
  broken = true;
} else {
  const distReport = join(work, 'vitest-dist.json');
  if (!run('built-site checks (vitest)', 'npx', vitest(['dist'], distReport))) broken = true;
  countVitest(distReport);

  const missing = deployPrerequisitesMissing();
  if (!missing.length) {
    const deployReport = join(work, 'vitest-deploy.json');
    const args = ['vitest', 'run', '--config', 'deploy/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${deployReport}`];
    if (!run('deployment: nginx, two API instances, PostgreSQL (vitest)', 'npx', args)) broken = true;
    countVitest(deployReport);
  } else {
    // Like any test whose subject is missing, it fails rather than skips: .ci/run installs both.
    console.log(`\n=== deployment test: cannot run without ${missing.join(' and ')} (apt-get install nginx postgresql-15, or run .ci/run) ===`);
    totals.failed += 1;
    broken = true;
  }

  const e2eReport = join(work, 'playwright.json');
  if (!run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '--retries=1'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport }))
    broken = true;
  countPlaywright(e2eReport);
}

if (brokenFiles.length) console.log(`\nTest files that failed before their tests ran:\n${brokenFiles.map((f) => `  - ${f}`).join('\n')}`);
if (flakyTitles.length) console.log(`\nFlaky (failed once, passed on the retry):\n${flakyTitles.map((t) => `  - ${t}`).join('\n')}`);
if (totals.skipped > 0) {
  console.log('\nSome tests were skipped: a test must fail, not skip, when what it tests is missing.');
  broken = true;
}
const failed = broken && totals.failed === 0 && totals.skipped === 0 ? 1 : totals.failed;
console.log(`\n${totals.flaky} flaky (failed once, passed on the retry; counted among the passed)`);
console.log(`${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(broken ? 1 : 0);
