/**
 * Memory comes back after a campaign: once the worker has finished one, it asks V8 for a
 * memory-reducing collection (src/release-memory.ts), which returns the young generation and the
 * pooled pages the campaign's messages grew (the figures: api/bench/campaign-memory.ts). Held
 * here as behaviour: called once after a finished campaign, not when there was nothing to send.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { describeBackends, makeApi, type TestApi } from './helpers.ts';
import { NEWSLETTER, recipientStatuses, seedSubscribers, sendNewsletter, staffCookies } from './broadcast-helpers.ts';

const released = vi.hoisted(() => ({ statuses: [] as string[][], calls: 0 }));
let statusesNow: () => Promise<string[]> = async () => [];
vi.mock('../src/release-memory.ts', () => ({
  releaseMemory: async () => {
    released.calls += 1;
    released.statuses.push(await statusesNow());
  },
}));

describeBackends('memory after a campaign', (backend) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await makeApi(backend);
    admin = (await staffCookies(api)).admin;
    await seedSubscribers(api.services, 3, 'confirmed');
    statusesNow = async () => (await api.services.db.kysely.selectFrom('newsletter_campaigns').select('status').execute()).map((row) => row.status);
  });
  afterAll(() => api.close());

  test('the worker releases the memory once a campaign has finished, and not when it found none to run', async () => {
    released.calls = 0;
    released.statuses = [];
    expect(await api.services.broadcast.runner.runOnce()).toBe(false);
    expect(released.calls).toBe(0);

    const answer = (await (await sendNewsletter(api, NEWSLETTER, admin)).json()) as { campaign_id: string };
    expect(await api.services.broadcast.runner.runOnce()).toBe(true);
    expect(await recipientStatuses(api.services, answer.campaign_id)).toEqual({ sent: 3 });
    expect(released.calls).toBe(1);
    // Called after the campaign was marked finished, not while its messages were in flight.
    expect(released.statuses).toEqual([['finished']]);
  });
});
