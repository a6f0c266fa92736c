/**
 * The many-machine deployment of deploy/README.md on loopback: nginx (Debian's package) with the
 * generated site and a self-signed certificate, API instances started as the systemd unit
 * starts them (its Environment= lines, the keys of api.env.example), one PostgreSQL database and
 * an SMTP peer. nginx runs from its own prefix in a temp folder (pid, temp and log paths there),
 * so it needs no root and touches nothing of the machine's own nginx.
 *
 * Ports (DEPLOY_TEST_PORT moves them all): nginx HTTPS on the base port, plain HTTP on base + 1,
 * the API instances on base + 2 and base + 3, the SMTP peer on base + 4.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const DIST = join(ROOT, 'dist');
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const BASE_PORT = Number(process.env.DEPLOY_TEST_PORT ?? 4641);
export const PORTS = { https: BASE_PORT, http: BASE_PORT + 1, api: [BASE_PORT + 2, BASE_PORT + 3], smtp: BASE_PORT + 4 } as const;
export const HOST = 'www.sipa.example';
/** What a browser sends as Host and Origin on this port. */
export const AUTHORITY = `${HOST}:${PORTS.https}`;
export const ORIGIN = `https://${AUTHORITY}`;

/** The Environment= lines of the systemd unit, with %i (the instance name) set to the port. */
export function unitEnvironment(port: number): Record<string, string> {
  const unit = readFileSync(join(ROOT, 'deploy', 'sipa-api@.service'), 'utf8');
  const env: Record<string, string> = {};
  for (const [, name, value] of unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)) env[name!] = value!.replace(/%i/g, String(port));
  return env;
}

/** The command line of the unit's ExecStart, relative to its WorkingDirectory. */
export function unitCommand(): string[] {
  const unit = readFileSync(join(ROOT, 'deploy', 'sipa-api@.service'), 'utf8');
  const command = /^ExecStart=(.*)$/m.exec(unit)?.[1];
  if (!command) throw new Error('deploy/sipa-api@.service has no ExecStart');
  return command.split(/\s+/);
}

/** The variable names of deploy/api.env.example (what every instance shares). */
export function sharedKeys(): string[] {
  return [...readFileSync(join(ROOT, 'deploy', 'api.env.example'), 'utf8').matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]!);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: 'utf8', env, cwd: ROOT, timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${(result.stderr || result.stdout || String(result.error)).trim()}`);
  return result.stdout;
}

/**
 * Started as root, nginx runs its workers as another user (nobody unless told): here the owner
 * of the folder it serves, who can read it wherever it lies. Otherwise the directive does not apply.
 */
function workerUser(root: string): string {
  if (process.getuid?.() !== 0) return '';
  const { uid } = statSync(root);
  const name = run('id', ['-nu', String(uid)]).trim();
  const group = run('id', ['-ng', name]).trim();
  return `user ${name} ${group};`;
}

/**
 * The brotli_static module the site file uses (Debian: libnginx-mod-http-brotli-static), where
 * this nginx keeps its modules. The machine's nginx.conf loads it through modules-enabled/.
 */
export function brotliModule(): string {
  const version = spawnSync(NGINX, ['-V'], { encoding: 'utf8' });
  const modules = /--modules-path=(\S+)/.exec(`${version.stderr}${version.stdout}`)?.[1] ?? '/usr/lib/nginx/modules';
  const module = join(modules, 'ngx_http_brotli_static_module.so');
  if (!existsSync(module)) throw new Error(`nginx's brotli module is not installed at ${module} (apt-get install libnginx-mod-http-brotli-static; .ci/run installs it)`);
  return module;
}

/** nginx's HTTPS and plain-HTTP ports. */
export interface NginxPorts {
  https: number;
  http: number;
}

export interface Nginx {
  dir: string;
  certificate: string;
  stop(): Promise<void>;
  errorLog(): string;
}

/**
 * Writes the site with `npm run nginx-config` (as deploy/README.md does) and starts nginx on it,
 * serving `root` (the checkout's dist/ unless the Lighthouse bench passes a copy of it).
 */
