/**
 * The broadcast across real server processes: kill -9 in the middle of a campaign and a restart
 * (no recipient missed, repeats at most the batch in flight), and two servers on one PostgreSQL
 * database (no recipient mailed by both).
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, expect, test } from 'vitest';
import { queueCampaign } from '../src/newsletter-broadcast/campaigns.ts';
import { describeBackends, describePostgres, makeApi, type Backend, type TestApi } from './helpers.ts';
import { NEWSLETTER, recipientStatuses, seedSubscribers } from './broadcast-helpers.ts';
import { startServerProcess, stopServerProcess } from './server-process.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** The worker claims max(50, 5 × concurrency) rows at a time: the most a crash can repeat. */
const BATCH = 50;

function startServer(api: TestApi, sink: SmtpSink, port: number): ChildProcess {
  return startServerProcess(api, sink, port, { NEWSLETTER_RATE_PER_SECOND: '0', NEWSLETTER_CONCURRENCY: '10', NEWSLETTER_LEASE_SECONDS: '1' });
}

const stop = stopServerProcess;

async function campaignStatus(api: TestApi, id: string): Promise<string> {
  const row = await api.services.db.kysely.selectFrom('newsletter_campaigns').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await stop(child, 'SIGKILL');
});

describeBackends('newsletter broadcast: kill -9 mid-campaign and restart', (backend: Backend) => {
  test('no recipient is missed and only the batch in flight can be repeated', async () => {
    const sink = await startSmtpSink();
    const api = await makeApi(backend);
    try {
      const emails = await seedSubscribers(api.services, 1000, 'confirmed');
      const { id } = await queueCampaign(api.services.db, { subject: NEWSLETTER.subject, bodyHtml: NEWSLETTER.body_html, bodyText: NEWSLETTER.body_text, createdBy: 'Director' });

      const first = startServer(api, sink, backend === 'sqlite' ? 4941 : 4942);
      children.push(first);
      await expect.poll(() => sink.messages.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(200);
      await stop(first, 'SIGKILL');
      const beforeRestart = sink.messages.length;
      expect(beforeRestart).toBeLessThan(1000);
      expect(await campaignStatus(api, id)).toBe('running');

      const second = startServer(api, sink, backend === 'sqlite' ? 4943 : 4944);
      children.push(second);
      await expect.poll(() => campaignStatus(api, id), { timeout: 90_000, interval: 200 }).toBe('finished');
      await stop(second, 'SIGTERM');

      const perAddress = new Map<string, number>();
      for (const message of sink.messages) perAddress.set(message.to, (perAddress.get(message.to) ?? 0) + 1);
      expect([...perAddress.keys()].sort()).toEqual([...emails].sort());
      const repeated = [...perAddress.values()].filter((n) => n > 1);
      expect(repeated.every((n) => n === 2)).toBe(true);
      expect(repeated.length).toBeLessThanOrEqual(BATCH);
      expect(sink.messages.length).toBe(1000 + repeated.length);
      expect(await recipientStatuses(api.services, id)).toEqual({ sent: 1000 });
    } finally {
      for (const child of children.splice(0)) await stop(child, 'SIGKILL');
      await api.close();
      await sink.close();
    }
  }, 180_000);
});

describePostgres('newsletter broadcast: two servers on one PostgreSQL database', () => {
  test('both work, and no recipient of any campaign is mailed twice', async () => {
    const sink = await startSmtpSink();
    const api = await makeApi('postgres');
    try {
      const emails = await seedSubscribers(api.services, 600, 'confirmed');
      const campaigns = [];
      for (const subject of ['First edition', 'Second edition', 'Third edition']) {
        campaigns.push(await queueCampaign(api.services.db, { subject, bodyHtml: NEWSLETTER.body_html, bodyText: NEWSLETTER.body_text, createdBy: 'Director' }));
      }
      children.push(startServer(api, sink, 4945), startServer(api, sink, 4946));
      for (const { id } of campaigns) await expect.poll(() => campaignStatus(api, id), { timeout: 120_000, interval: 200 }).toBe('finished');

      const seen = new Set<string>();
      for (const message of sink.messages) {
        const subject = /\r\nSubject: ([^\r]+)/.exec(message.raw)?.[1] ?? '';
        const key = `${subject}|${message.to}`;
        expect(seen.has(key), `${key} mailed twice`).toBe(false);
        seen.add(key);
      }
      expect(sink.messages).toHaveLength(1800);
      for (const { id } of campaigns) expect(await recipientStatuses(api.services, id)).toEqual({ sent: 600 });
      expect(new Set(sink.messages.map((m) => m.to))).toEqual(new Set(emails));
    } finally {
      for (const child of children.splice(0)) await stop(child, 'SIGKILL');
      await api.close();
      await sink.close();
    }
  }, 180_000);
});
