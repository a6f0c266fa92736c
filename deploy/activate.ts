/**
 * On the API host, with the release's own Node (deploy/release.ts runs it there): makes a release
 * that has been copied to <base>/releases/<id> live.
 *
 * 1. runs the migrations once, with the instances' settings (the env file of the unit), before any
 *    instance runs the new code: migrations only add, so the old code keeps working meanwhile;
 * 2. points <base>/current at the release (a rename, so it is never missing);
 * 3. restarts the instances one at a time, each only after the one before answers its health
 *    check and nginx has had time to try it again (deploy/upstream-timing.ts): nginx sends
 *    requests to the others meanwhile, so the site never answers 502. An instance that does not
 *    come back puts the previous release back and stops the rollout;
 * 4. keeps the newest releases (and the packages they use), removes the rest.
 *
 *   node deploy/activate.ts --base /srv/sipa --release 20261127T0400Z-abc1234
 *   node deploy/activate.ts --base /srv/sipa --rollback          (the release before the current one)
 * Options: --instances 4321,4322  --restart 'sudo systemctl restart sipa-api@{port}'
 *          --health 'http://127.0.0.1:{port}/api/health'  --env-file /etc/sipa/api.env  --keep 5
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RESTART_SETTLE_SECONDS } from './upstream-timing.ts';

export const DEFAULTS = {
  instances: '4321,4322',
  restart: 'sudo systemctl restart sipa-api@{port}',
  health: 'http://127.0.0.1:{port}/api/health',
  envFile: '/etc/sipa/api.env',
  keep: '5',
  /** How long an instance may take to answer its health check after its restart. */
  healthSeconds: '60',
};

function log(message: string) {
  console.log(`activate: ${message}`);
}

/** The release `current` points at, or undefined before the first. */
export function currentRelease(base: string): string | undefined {
  try {
    return basename(readlinkSync(join(base, 'current')));
  } catch {
    return undefined;
  }
}

/** Release names sort by the time they were made (release.ts names them so). */
export function releases(base: string): string[] {
  const dir = join(base, 'releases');
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')).sort() : [];
}

function pointCurrentAt(base: string, release: string) {
  const next = join(base, `.current-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(join('releases', release), next);
  renameSync(next, join(base, 'current'));
  log(`current -> releases/${release}`);
}

function shell(command: string) {
  const result = spawnSync('sh', ['-c', command], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`"${command}" failed (${result.status ?? result.signal})`);
}

async function healthy(url: string, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

function migrate(base: string, release: string, envFile: string) {
  const dir = join(base, 'releases', release);
  if (!existsSync(envFile)) throw new Error(`the instances' settings are not at ${envFile} (deploy/api.env.example)`);
  const result = spawnSync(join(dir, 'node_modules', '.bin', 'node'), [`--env-file=${envFile}`, 'api/src/db/migrate.ts'], { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the migrations of ${release} failed; nothing was restarted`);
}

function prune(base: string, keep: number) {
  const all = releases(base);
  const live = currentRelease(base);
  const kept = new Set(all.slice(-keep));
  if (live) kept.add(live);
  for (const release of all) if (!kept.has(release)) rmSync(join(base, 'releases', release), { recursive: true, force: true });
  // The packages no kept release links to (shared/<lock hash>/node_modules).
  const shared = join(base, 'shared');
  if (!existsSync(shared)) return;
  const used = new Set(
    [...kept].map((release) => {
      try {
        return basename(dirname(readlinkSync(join(base, 'releases', release, 'node_modules'))));
      } catch {
        return '';
      }
    }),
  );
  for (const entry of readdirSync(shared)) if (!entry.startsWith('.') && !used.has(entry)) rmSync(join(shared, entry), { recursive: true, force: true });
}

export async function activate(options: {
  base: string;
  release: string;
  instances: number[];
  restart: string;
  health: string;
  envFile: string;
  keep: number;
  healthSeconds: number;
  migrate: boolean;
}) {
  const { base, release } = options;
  if (!existsSync(join(base, 'releases', release, 'api', 'src', 'server.ts'))) throw new Error(`no release at ${join(base, 'releases', release)}`);
  const previous = currentRelease(base);
  if (options.migrate) migrate(base, release, options.envFile);
  pointCurrentAt(base, release);
  for (const [index, port] of options.instances.entries()) {
    if (index > 0) await new Promise((done) => setTimeout(done, RESTART_SETTLE_SECONDS * 1000));
    log(`restart ${port}`);
    shell(options.restart.replaceAll('{port}', String(port)));
    if (await healthy(options.health.replaceAll('{port}', String(port)), options.healthSeconds)) {
      log(`healthy ${port}`);
      continue;
    }
    // The others still run the release before: put it back and leave them be.
    if (previous && previous !== release) {
      pointCurrentAt(base, previous);
      shell(options.restart.replaceAll('{port}', String(port)));
    }
    throw new Error(`the instance on port ${port} did not answer its health check within ${options.healthSeconds} s; ${previous ? `back on ${previous}` : 'no release before it'}`);
  }
  prune(base, options.keep);
  log(`${release} is live on ${options.instances.join(', ')}`);
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: '/srv/sipa' },
      release: { type: 'string' },
      rollback: { type: 'boolean', default: false },
      instances: { type: 'string', default: DEFAULTS.instances },
      restart: { type: 'string', default: DEFAULTS.restart },
      health: { type: 'string', default: DEFAULTS.health },
      'env-file': { type: 'string', default: DEFAULTS.envFile },
      keep: { type: 'string', default: DEFAULTS.keep },
      'health-seconds': { type: 'string', default: DEFAULTS.healthSeconds },
    },
  });
  const base = resolve(values.base);
  let release = values.release;
  if (values.rollback) {
    const all = releases(base);
    const live = currentRelease(base);
    release = all[all.indexOf(live ?? '') - 1];
    if (!release) throw new Error(`no release before ${live ?? 'none'} in ${join(base, 'releases')}`);
    log(`rolling back from ${live} to ${release}`);
  }
  if (!release) throw new Error('activate: --release <id> or --rollback');
  const instances = values.instances.split(',').map((port) => Number(port.trim()));
  if (instances.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) throw new Error(`--instances: ${values.instances} is not a list of ports`);
  await activate({
    base,
    release,
    instances,
    restart: values.restart,
    health: values.health,
    envFile: values['env-file'],
    keep: Math.max(2, Number(values.keep)),
    healthSeconds: Number(values['health-seconds']),
    // A rollback runs the older code on the newer tables, which only ever gain (migrations add).
    migrate: !values.rollback,
  });
}