export async function startNginx(upstreams: string[], root = DIST, ports: NginxPorts = PORTS, settings: Record<string, string> = {}): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (apt-get install nginx; .ci/run installs it)`);
  const brotli = brotliModule();
  const dir = mkdtempSync(join(tmpdir(), 'sipa-nginx-'));
  // nginx's workers may run as another user (see workerUser): they pass through this folder.
  chmodSync(dir, 0o755);
  const certificate = join(dir, 'site.crt');
  const key = join(dir, 'site.key');
  run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`, '-addext', `subjectAltName=DNS:${HOST}`, '-keyout', key, '-out', certificate]);
  // The test's client trusts this certificate and nothing else.
  trustCertificate(certificate);
  const site = join(dir, 'sipa.conf');
  run('npm', ['run', '--silent', 'nginx-config'], {
    ...process.env,
    NGINX_CONF: site,
    NGINX_SERVER_NAME: HOST,
    NGINX_ROOT: root,
    NGINX_API_UPSTREAMS: upstreams.join(','),
    NGINX_HTTPS_PORT: String(ports.https),
    NGINX_HTTP_PORT: String(ports.http),
    NGINX_LISTEN_ADDRESS: '127.0.0.1',
    NGINX_TLS_CERTIFICATE: certificate,
    NGINX_TLS_KEY: key,
    ...settings,
  });
  const main = join(dir, 'nginx.conf');
  writeFileSync(
    main,
    `# The machine's /etc/nginx/nginx.conf, reduced to what this test needs, with every path in ${dir}.
${workerUser(root)}
load_module ${brotli};
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
    # Which instance answered each request: the test reads it back.
    log_format sipa_test '$remote_addr\t$time_iso8601\t$request\t$status\t$upstream_addr';
    access_log ${dir}/access.log sipa_test;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    sendfile on;
    include ${site};
}
`,
  );
  const args = ['-p', dir, '-c', main, '-e', join(dir, 'error.log')];
  run(NGINX, [...args, '-t', '-q']);
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[nginx] ${chunk}`));
  await waitFor(async () => (await request('https', '/robots.txt', { ports })).status === 200, 'nginx to answer', 30_000);
  return {
    dir,
    certificate,
    errorLog: () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Instance {
  port: number;
  child: ChildProcess;
  pid: number;
  /** kill -9 (no chance to release its lease or mark anything). */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts one API instance as the unit does; resolves when it answers through its own port. */
export async function startInstance(port: number, shared: Record<string, string>, extra: Record<string, string> = {}): Promise<Instance> {
  const [program, ...args] = unitCommand();
  if (!program?.endsWith('/node')) throw new Error(`the unit's ExecStart runs ${program}, not node`);
  const env = { PATH: process.env.PATH ?? '', ...unitEnvironment(port), DIST_DIR: DIST, ...shared, ...extra };
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[api ${port}] ${chunk}`));
  const exited = once(child, 'exit');
  await Promise.race([
    waitFor(async () => (await plainRequest(port, '/api/health')).status === 200, `the API on ${port}`, 60_000),
    exited.then(([code]) => {
      throw new Error(`the API on ${port} exited with ${code}`);
    }),
  ]);
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return { port, child, pid: child.pid!, kill: () => stopWith('SIGKILL'), stop: () => stopWith('SIGTERM') };
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address (any 127.x.y.z): what the API must see through nginx. */
  from?: string;
  /** Another nginx than the one on PORTS. */
  ports?: NginxPorts;
}

let certificateAuthority: Buffer | undefined;
export function trustCertificate(file: string) {
  certificateAuthority = readFileSync(file);
}

/** One request to nginx, as a browser at `from` makes it (a fresh connection each time). */
export function request(side: 'http' | 'https', path: string, options: RequestOptions = {}): Promise<Reply> {
  const secure = side === 'https';
  const ports = options.ports ?? PORTS;
  const port = secure ? ports.https : ports.http;
  return send(secure, port, path, { ...options, headers: { host: `${HOST}:${port}`, ...options.headers } });
}

/** One request straight to an API instance (no nginx in between). */
export function plainRequest(port: number, path: string, options: RequestOptions = {}): Promise<Reply> {
  return send(false, port, path, { ...options, headers: { host: `127.0.0.1:${port}`, ...options.headers } });
}

function send(secure: boolean, port: number, path: string, options: RequestOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const transport = secure ? https : http;
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const outgoing = transport.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers,
        agent: false,
        localAddress: options.from,
        ...(secure ? { servername: HOST, ca: certificateAuthority } : {}),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body, text: body.toString('utf8') });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Polls until `check` holds (errors count as not yet), or fails after `timeoutMs` naming `what`. */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
}
