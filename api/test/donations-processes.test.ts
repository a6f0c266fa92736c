/**
 * A PayPal notification across real server processes: the server stores it and answers, starts
 * verifying it with PayPal (a loopback fake that holds its answer), and is killed with SIGKILL
 * before PayPal answers. Nothing is recorded then; the restarted server verifies the stored
 * notification and records the gift once, with one receipt through a real SMTP peer.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, expect, test } from 'vitest';
import { describeBackends, makeApi, type Backend, type TestApi } from './helpers.ts';
import { readMail } from './mail-reader.ts';
import { ipnBodyIn, oneTimeGift, startFakePaypal, type FakePaypal } from './paypal-fake.ts';
import { startServerProcess, stopServerProcess } from './server-process.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** This suite's ports (the engineer's range 4914-4919): one per server start and backend. */
const PORTS: Record<Backend, [number, number, number]> = { sqlite: [4914, 4915, 4918], postgres: [4916, 4917, 4919] };

function startServer(api: TestApi, sink: SmtpSink, paypal: FakePaypal, port: number): ChildProcess {
  return startServerProcess(api, sink, port, { PAYPAL_VERIFY_URL: paypal.url, PAYPAL_IPN_LEASE_SECONDS: '1' });
}

const stop = stopServerProcess;

/** Posts until the server answers (it is still starting). */
async function postWhenUp(port: number, body: string): Promise<Response> {
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/api/paypal/ipn`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await stop(child, 'SIGKILL');
});

/** A test's SMTP peer, PayPal fake and database, closed after it: its server processes first. */
async function withPeers(backend: Backend, run: (peers: { sink: SmtpSink; paypal: FakePaypal; api: TestApi }) => Promise<void>) {
  const sink = await startSmtpSink();
  const paypal = await startFakePaypal();
  const api = await makeApi(backend);
  try {
    await run({ sink, paypal, api });
  } finally {
    for (const child of children.splice(0)) await stop(child, 'SIGKILL');
    await api.close();
    await sink.close();
    await paypal.close();
  }
}

describeBackends('PayPal notification: kill -9 between storing and verifying', (backend: Backend) => {
  test('the stored notification is verified after the restart and the gift recorded once', async () => {
    await withPeers(backend, async ({ sink, paypal, api }) => {
      const db = api.services.db.kysely;
      const body = oneTimeGift('2KILLED000000001', { payer_email: 'survivor@example.org', custom: 'lang=sw' });
      paypal.genuine.add(body);
      // PayPal holds its answer: the server is mid-verification when it is killed.
      let release!: () => void;
      paypal.hold = new Promise<void>((resolve) => (release = resolve));
      const postback = new Promise<void>((resolve) => (paypal.onArrival = () => resolve()));

      const first = startServer(api, sink, paypal, PORTS[backend][0]);
      children.push(first);
      const answer = await postWhenUp(PORTS[backend][0], body);
      expect(answer.status).toBe(200);
      await postback;
      await stop(first, 'SIGKILL');

      expect(await db.selectFrom('paypal_notifications').select(['status', 'attempts']).where('txn_id', '=', '2KILLED000000001').execute()).toEqual([{ status: 'received', attempts: 0 }]);
      expect(await db.selectFrom('gifts').select('id').execute()).toEqual([]);

      // PayPal answers again; a new server takes the notification over once the dead one's lease ends.
      paypal.onArrival = null;
      paypal.hold = null;
      release();
      const second = startServer(api, sink, paypal, PORTS[backend][1]);
      children.push(second);
      await expect.poll(async () => (await db.selectFrom('paypal_notifications').select('status').where('txn_id', '=', '2KILLED000000001').executeTakeFirst())?.status, { timeout: 30_000, interval: 100 }).toBe('verified');
      await expect.poll(() => sink.messages.length, { timeout: 30_000, interval: 100 }).toBe(1);
      await stop(second, 'SIGTERM');

      expect(await db.selectFrom('gifts').select(['txn_id', 'email', 'lang']).execute()).toEqual([{ txn_id: '2KILLED000000001', email: 'survivor@example.org', lang: 'sw' }]);
      const receipt = readMail(sink.messages[0]!.raw);
      expect(sink.messages[0]!.to).toBe('survivor@example.org');
      expect(receipt.subject).toBe('Risiti yako 2026-2KILLED000000001 kutoka SIPA');
      expect(paypal.postbacks.length).toBeGreaterThanOrEqual(2);
    });
  }, 120_000);

  test('a gift from Renée, in PayPal’s default windows-1252, posted to the running server: stored, recorded with her name, receipted', async () => {
    await withPeers(backend, async ({ sink, paypal, api }) => {
      const db = api.services.db.kysely;
      // PayPal's default account setting: no charset chosen, values %-encoded in windows-1252 (é is %E9).
      const body = ipnBodyIn(null, { txn_type: 'web_accept', txn_id: '2ACCENT000000001', payment_status: 'Completed', mc_gross: '40.50', payment_date: '17:30:00 Dec 31, 2025 PST', payer_email: 'renee@example.org', first_name: 'Renée', last_name: 'Zoë-Straße', custom: 'lang=fr' });
      expect(body).toContain('first_name=Ren%E9e');
      paypal.genuine.add(body);
      const server = startServer(api, sink, paypal, PORTS[backend][2]);
      children.push(server);
      const answer = await postWhenUp(PORTS[backend][2], body);
      expect(answer.status).toBe(200);
      await expect.poll(() => sink.messages.length, { timeout: 30_000, interval: 100 }).toBe(1);
      await stop(server, 'SIGTERM');
      expect(await db.selectFrom('gifts').select(['name', 'amount_cents', 'receipt_number']).execute()).toEqual([{ name: 'Renée Zoë-Straße', amount_cents: 4050, receipt_number: '2025-2ACCENT000000001' }]);
      const receipt = readMail(sink.messages[0]!.raw);
      expect(receipt.subject).toBe('Votre reçu 2025-2ACCENT000000001 de SIPA');
      expect(receipt.text).toContain('Date : 31 décembre 2025');
      expect(receipt.text).toContain('Montant : 40,50\u00a0$');
    });
  }, 120_000);
});
