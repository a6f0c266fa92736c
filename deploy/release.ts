/**
 * Deploys the API to its host (the workflow's deploy job; deploy/README.md): after `npm run build`,
 * copies a release to <DEPLOY_PATH>/releases/<id> and runs deploy/activate.ts there with the
 * release's own Node (migrations once, `current` switched, instances restarted one at a time).
 *
 * A release holds the repository's files (those git tracks or would, not what it ignores), the built dist/ (the instances serve its pages
 * and not-found pages) and the packages the API runs on: the API's dependencies as locked and the
 * project's Node (the `node` package). The packages go to <DEPLOY_PATH>/shared/<lock hash>/node_modules
 * once per lock file; each release links to them.
 *
 * The host is DEPLOY_SSH_TARGET (user@host, over ssh with BatchMode: the key and known_hosts are
 * the workflow's) or, without it, this machine: DEPLOY_PATH is then a local directory (the
 * deployment test runs it so). Settings: deploy/README.md, *What the workflow reads*.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFAULTS } from './activate.ts';

const ROOT = join(import.meta.dirname, '..');

interface LockPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
}

/**
 * The node_modules paths the API needs, from the lock file: the API workspace's dependencies and
 * the `node` package, with everything they depend on, resolved as Node resolves them.
 */
export function runtimePackages(lock: { packages: Record<string, LockPackage> }, root = ROOT): string[] {
  const packages = lock.packages;
  const resolvePackage = (from: string, name: string): string | undefined => {
    let base = from;
    for (;;) {
      const path = `${base ? `${base}/` : ''}node_modules/${name}`;
      if (packages[path]) return path;
      if (!base) return undefined;
      const parent = base.lastIndexOf('/node_modules/');
      base = parent < 0 ? '' : base.slice(0, parent);
    }
  };
  const found = new Set<string>();
  const queue: Array<[string, LockPackage]> = [['', packages.api!], ['node_modules/node', packages['node_modules/node']!]];
  found.add('node_modules/node');
  while (queue.length) {
    const [path, entry] = queue.pop()!;
    // A peer marked optional is the host application's choice (better-auth names React, Next, …).
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
    for (const name of [...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }), ...peers]) {
      const resolved = resolvePackage(path, name);
      if (resolved && !found.has(resolved)) {
        found.add(resolved);
        queue.push([resolved, packages[resolved]!]);
      }
    }
  }
  // Optional packages for other platforms are in the lock but not on disk; nested ones travel with their parent.
  const present = [...found].filter((path) => existsSync(join(root, path)));
  return [...present.filter((path) => !present.some((other) => other !== path && path.startsWith(`${other}/`))), 'node_modules/.bin/node'].sort();
}

/** A string as one sh word. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export interface ReleaseSettings {
  /** user@host; empty: this machine. */
  sshTarget: string;
  sshPort: string;
  base: string;
  id: string;
  instances: string;
  restart: string;
  health: string;
  envFile: string;
  keep: string;
}

export function releaseSettings(env: NodeJS.ProcessEnv): ReleaseSettings {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() || 'local';
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return {
    sshTarget: env.DEPLOY_SSH_TARGET ?? '',
    sshPort: env.DEPLOY_SSH_PORT || '22',
    base: env.DEPLOY_PATH || '/srv/sipa',
    id: env.RELEASE_ID || `${stamp}-${commit}`,
    instances: env.DEPLOY_INSTANCES || DEFAULTS.instances,
    restart: env.DEPLOY_RESTART || DEFAULTS.restart,
    health: env.DEPLOY_HEALTH_URL || DEFAULTS.health,
    envFile: env.DEPLOY_ENV_FILE || DEFAULTS.envFile,
    keep: env.DEPLOY_KEEP || DEFAULTS.keep,
  };
}

