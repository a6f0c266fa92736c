/** The test thread's side of instance-worker.ts: a second API server on the same database, driven by calls. */
import { Worker } from 'node:worker_threads';
import type { ApiConfig } from '../src/config.ts';

export interface OtherInstance {
  due(at: number): Promise<string[]>;
  start(id: string, at: number): Promise<boolean>;
  runOnce(at: number): Promise<unknown>;
  close(): Promise<void>;
}

export async function otherInstance(settings: Partial<ApiConfig>): Promise<OtherInstance> {
  const worker = new Worker(new URL('./instance-worker.ts', import.meta.url), { workerData: settings });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { ready?: true; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) return resolve();
      const call = waiting.get(message.id!)!;
      waiting.delete(message.id!);
      if (message.error) call.reject(new Error(message.error));
      else call.resolve(message.result);
    });
  });
  const call = <T>(op: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      waiting.set(++next, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id: next, op, args });
    });
  return {
    due: (at) => call('due', at),
    start: (id, at) => call('start', id, at),
    runOnce: (at) => call('runOnce', at),
    async close() {
      await call('close');
      await worker.terminate();
    },
  };
}
