/**
 * A campaign's audience and time, on both databases, delivered to a real SMTP peer: one language
 * only; scheduled for later, listed as scheduled, cancellable until it starts; stored, so a
 * restarted server starts it when due; claimed once, so two servers on one database send it once.
 * The runner's clock is driven directly (runOnce(at)): nothing waits for the time to come.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { closeServices, createApp, createServices, type Services } from '../src/app.ts';
import { dueCampaigns, startCampaign } from '../src/newsletter-broadcast/campaigns.ts';
import { count, describeBackends, freshConfig, type Backend, type TestApi } from './helpers.ts';
import { NEWSLETTER, recipientStatuses, seedSubscribers, sendNewsletter, staffCookies } from './broadcast-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { otherInstance } from './instance-thread.ts';

const MINUTE = 60_000;

describeBackends('newsletter audience and time', (backend: Backend) => {
  vi.setConfig({ testTimeout: 60_000 });
  let sink: SmtpSink;
  let drop: () => Promise<void>;
  let config: Awaited<ReturnType<typeof freshConfig>>['config'];
  const open: Services[] = [];
  /** One API server on the suite's database; several may run at once, as several instances would. */
  async function instance(): Promise<TestApi> {
    const services = await createServices(config);
    open.push(services);
    const close = async () => {
      open.splice(open.indexOf(services), 1);
      await closeServices(services);
    };
    return { services, app: createApp(services), close };
  }
  let api: TestApi;
  let admin: string;
  let french: string[];
  let english: string[];
  let swahili: string[];

  beforeEach(async () => {
    sink = await startSmtpSink();
    ({ config, drop } = await freshConfig(backend, { smtpUrl: sink.url, newsletterRatePerSecond: 0, newsletterConcurrency: 2 }));
    api = await instance();
    admin = (await staffCookies(api)).admin;
    english = await seedSubscribers(api.services, 4, 'confirmed', 'reader');
    french = await seedSubscribers(api.services, 3, 'confirmed', 'lecteur');
    swahili = await seedSubscribers(api.services, 2, 'confirmed', 'msomaji');
    const pendingFrench = await seedSubscribers(api.services, 1, 'pending', 'attente');
    const leftFrench = await seedSubscribers(api.services, 1, 'unsubscribed', 'parti');
    // A language the site does not have counts as the default one, as the audience's counts do.
    const other = await seedSubscribers(api.services, 1, 'confirmed', 'leser');
    english.push(...other);
    const db = api.services.db.kysely;
    await db.updateTable('subscribers').set({ lang: 'fr' }).where('email', 'in', [...french, ...pendingFrench, ...leftFrench]).execute();
    await db.updateTable('subscribers').set({ lang: 'sw' }).where('email', 'in', swahili).execute();
    await db.updateTable('subscribers').set({ lang: 'de' }).where('email', 'in', other).execute();
  });
  afterEach(async () => {
    for (const services of open.splice(0)) await closeServices(services).catch(() => {});
    await drop();
    await sink.close();
  });

  const post = (path: string, body: unknown = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: admin }, body: JSON.stringify(body) });
  const history = async (on: TestApi = api) =>
    ((await (await on.app.request('/api/newsletter-campaigns', { headers: { cookie: admin } })).json()) as { campaigns: Array<Record<string, unknown>> }).campaigns;
  const mailed = () => sink.messages.map((m) => m.to).sort();
  const inTwoMinutes = () => new Date(Date.now() + 2 * MINUTE).toISOString();

  test('one language: only its confirmed subscribers are queued and mailed; all: every confirmed subscriber', async () => {
    const toFrench = await sendNewsletter(api, { ...NEWSLETTER, audience: 'fr' }, admin);
    expect(toFrench.status).toBe(200);
    const first = (await toFrench.json()) as { total_subscribers: number; message: string; campaign_id: string; scheduled_at: string | null };
    expect(first).toMatchObject({ total_subscribers: 3, message: 'Newsletter queued for 3 subscribers', scheduled_at: null });
    await api.services.broadcast.runner.runOnce();
    expect(mailed()).toEqual([...french].sort());
    expect((await history())[0]).toMatchObject({ id: first.campaign_id, status: 'finished', audienceLang: 'fr', scheduledAt: null, total: 3, sent: 3 });

    sink.messages.length = 0;
    const toEnglish = (await (await sendNewsletter(api, { ...NEWSLETTER, audience: 'en' }, admin)).json()) as { total_subscribers: number };
    expect(toEnglish.total_subscribers).toBe(5);
    await api.services.broadcast.runner.runOnce();
    expect(mailed()).toEqual([...english].sort());

    sink.messages.length = 0;
    const toAll = (await (await sendNewsletter(api, { ...NEWSLETTER, audience: 'all' }, admin)).json()) as { total_subscribers: number; campaign_id: string };
    expect(toAll.total_subscribers).toBe(10);
    await api.services.broadcast.runner.runOnce();
    expect(mailed()).toEqual([...english, ...french, ...swahili].sort());
    expect((await history())[0]).toMatchObject({ id: toAll.campaign_id, audienceLang: null });
  });

  test('an unknown audience, a time that is not one, a time passed or over a year away: 400 with the message, nothing queued', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ audience: 'de' }, 'Audience must be all subscribers or one language (en, fr, sw)'],
      [{ scheduled_at: 'tomorrow at nine' }, 'The time to send must be a date and time'],
      [{ scheduled_at: '2026-12-01T09:00' }, 'The time to send must be a date and time'],
      [{ scheduled_at: new Date(Date.now() - 10 * MINUTE).toISOString() }, 'The time to send has passed: choose a later time, or send now'],
      [{ scheduled_at: new Date(Date.now() + 400 * 24 * 60 * MINUTE).toISOString() }, 'The time to send must be within a year'],
    ];
    for (const [extra, message] of cases) {
      const response = await sendNewsletter(api, { ...NEWSLETTER, ...extra }, admin);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect(await count(api.services, 'newsletter_campaigns')).toBe(0);
  });

  test('scheduled: waits with no recipients, listed as scheduled with its time, and starts when due with its audience as it is then', async () => {
    const at = new Date(Date.now() + 2 * MINUTE);
    // The time is taken with its offset (here Central time) and stored in UTC.
    const chicago = new Date(at.getTime() - 6 * 60 * MINUTE).toISOString().replace('Z', '-06:00');
    const response = await sendNewsletter(api, { ...NEWSLETTER, audience: 'fr', scheduled_at: chicago }, admin);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { total_subscribers: number; message: string; campaign_id: string; scheduled_at: string };
    expect(answer.scheduled_at).toBe(at.toISOString());
    expect(answer).toMatchObject({ total_subscribers: 3, message: `Newsletter scheduled for ${at.toISOString()} to 3 subscribers` });
    expect(await count(api.services, 'newsletter_recipients')).toBe(0);

    await api.services.broadcast.runner.runOnce();
    expect(sink.messages).toHaveLength(0);
    expect((await history())[0]).toMatchObject({ id: answer.campaign_id, status: 'scheduled', scheduledAt: at.toISOString(), audienceLang: 'fr', total: 3, sent: 0 });
    // A scheduled campaign cannot be paused or resumed: only cancelled.
    expect((await post(`/api/newsletter-campaigns/${answer.campaign_id}/pause`)).status).toBe(409);
    expect((await post(`/api/newsletter-campaigns/${answer.campaign_id}/resume`)).status).toBe(409);

    // Meanwhile one more French reader confirms and one leaves: the send counts them as they are when it starts.
    const late = await seedSubscribers(api.services, 1, 'confirmed', 'tardif');
    await api.services.db.kysely.updateTable('subscribers').set({ lang: 'fr' }).where('email', 'in', late).execute();
    await api.services.db.kysely.updateTable('subscribers').set({ status: 'unsubscribed' }).where('email', '=', french[0]!).execute();

    await api.services.broadcast.runner.runOnce(at.getTime() - 1000);
    expect(sink.messages).toHaveLength(0);
    await api.services.broadcast.runner.runOnce(at.getTime());
    expect(mailed()).toEqual([...french.slice(1), ...late].sort());
    expect((await history())[0]).toMatchObject({ id: answer.campaign_id, status: 'finished', scheduledAt: at.toISOString(), total: 3, sent: 3 });
  });

  test('a scheduled campaign cancelled before it starts sends nothing; once cancelled it stays so', async () => {
    const answer = (await (await sendNewsletter(api, { ...NEWSLETTER, scheduled_at: inTwoMinutes() }, admin)).json()) as { campaign_id: string; total_subscribers: number };
    expect(answer.total_subscribers).toBe(10);
    const cancelled = await post(`/api/newsletter-campaigns/${answer.campaign_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', sent: 0 });
    await api.services.broadcast.runner.runOnce(Date.now() + 3 * MINUTE);
    expect(sink.messages).toHaveLength(0);
    expect(await count(api.services, 'newsletter_recipients')).toBe(0);
    expect((await history())[0]).toMatchObject({ status: 'cancelled' });
    expect((await post(`/api/newsletter-campaigns/${answer.campaign_id}/cancel`)).status).toBe(409);
  });

  test('a scheduled campaign survives a restart: the next server starts it when due', async () => {
    const { campaign_id } = (await (await sendNewsletter(api, { ...NEWSLETTER, audience: 'sw', scheduled_at: inTwoMinutes() }, admin)).json()) as { campaign_id: string };
    await api.close();
    const restarted = await instance();
    await restarted.services.broadcast.runner.runOnce(Date.now() + 3 * MINUTE);
    expect(mailed()).toEqual([...swahili].sort());
    expect(await recipientStatuses(restarted.services, campaign_id)).toEqual({ sent: 2 });
  });

  test('two servers on one database: each due campaign is started by one of them and every address gets one copy', async () => {
    // The other server runs in a thread of its own, as it would in a process of its own (instance-worker.ts).
    const other = await otherInstance(config);
    try {
      const ids: string[] = [];
      for (const audience of ['all', 'fr', 'en']) {
        ids.push(((await (await sendNewsletter(api, { ...NEWSLETTER, audience, scheduled_at: inTwoMinutes() }, admin)).json()) as { campaign_id: string }).campaign_id);
      }
      const at = Date.now() + 3 * MINUTE;
      // Both see every campaign due, then both claim each at once: one claim per campaign succeeds.
      const [seenByOne, seenByOther] = await Promise.all([dueCampaigns(api.services.db, at), other.due(at)]);
      expect(seenByOne.sort()).toEqual([...ids].sort());
      expect(seenByOther.sort()).toEqual([...ids].sort());
      const claims = await Promise.all(ids.flatMap((id) => [startCampaign(api.services.db, id, at), other.start(id, at)]));
      for (let i = 0; i < ids.length; i++) expect([claims[2 * i], claims[2 * i + 1]].filter(Boolean)).toHaveLength(1);
      expect(await count(api.services, 'newsletter_recipients')).toBe(10 + 3 + 5);

      // And a campaign neither has claimed yet, raced for by both runners whole.
      const raced = ((await (await sendNewsletter(api, { ...NEWSLETTER, audience: 'sw', scheduled_at: inTwoMinutes() }, admin)).json()) as { campaign_id: string }).campaign_id;
      await Promise.all([api.services.broadcast.runner.runOnce(at), other.runOnce(at)]);
      await api.services.broadcast.runner.runOnce(at);
      const perAddress = new Map<string, number>();
      for (const to of mailed()) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      // all + fr + en + sw: everyone twice (all and their language), nobody more.
      expect(sink.messages).toHaveLength(10 + 3 + 5 + 2);
      expect([...perAddress.values()].every((n) => n === 2)).toBe(true);
      expect(perAddress.size).toBe(10);
      expect(await recipientStatuses(api.services, raced)).toEqual({ sent: 2 });
    } finally {
      await other.close();
    }
  });
});