/** Runs a shell script on the host (ssh, or sh here), with `input` piped in; resolves with its output. */
function onHost(settings: ReleaseSettings, script: string, input?: { command: string; args: string[] }): Promise<string> {
  const [command, args] = settings.sshTarget
    ? ['ssh', ['-o', 'BatchMode=yes', '-p', settings.sshPort, settings.sshTarget, script]]
    : ['sh', ['-c', script]];
  return new Promise((done, fail) => {
    const host = spawn(command, args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'inherit'] });
    let output = '';
    host.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    if (input) {
      const source = spawn(input.command, input.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      source.stdout.pipe(host.stdin!);
      source.on('exit', (code) => {
        if (code !== 0) fail(new Error(`${input.command} ${input.args.join(' ')} exited with ${code}`));
      });
    }
    host.on('exit', (code) => (code === 0 ? done(output) : fail(new Error(`on the host: "${script}" exited with ${code}`))));
  });
}

export async function release(settings: ReleaseSettings): Promise<void> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('no built site: run `npm run build` first');
  if (!/^[\w.-]+$/.test(settings.id)) throw new Error(`RELEASE_ID: "${settings.id}" is not a plain name`);
  const base = shellQuote(settings.base);
  const lockText = readFileSync(join(ROOT, 'package-lock.json'));
  const modules = `${createHash('sha256').update(lockText).digest('hex').slice(0, 16)}`;
  const dir = `${base}/releases/${settings.id}`;
  console.log(`release: ${settings.id} to ${settings.sshTarget || 'this machine'}:${settings.base}`);

  // The packages, once per lock file.
  const present = await onHost(settings, `test -d ${base}/shared/${modules}/node_modules && echo present || true`);
  if (!present.includes('present')) {
    const paths = runtimePackages(JSON.parse(lockText.toString('utf8')));
    // In a folder named node_modules: Node looks for a package's own dependencies there.
    const partial = `${base}/shared/.${modules}-${process.pid}`;
    await onHost(
      settings,
      `set -e; rm -rf ${partial}; mkdir -p ${partial}; tar -x -C ${partial}; mkdir -p ${base}/shared/${modules}; mv ${partial}/node_modules ${base}/shared/${modules}/node_modules; rm -rf ${partial}`,
      { command: 'tar', args: ['-c', ...paths] },
    );
    console.log(`release: packages ${modules} copied (${paths.length} entries)`);
  }

  // The code and the built site.
  const tracked = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (tracked.status !== 0) throw new Error(`git ls-files failed: ${tracked.stderr}`);
  const files = tracked.stdout.split('\0').filter((path) => path && existsSync(join(ROOT, path)));
  // tar reads the names from a file (there are thousands); dist/ goes whole.
  const list = join(mkdtempSync(join(tmpdir(), 'sipa-release-')), 'files');
  writeFileSync(list, [...files, 'dist', ''].join('\0'));
  const partial = `${base}/releases/.${settings.id}-${process.pid}`;
  await onHost(
    settings,
    `set -e; rm -rf ${partial}; mkdir -p ${partial}; tar -x -C ${partial}; ln -s ../../shared/${modules}/node_modules ${partial}/node_modules; mv ${partial} ${dir}`,
    { command: 'tar', args: ['-c', '--null', '-T', list] },
  );
  rmSync(dirname(list), { recursive: true, force: true });

  // Live: migrations, `current`, the instances one at a time.
  await onHost(
    settings,
    [
      `${dir}/node_modules/.bin/node ${dir}/deploy/activate.ts`,
      `--base ${base}`,
      `--release ${shellQuote(settings.id)}`,
      `--instances ${shellQuote(settings.instances)}`,
      `--restart ${shellQuote(settings.restart)}`,
      `--health ${shellQuote(settings.health)}`,
      `--env-file ${shellQuote(settings.envFile)}`,
      `--keep ${shellQuote(settings.keep)}`,
    ].join(' '),
  );
}

if (import.meta.filename === process.argv[1]) {
  await release(releaseSettings(process.env));
}
