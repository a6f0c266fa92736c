/**
 * A second API server on the same database, in a thread of its own, as another instance would
 * run in a process of its own. node:sqlite waits for a lock synchronously (the busy timeout), so
 * two servers sharing one SQLite file must not share a thread: each would block the other's
 * transaction from finishing. The test thread drives it through messages (instance-thread.ts):
 * calls into the broadcast's modules, or a request to its own app, answered as a server would.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { closeServices, createApp, createServices } from '../src/app.ts';
import { loadConfig, type ApiConfig } from '../src/config.ts';
import { dueCampaigns, startCampaign } from '../src/newsletter-broadcast/campaigns.ts';
import { fixClock } from './fixed-clock.ts';
import type { InstanceRequest, InstanceResponse } from './instance-thread.ts';

const { settings, clock } = workerData as { settings: Partial<ApiConfig>; clock?: number };
if (clock !== undefined) fixClock(clock);
const services = await createServices(loadConfig({}, settings));
const app = createApp(services);

async function answer({ method, path, headers, body }: InstanceRequest): Promise<InstanceResponse> {
  const response = await app.request(path, { method, headers, body });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

const operations: Record<string, (args: unknown[]) => Promise<unknown>> = {
  due: ([at]) => dueCampaigns(services.db, at as number),
  start: ([id, at]) => startCampaign(services.db, id as string, at as number),
  runOnce: ([at]) => services.broadcast.runner.runOnce(at as number),
  request: ([request]) => answer(request as InstanceRequest),
  close: () => closeServices(services),
};

parentPort!.on('message', async ({ id, op, args }: { id: number; op: string; args: unknown[] }) => {
  try {
    parentPort!.postMessage({ id, result: await operations[op]!(args) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
