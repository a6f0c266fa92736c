/**
 * The mail provider's webhook (POST /api/mail-feedback) on both databases: only the whole token
 * opens it (not a prefix, not the token with more after it, not a token of another length), and
 * a reported bounce never turns an address its owner unsubscribed, or reported as spam, into
 * "bounced". The campaign side of the webhook is in newsletter-faults.test.ts.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { unsubscribeById } from '../src/inbox/subscribers-store.ts';
import { describeBackends, makeApi, type TestApi } from './helpers.ts';
import { seedSubscribers } from './broadcast-helpers.ts';

const TOKEN = 'feedback-token-0123456789abcdef';

describeBackends('the mail provider’s webhook', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend, { bounceWebhookToken: TOKEN });
  });
  afterAll(() => api.close());

  const report = (events: unknown[], authorization = `Bearer ${TOKEN}`) =>
    api.app.request('/api/mail-feedback', { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify({ events }) });
  const statusOf = async (email: string) =>
    api.services.db.kysely.selectFrom('subscribers').select(['status', 'unsubscribed_at', 'stopped_reason']).where('email', '=', email).executeTakeFirstOrThrow();

  test.each([
    ['a prefix of the token', TOKEN.slice(0, -1)],
    ['its first character', TOKEN.slice(0, 1)],
    ['the token with more after it', `${TOKEN}0`],
    ['a token of another length', 'x'.repeat(TOKEN.length * 2)],
    ['a token of the same length, one character changed', `${TOKEN.slice(0, -1)}0`],
    ['the token in other case', TOKEN.toUpperCase()],
  ])('%s is refused and changes nothing', async (_, token) => {
    const [email] = await seedSubscribers(api.services, 1, 'confirmed', `guessed-${token.length}-${token.at(-1)}`);
    const answer = await report([{ type: 'bounce', email }], `Bearer ${token}`);
    expect(answer.status).toBe(401);
    expect((await statusOf(email!)).status).toBe('confirmed');
  });

  test('without a token, or with another scheme, it is refused; the whole token is taken', async () => {
    const [email] = await seedSubscribers(api.services, 1, 'confirmed', 'token-check');
    for (const authorization of ['', 'Bearer', 'Bearer ', `Basic ${TOKEN}`, TOKEN]) expect((await report([{ type: 'bounce', email }], authorization)).status, authorization).toBe(401);
    expect((await statusOf(email!)).status).toBe('confirmed');
    expect(await (await report([{ type: 'bounce', email }])).json()).toEqual({ applied: 1, unknown: 0 });
    expect((await statusOf(email!)).status).toBe('bounced');
  });

  test('a bounce leaves an unsubscribed address unsubscribed, and a complained one complained', async () => {
    const [unsubscribed, complained, pending] = [
      ...(await seedSubscribers(api.services, 1, 'confirmed', 'left-before')),
      ...(await seedSubscribers(api.services, 1, 'confirmed', 'complained-before')),
      ...(await seedSubscribers(api.services, 1, 'pending', 'not-yet-confirmed')),
    ];
    const { id } = await api.services.db.kysely.selectFrom('subscribers').select('id').where('email', '=', unsubscribed!).executeTakeFirstOrThrow();
    expect(await unsubscribeById(api.services.db, id)).toBe('unsubscribed');
    const left = await statusOf(unsubscribed!);
    expect((await report([{ type: 'complaint', email: complained }])).status).toBe(200);

    const answer = await report([unsubscribed, complained, pending].map((email) => ({ type: 'bounce', email, reason: '550 5.1.1 user unknown' })));
    expect(await answer.json()).toEqual({ applied: 3, unknown: 0 });
    expect(await statusOf(unsubscribed!)).toEqual({ status: 'unsubscribed', unsubscribed_at: left.unsubscribed_at, stopped_reason: null });
    expect(await statusOf(complained!)).toEqual({ status: 'complained', unsubscribed_at: null, stopped_reason: 'Marked as spam (reported by the mail provider)' });
    // An address still waiting for its confirmation is stopped: it would be mailed the reminder.
    expect(await statusOf(pending!)).toEqual({ status: 'bounced', unsubscribed_at: null, stopped_reason: '550 5.1.1 user unknown' });
  });

  test('a complaint stops an unsubscribed address too: it outranks every status', async () => {
    const [email] = await seedSubscribers(api.services, 1, 'unsubscribed', 'left-then-complained');
    expect((await report([{ type: 'complaint', email }])).status).toBe(200);
    expect((await statusOf(email!)).status).toBe('complained');
  });
});
