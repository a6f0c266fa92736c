/**
 * Publishes the built site to the CDN (the workflow's deploy and preview jobs; deploy/README.md).
 *
 * The upload is dist/ as built, with two changes made in a copy: the CDN files are written again
 * with API_ORIGIN (the proxy rules to the API must be in every deploy), and the build's brotli
 * copies stay behind (they are for nginx and the Node server; Netlify compresses by itself and
 * would serve a copy at an address of its own).
 *
 * With NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID: Netlify's CLI (pinned below) uploads it as one
 * atomic deploy: production with --prod, else a preview under --alias. Without them,
 * CDN_DIRECTORY names a local directory standing for the CDN (the deployment test): the upload
 * lands in <dir>/deploys/<id> and, for production, <dir>/current switches to it at once.
 *
 *   node deploy/publish-site.ts --prod
 *   node deploy/publish-site.ts --alias pr-42
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BROTLI_SUFFIX } from '../api/src/static-site.ts';
import { writeCdnFiles } from './cdn-files.ts';

/** The Netlify CLI the workflow runs (npx fetches exactly this version). */
export const NETLIFY_CLI = 'netlify-cli@27.10.2';

/** A copy of dist/ as the CDN gets it; returns its path. */
export function stageSite(distDir: string, env: NodeJS.ProcessEnv): string {
  if (!env.API_ORIGIN) throw new Error('API_ORIGIN is not set: the CDN would not reach the API (deploy/README.md)');
  const staged = mkdtempSync(join(tmpdir(), 'sipa-site-'));
  cpSync(distDir, staged, { recursive: true, filter: (source) => !source.endsWith(BROTLI_SUFFIX) });
  const written = writeCdnFiles(staged, env);
  console.log(`publish: ${written.redirects} redirect and ${written.headers} header rules, /api/ proxied to ${env.API_ORIGIN}`);
  return staged;
}

export function publishToDirectory(staged: string, directory: string, id: string, production: boolean): string {
  const target = join(directory, 'deploys', id);
  mkdirSync(join(directory, 'deploys'), { recursive: true });
  cpSync(staged, target, { recursive: true });
  if (production) {
    // One rename: a visitor gets the old deploy or the new one, never half of each.
    const next = join(directory, `.current-${process.pid}`);
    rmSync(next, { force: true });
    symlinkSync(join('deploys', id), next);
    renameSync(next, join(directory, 'current'));
  }
  return target;
}

function publishToNetlify(staged: string, env: NodeJS.ProcessEnv, production: boolean, alias: string | undefined, message: string) {
  const args = ['--yes', NETLIFY_CLI, 'deploy', '--dir', staged, '--site', env.NETLIFY_SITE_ID!, '--message', message, '--no-build'];
  if (production) args.push('--prod');
  else if (alias) args.push('--alias', alias);
  // The token travels in the environment (NETLIFY_AUTH_TOKEN), never on the command line.
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`netlify deploy failed (${result.status ?? result.signal})`);
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { prod: { type: 'boolean', default: false }, alias: { type: 'string' } } });
  if (!values.prod && !values.alias) throw new Error('publish: --prod or --alias <name>');
  const env = process.env;
  const staged = stageSite(join(import.meta.dirname, '..', 'dist'), env);
  const id = env.RELEASE_ID || new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const message = env.DEPLOY_MESSAGE || id;
  try {
    if (env.NETLIFY_AUTH_TOKEN && env.NETLIFY_SITE_ID) publishToNetlify(staged, env, values.prod, values.alias, message);
    else if (env.CDN_DIRECTORY) console.log(`publish: ${publishToDirectory(staged, env.CDN_DIRECTORY, values.alias ?? id, values.prod)}`);
    else throw new Error('publish: set NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID (or CDN_DIRECTORY for a local directory)');
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}
