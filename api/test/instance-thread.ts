/** The test thread's side of instance-worker.ts: a second API server on the same database, driven by calls. */
import { Worker } from 'node:worker_threads';
import type { ApiConfig } from '../src/config.ts';

/** A request to the other instance's app, in a form a thread can post. */
export interface InstanceRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface InstanceResponse {
  status: number;
  location: string | null;
  body: string;
}

export interface OtherInstance {
  due(at: number): Promise<string[]>;
  start(id: string, at: number): Promise<boolean>;
  runOnce(at: number): Promise<unknown>;
  /** Answers a request as that instance's server would (its app.request()). */
  request(request: InstanceRequest): Promise<InstanceResponse>;
  close(): Promise<void>;
}

export interface OtherInstanceOptions {
  /** Stops the instance's clock at this time (ms since the epoch), as vi.setSystemTime does here (fixed-clock.ts). */
  clock?: number;
}

export async function otherInstance(settings: Partial<ApiConfig>, options: OtherInstanceOptions = {}): Promise<OtherInstance> {
  const worker = new Worker(new URL('./instance-worker.ts', import.meta.url), { workerData: { settings, clock: options.clock } });
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
    request: (request) => call('request', request),
    async close() {
      await call('close');
      await worker.terminate();
    },
  };
}
