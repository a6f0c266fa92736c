/**
 * The API server as a real child process on a test's database and SMTP peer, for tests that kill
 * it (kill -9) or run two at once, and how to stop one. Its stderr is shown, prefixed by its port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApi } from './helpers.ts';
import type { SmtpSink } from './smtp-sink.ts';

const SERVER = join(import.meta.dirname, '..', 'src', 'server.ts');
const emptyDist = mkdtempSync(join(tmpdir(), 'sipa-no-dist-'));

/** Starts `node api/src/server.ts` on `port`, on `api`'s database, mailing to `sink`, with `env` added. */
export function startServerProcess(api: TestApi, sink: SmtpSink, port: number, env: Record<string, string>): ChildProcess {
  const { config } = api.services;
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: emptyDist,
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { DATA_DIR: config.dataDir }),
      SMTP_URL: sink.url,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server ${port}] ${chunk}`));
  return child;
}

/** Sends `signal` and resolves once the process has exited (at once if it already has). */
export async function stopServerProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}
