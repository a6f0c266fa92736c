/**
 * The workflow's deploy, run on loopback: deploy/release.ts with no SSH target, so a local
 * directory stands for the API host (its /srv/sipa), and deploy/publish-site.ts with a local
 * directory standing for the CDN. The test plays systemd: the restart command the release runs
 * (`systemctl restart sipa-api@{port}` in production) asks the test to stop that instance
 * (SIGTERM) and start it again from the unit's ExecStart, Environment= lines and env file, under
 * the host directory. nginx (the generated site, as on the host behind the CDN) is in front.
 *
 * Two releases: the first lays out the host from nothing (packages, migrations on an empty
 * database, `current`, both instances started); the second is rolled out while a client polls
 * the site and the API through nginx throughout, and not one of its requests may fail.
 *
 * Ports: nginx on DEPLOY_TEST_PORT + 6 (HTTPS) and + 7, the instances on + 8 and + 9
 * (deploy.test.ts uses + 0 to + 4); the test's own control address is picked by the OS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshPostgres, pgSkipReason, pgUrl, VALID } from '../../api/test/helpers.ts';
import { DIST, HOST, ROOT, plainRequest, request, startNginx, unitCommand, unitEnvironment, type Nginx, type NginxPorts } from './topology.ts';

const BASE_PORT = Number(process.env.DEPLOY_TEST_PORT ?? 4641) + 6;
const NGINX_PORTS: NginxPorts = { https: BASE_PORT, http: BASE_PORT + 1 };
const INSTANCES = [BASE_PORT + 2, BASE_PORT + 3];
const ORIGIN = `https://${HOST}:${NGINX_PORTS.https}`;
const API_ORIGIN = 'https://api.sipa.example';
const RATE_LIMIT_MAX = 3;
/** Netlify names the client in this header on the requests it proxies (deploy/README.md). */
const CLIENT_HEADER = 'X-Nf-Client-Connection-Ip';

let host: string;
let cdn: string;
let database: { url: string; drop(): Promise<void> };
let control: http.Server;
let nginx: Nginx | undefined;
const running = new Map<number, ChildProcess>();
/** What the test, as systemd, saw at each restart: the port, and whether the other instance answered then. */
const restarts: Array<{ port: number; othersHealthy: boolean }> = [];

/** The unit's path /srv/sipa stands for the host directory here. */
const onHost = (value: string) => value.replaceAll('/srv/sipa', host);

