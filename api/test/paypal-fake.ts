/**
 * A loopback fake of PayPal's IPN verification endpoint (the postback with
 * `cmd=_notify-validate`). It answers VERIFIED for a message it was told PayPal sent
 * (`genuine`), INVALID for any other, and can answer an error status or hold its answers until
 * the test lets them go. Every postback it received is kept, to check that the message went back
 * unchanged.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';

export interface FakePaypal {
  url: string;
  /** Bodies PayPal "sent": their postback is VERIFIED. */
  genuine: Set<string>;
  /** Every postback body, in arrival order. */
  postbacks: string[];
  /** Answer the next n postbacks with this status instead (PayPal down). */
  failNext(n: number, status?: number): void;
  /** While set, answers wait for it; `onArrival` is told of each postback as it arrives. */
  hold: Promise<void> | null;
  /** A hold for some postbacks only: the answer to a body for which it returns a promise waits for it. */
  holdIf: ((body: string) => Promise<void> | null) | null;
  onArrival: ((body: string) => void) | null;
  close(): Promise<void>;
}

export const VALIDATE_PREFIX = 'cmd=_notify-validate&';

export async function startFakePaypal(port = 0): Promise<FakePaypal> {
  let failures = 0;
  let failStatus = 503;
  const fake: FakePaypal = {
    url: '',
    genuine: new Set(),
    postbacks: [],
    failNext(n, status = 503) {
      failures = n;
      failStatus = status;
    },
    hold: null,
    holdIf: null,
    onArrival: null,
    close: async () => {},
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('latin1');
      fake.postbacks.push(body);
      fake.onArrival?.(body);
      if (fake.hold) await fake.hold;
      const held = fake.holdIf?.(body.slice(VALIDATE_PREFIX.length));
      if (held) await held;
      if (failures > 0) {
        failures -= 1;
        response.writeHead(failStatus).end('Service Unavailable');
        return;
      }
      const ok = request.method === 'POST' && body.startsWith(VALIDATE_PREFIX) && fake.genuine.has(body.slice(VALIDATE_PREFIX.length));
      response.writeHead(200, { 'content-type': 'text/plain' }).end(ok ? 'VERIFIED' : 'INVALID');
    });
  });
  // A server killed while its postback waits resets the connection: nothing to report.
  server.on('clientError', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cgi-bin/webscr`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** The organisation's PayPal account (content/site.json). */
export const ORG_ACCOUNT = 'donations@sipa.example.org';

/** A notification body as PayPal writes one: urlencoded, windows-1252 unless it says otherwise. */
export function ipnBody(fields: Record<string, string>): string {
  const base: Record<string, string> = { charset: 'UTF-8', receiver_email: ORG_ACCOUNT, mc_currency: 'USD', notify_version: '3.9', ipn_track_id: Math.random().toString(16).slice(2, 15) };
  return new URLSearchParams({ ...base, ...fields }).toString();
}

/**
 * A notification body in another charset, as PayPal writes one: each value's bytes in that charset,
 * %-encoded (spaces as '+'). `charset: null` leaves the field out (PayPal's default, windows-1252).
 */
export function ipnBodyIn(charset: string | null, fields: Record<string, string>): string {
  const base: Record<string, string> = { receiver_email: ORG_ACCOUNT, mc_currency: 'USD', notify_version: '3.9' };
  const all = { ...(charset ? { charset } : {}), ...base, ...fields };
  const encode = (text: string) =>
    Array.from(iconv.encode(text, charset ?? 'windows-1252'), (byte) => (byte === 0x20 ? '+' : /[A-Za-z0-9*\-._]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
  return Object.entries(all)
    .map(([name, value]) => `${name}=${name === 'charset' ? value : encode(value)}`)
    .join('&');
}

export function oneTimeGift(txnId: string, overrides: Record<string, string> = {}) {
  return ipnBody({
    txn_type: 'web_accept',
    txn_id: txnId,
    payment_status: 'Completed',
    mc_gross: '50.00',
    payment_date: '09:15:00 Nov 20, 2026 PST',
    payer_email: 'Amina.Diallo@example.org',
    first_name: 'Amina',
    last_name: 'Diallo',
    item_name: 'Donation to SIPA',
    custom: 'lang=fr',
    ...overrides,
  });
}
