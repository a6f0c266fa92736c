/**
 * The CI workflow (.github/workflows/ci.yml): valid against GitHub's workflow schema (checked
 * offline by @action-validator/core, the validator the action-validator CLI runs), every action
 * pinned to a version, the deploys after the tests, and each deploy step skipped, not failed,
 * when its secrets or variables are missing, with a notice that names them
 * (deploy/deploy-check.ts, run here exactly as the workflow runs it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '..', '..');
const WORKFLOWS = join(ROOT, '.github', 'workflows');
const CI = readFileSync(join(WORKFLOWS, 'ci.yml'), 'utf8');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  steps: Step[];
}
const workflow = parse(CI) as { on: Record<string, unknown>; jobs: Record<string, Job> };

const tmp = mkdtempSync(join(tmpdir(), 'sipa-workflow-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** deploy/deploy-check.ts as the workflow's step runs it, with only `env` set; its notices and outputs. */
function check(deploys: string[], env: Record<string, string>) {
  const output = join(tmp, `output-${Math.random().toString(36).slice(2)}`);
  const result = spawnSync(process.execPath, [join(ROOT, 'deploy', 'deploy-check.ts'), ...deploys], {
    env: { PATH: process.env.PATH ?? '', GITHUB_OUTPUT: output, ...env },
    encoding: 'utf8',
  });
  let outputs: Record<string, string> = {};
  try {
    outputs = Object.fromEntries(readFileSync(output, 'utf8').trim().split('\n').map((line) => line.split('=') as [string, string]));
  } catch {
    // No output file: the assertions below say so.
  }
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, outputs };
}

const EVERYTHING = {
  NETLIFY_AUTH_TOKEN: 'token',
  NETLIFY_SITE_ID: 'site-id',
  SITE_URL: 'https://www.sipa.example',
  API_ORIGIN: 'https://api.sipa.example',
  DEPLOY_SSH_KEY: 'key',
  DEPLOY_SSH_KNOWN_HOSTS: 'api.sipa.example ssh-ed25519 AAAA',
  DEPLOY_SSH_TARGET: 'deploy@api.sipa.example',
};

describe('the CI workflow', () => {
  it("passes GitHub's workflow schema, which does catch a broken workflow", () => {
    for (const file of readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name))) {
      expect(validateWorkflow(readFileSync(join(WORKFLOWS, file), 'utf8')).errors, file).toEqual([]);
    }
    expect(validateWorkflow(CI.replace('runs-on: ubuntu-24.04', 'runs_on: ubuntu-24.04')).errors.length).toBeGreaterThan(0);
  });

  it('pins every action to a version', () => {
    const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.map((step) => step.uses).filter(Boolean));
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action, action).toMatch(/@(v\d+\.\d+\.\d+|[0-9a-f]{40})$/);
  });

  it('deploys main and previews pull requests only after the tests pass', () => {
    expect(workflow.jobs.deploy!.needs).toBe('test');
    expect(workflow.jobs.deploy!.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
    expect(workflow.jobs.preview!.needs).toBe('test');
    expect(workflow.jobs.preview!.if).toBe("github.event_name == 'pull_request'");
    expect(workflow.jobs.deploy!.steps.at(-1)!.run).toBe('node_modules/.bin/node deploy/publish-site.ts --prod');
    expect(workflow.jobs.deploy!.steps.some((step) => step.run === 'node_modules/.bin/node deploy/release.ts')).toBe(true);
    expect(workflow.jobs.preview!.steps.at(-1)!.run).toBe('node_modules/.bin/node deploy/publish-site.ts --alias pr-${{ github.event.number }}');
  });

  it.each([
    ['deploy', ['site', 'api']],
    ['preview', ['site']],
  ])('%s: the check reads every name it reports, and every later step waits on its answer', (name, deploys) => {
    const steps = workflow.jobs[name]!.steps;
    const at = steps.findIndex((step) => step.id === 'check');
    expect(steps[at]!.run).toBe(`node deploy/deploy-check.ts ${deploys.join(' ')}`);
    // The names the check reports are the workflow's own secrets and variables.
    for (const [variable, value] of Object.entries(steps[at]!.env!)) expect(value).toMatch(new RegExp(`^\\$\\{\\{ (secrets|vars)\\.${variable} \\}\\}$`));
    for (const step of steps.slice(at + 1)) {
      expect(step.if, step.name).toMatch(new RegExp(`^steps\\.check\\.outputs\\.(${deploys.join('|')}) == 'true'`));
    }
    // Secrets reach only the steps that use them.
    for (const step of steps) {
      for (const value of Object.values(step.env ?? {})) if (value.includes('secrets.')) expect(step.id === 'check' || /SSH key|Publish/.test(step.name ?? ''), step.name).toBe(true);
    }
  });
});

// Each test runs deploy-check.ts in a Node process of its own (0.2-0.5 s a test on a quiet machine): the timeout fits a machine ten times slower.
describe('deploy/deploy-check.ts: skip with a notice, never red', { timeout: 30_000 }, () => {
  it('without any secret: both deploys skipped, each notice naming what to set', () => {
    const result = check(['site', 'api'], {});
    expect(result.status).toBe(0);
    expect(result.outputs).toEqual({ site: 'false', api: 'false' });
    expect(result.stdout).toContain(
      '::notice title=The site is not deployed to Netlify::Set the secret NETLIFY_AUTH_TOKEN and the variables NETLIFY_SITE_ID, SITE_URL, API_ORIGIN in the repository\'s Settings > Secrets and variables > Actions (deploy/README.md).',
    );
    expect(result.stdout).toContain(
      "::notice title=The API is not deployed to its host::Set the secrets DEPLOY_SSH_KEY, DEPLOY_SSH_KNOWN_HOSTS and the variable DEPLOY_SSH_TARGET in the repository's Settings > Secrets and variables > Actions (deploy/README.md).",
    );
    expect(result.stderr).toBe('');
  });

  it('with part of them: only what is missing is named, and the other deploy goes ahead', () => {
    const { DEPLOY_SSH_KEY: _key, ...rest } = EVERYTHING;
    const result = check(['site', 'api'], { ...rest, API_ORIGIN: '  ' });
    expect(result.status).toBe(0);
    expect(result.outputs).toEqual({ site: 'false', api: 'false' });
    expect(result.stdout).toContain('Set the variable API_ORIGIN in');
    expect(result.stdout).toContain('Set the secret DEPLOY_SSH_KEY in');
    const api = check(['site', 'api'], { ...EVERYTHING, NETLIFY_AUTH_TOKEN: '' });
    expect(api.outputs).toEqual({ site: 'false', api: 'true' });
  });

  it('with everything set: both deploys run, no notice', () => {
    const result = check(['site', 'api'], EVERYTHING);
    expect(result.status).toBe(0);
    expect(result.outputs).toEqual({ site: 'true', api: 'true' });
    expect(result.stdout).toBe('');
  });
});