/** KEY=VALUE lines, as systemd's EnvironmentFile= reads them. */
function envFile(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

async function stopInstance(port: number) {
  const child = running.get(port);
  running.delete(port);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** `systemctl restart sipa-api@<port>`: stop, then start from the unit as it reads now. */
async function restartInstance(port: number) {
  const others = INSTANCES.filter((other) => other !== port && running.has(other));
  const answers = await Promise.all(others.map((other) => plainRequest(other, '/api/health').then((reply) => reply.status === 200, () => false)));
  restarts.push({ port, othersHealthy: others.length > 0 && answers.every(Boolean) });
  await stopInstance(port);
  const [program, ...args] = unitCommand();
  const env = { PATH: process.env.PATH ?? '', ...Object.fromEntries(Object.entries(unitEnvironment(port)).map(([name, value]) => [name, onHost(value)])), ...envFile(join(host, 'api.env')) };
  const child = spawn(onHost(program!), args, { cwd: realpathSync(join(host, 'current')), env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[release api ${port}] ${chunk}`));
  running.set(port, child);
}

/** Runs a deploy script as the workflow does (the pinned Node); resolves with its output. */
async function run(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [join(ROOT, 'deploy', script), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${output}`);
  return output;
}

function releaseEnv(id: string): Record<string, string> {
  const port = (control.address() as AddressInfo).port;
  return {
    DEPLOY_SSH_TARGET: '',
    DEPLOY_PATH: host,
    RELEASE_ID: id,
    DEPLOY_INSTANCES: INSTANCES.join(','),
    // What systemctl would do, asked of the test.
    DEPLOY_RESTART: `${process.execPath} -e "fetch('http://127.0.0.1:${port}/restart/{port}', { method: 'POST' }).then((r) => process.exit(r.ok ? 0 : 1))"`,
    DEPLOY_ENV_FILE: join(host, 'api.env'),
  };
}

beforeAll(async () => {
  if (!existsSync(`${DIST}/index.html`)) throw new Error('the release test ships dist/: run `npm run build` first');
  if (!pgUrl) throw new Error(`the release test needs PostgreSQL: ${pgSkipReason}`);
  host = mkdtempSync(join(tmpdir(), 'sipa-host-'));
  cdn = mkdtempSync(join(tmpdir(), 'sipa-cdn-'));
  database = await freshPostgres('sipa_release');
  writeFileSync(join(host, 'api.env'), [`DATABASE_URL=${database.url}`, `SITE_URL=${ORIGIN}`, 'HEALTH_TOKEN=release-test-token', `RATE_LIMIT_MAX=${RATE_LIMIT_MAX}`, ''].join('\n'));
  control = http.createServer((req, res) => {
    const port = Number(/^\/restart\/(\d+)$/.exec(req.url ?? '')?.[1]);
    if (req.method !== 'POST' || !INSTANCES.includes(port)) return void res.writeHead(404).end();
    restartInstance(port).then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  control.listen(0, '127.0.0.1');
  await once(control, 'listening');
});

afterAll(async () => {
  await nginx?.stop();
  for (const port of [...running.keys()]) await stopInstance(port);
  control?.close();
  await database?.drop();
  for (const dir of [host, cdn]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the deploy job against a local directory standing for the host', () => {
  test('the first release lays out the host: packages once, migrations once, current, both instances', async () => {
    const output = await run('release.ts', [], releaseEnv('20261127T000000Z-first'));
    expect(output).toMatch(/release: packages [0-9a-f]{16} copied/);
    expect(output.match(/^migrated postgres/gm)).toHaveLength(1);
    expect(output).toContain('activate: 20261127T000000Z-first is live on');
    expect(readlinkSync(join(host, 'current'))).toBe(join('releases', '20261127T000000Z-first'));
    const release = join(host, 'releases', '20261127T000000Z-first');
    for (const file of ['api/src/server.ts', 'dist/index.html', 'dist/_redirects', 'deploy/activate.ts', 'package-lock.json']) expect(existsSync(join(release, file)), file).toBe(true);
    // The packages are shared, and hold the project's Node.
    expect(lstatSync(join(release, 'node_modules')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(release, 'node_modules', '.bin', 'node'))).toBe(true);
    expect(existsSync(join(release, 'node_modules', 'hono'))).toBe(true);
    // Build tools stay behind.
    expect(existsSync(join(release, 'node_modules', 'astro'))).toBe(false);
    expect(restarts.map(({ port }) => port)).toEqual(INSTANCES);
    for (const port of INSTANCES) expect((await plainRequest(port, '/api/health')).status).toBe(200);
  });

  test('the next release restarts the instances one at a time, and a client polling throughout sees no failed request', async () => {
    nginx = await startNginx(
      INSTANCES.map((port) => `127.0.0.1:${port}`),
      join(host, 'current', 'dist'),
      NGINX_PORTS,
      { NGINX_CLIENT_ADDRESS_HEADER: CLIENT_HEADER },
    );
    const pidsBefore = INSTANCES.map((port) => running.get(port)!.pid);
    restarts.length = 0;
    const failures: string[] = [];
    let polls = 0;
    let rolling = true;
    // Two clients, each asking again as soon as it has its answer, from before the release starts
    // until it has finished.
    const poll = async () => {
      for (let i = 0; rolling; i++) {
        const path = ['/api/health', '/about', '/fr/programs', '/api/health'][i % 4]!;
        try {
          const reply = await request('https', path, { ports: NGINX_PORTS });
          if (reply.status !== 200) failures.push(`${path}: ${reply.status}`);
        } catch (error) {
          failures.push(`${path}: ${String(error)}`);
        }
        polls++;
      }
    };
    const clients = [poll(), poll()];
    const output = await run('release.ts', [], releaseEnv('20261127T000100Z-second')).finally(() => (rolling = false));
    await Promise.all(clients);

    console.log(`release test: ${polls} requests polled through the rollout, ${failures.length} failed`);
    if (failures.length) console.error(`nginx's error log:\n${nginx.errorLog()}`);
    expect(failures).toEqual([]);
    expect(polls).toBeGreaterThan(INSTANCES.length);
    // The packages were there already; the migrations ran once and found nothing to do.
    expect(output).not.toContain('copied');
    expect(output.match(/^postgres .* is up to date/gm)).toHaveLength(1);
    // One at a time: each restart began while the other instance answered, in this order.
    const order = output.split('\n').filter((line) => /^activate: (restart|healthy) /.test(line));
    expect(order).toEqual(INSTANCES.flatMap((port) => [`activate: restart ${port}`, `activate: healthy ${port}`]));
    expect(restarts).toEqual(INSTANCES.map((port) => ({ port, othersHealthy: true })));
    expect(INSTANCES.map((port) => running.get(port)!.pid)).not.toEqual(expect.arrayContaining(pidsBefore));
    expect(readlinkSync(join(host, 'current'))).toBe(join('releases', '20261127T000100Z-second'));
    expect(readdirSync(join(host, 'releases')).sort()).toEqual(['20261127T000000Z-first', '20261127T000100Z-second']);
  });

  test("behind the CDN, the API counts the client the CDN names (nginx's NGINX_CLIENT_ADDRESS_HEADER, TRUST_PROXY=1)", async () => {
    const post = (client: string, email: string) =>
      request('https', '/api/contact', {
        ports: NGINX_PORTS,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, [CLIENT_HEADER]: client },
        body: JSON.stringify({ ...VALID.contact, email }),
      });
    for (let i = 0; i < RATE_LIMIT_MAX; i++) expect((await post('198.51.100.7', `cdn-${i}@example.org`)).status).toBe(201);
    expect((await post('198.51.100.7', 'cdn-over@example.org')).status).toBe(429);
    // Another visitor behind the same CDN is another client.
    expect((await post('198.51.100.8', 'cdn-other@example.org')).status).toBe(201);
  });

  test('rollback puts the release before back, instance by instance', async () => {
    const output = await run('activate.ts', ['--rollback', '--base', host, '--instances', INSTANCES.join(','), '--restart', releaseEnv('x').DEPLOY_RESTART!, '--env-file', join(host, 'api.env')], {});
    expect(output).toContain('activate: rolling back from 20261127T000100Z-second to 20261127T000000Z-first');
    expect(output).not.toMatch(/^migrated|up to date/m);
    expect(readlinkSync(join(host, 'current'))).toBe(join('releases', '20261127T000000Z-first'));
    for (const port of INSTANCES) expect((await plainRequest(port, '/api/health')).status).toBe(200);
  });
});

describe('the site to a local directory standing for the CDN', () => {
  test('an atomic production deploy: the proxy rules from API_ORIGIN, no brotli copies', async () => {
    const output = await run('publish-site.ts', ['--prod'], { CDN_DIRECTORY: cdn, API_ORIGIN, RELEASE_ID: 'site-1', NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' });
    expect(output).toContain(`/api/ proxied to ${API_ORIGIN}`);
    expect(readlinkSync(join(cdn, 'current'))).toBe(join('deploys', 'site-1'));
    const site = join(cdn, 'current');
    expect(readFileSync(join(site, '_redirects'), 'utf8').split('\n')[0]).toBe(`/api/* ${API_ORIGIN}/api/:splat 200!`);
    expect(readFileSync(join(site, 'index.html'))).toEqual(readFileSync(join(DIST, 'index.html')));
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [entry.name]));
    expect(files(site).filter((name) => name.endsWith('.br'))).toEqual([]);
    expect(files(DIST).filter((name) => name.endsWith('.br')).length).toBeGreaterThan(0);
  });

  test('a preview deploy of a pull request leaves the live site alone', async () => {
    await run('publish-site.ts', ['--alias', 'pr-7'], { CDN_DIRECTORY: cdn, API_ORIGIN, NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' });
    expect(existsSync(join(cdn, 'deploys', 'pr-7', 'index.html'))).toBe(true);
    expect(readlinkSync(join(cdn, 'current'))).toBe(join('deploys', 'site-1'));
  });
});

