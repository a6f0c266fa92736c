/**
 * A real SMTP peer on loopback (smtp-server) that keeps every accepted message, for the
 * broadcast tests and `npm run bench`. `refuse` can answer a recipient with an SMTP error, and
 * `hold` delays every answer to DATA until the test lets it go (a message whose client gave up
 * waiting and closed the connection is not kept: its transaction never completed). `goDark()`
 * stops listening and cuts every connection (clients get refused connections) until `comeBack()`.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SunkMessage {
  to: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: SunkMessage[];
  /** Return an SMTP error ({ code, message }) to refuse this recipient at DATA, or null to accept. */
  refuse: ((to: string) => { code: number; message: string } | null) | null;
  /** While set, DATA is answered only once this promise resolves. */
  hold: Promise<void> | null;
  /** Called as each message's data has arrived, before it is answered. */
  onArrival: ((to: string) => void) | null;
  /** Called when a client tries to connect while the peer is dark (its connection refused). */
  onRefusedConnection: (() => void) | null;
  /** Stops listening and drops every open connection: connections are refused from now on. */
  goDark(): Promise<void>;
  /** Listens again on the same port. */
  comeBack(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(options: { port?: number; keepRaw?: boolean } = {}): Promise<SmtpSink> {
  const keepRaw = options.keepRaw ?? true;
  const sink: SmtpSink = {
    port: 0,
    url: '',
    messages: [],
    refuse: null,
    hold: null,
    onArrival: null,
    onRefusedConnection: null,
    goDark: async () => {},
    comeBack: async () => {},
    close: async () => {},
  };
  const closedSessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (keepRaw) chunks.push(chunk);
      });
      stream.on('end', async () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        sink.onArrival?.(to);
        if (sink.hold) await sink.hold;
        // The client gave up before the answer: no delivery (a later retry is the one that counts).
        if (closedSessions.has(session.id)) return callback(new Error('client gone'));
        const refusal = sink.refuse?.(to) ?? null;
        if (refusal) {
          const error = new Error(refusal.message) as Error & { responseCode: number };
          error.responseCode = refusal.code;
          return callback(error);
        }
        sink.messages.push({ to, raw: keepRaw ? Buffer.concat(chunks).toString('utf8') : '' });
        callback();
      });
    },
    onClose(session) {
      closedSessions.add(session.id);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // A client that dies mid-session (the kill -9 tests) resets its connections; smtp-server reports
  // that as an 'error' event, which must not become an uncaught exception in the test process.
  server.on('error', () => {});
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  // While dark, a stand-in listener on the same port takes each connection and resets it at
  // once, which a client sees as the connection refused (and the test can count).
  let standIn: import('node:net').Server | null = null;
  sink.goDark = async () => {
    // net's close waits for the open connections: they are cut first.
    const closed = new Promise<void>((resolve) => server.server.close(() => resolve()));
    for (const connection of (server as unknown as { connections: Set<{ _socket: import('node:net').Socket }> }).connections) connection._socket.destroy();
    await closed;
    standIn = createServer((socket) => {
      socket.resetAndDestroy();
      sink.onRefusedConnection?.();
    });
    await new Promise<void>((resolve) => standIn!.listen(sink.port, '127.0.0.1', () => resolve()));
  };
  sink.comeBack = async () => {
    await new Promise<void>((resolve) => standIn!.close(() => resolve()));
    standIn = null;
    await new Promise<void>((resolve) => server.server.listen(sink.port, '127.0.0.1', () => resolve()));
  };
  return sink;
}

/** Unfolded headers (lower-case names) of a raw message. */
export function headersOf(raw: string): Map<string, string> {
  const end = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The body with quoted-printable soft breaks and escapes undone (enough to find links and texts). */
export function decodedBody(raw: string): string {
  return raw
    .slice(raw.indexOf('\r\n\r\n') + 4)
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface SinkReport {
  count: number;
  perAddress: Record<string, number>;
  samples: string[];
}

/** The sink in a child process (smtp-sink-process.ts): its URL, a report on demand, and stop. */
export async function startSmtpSinkProcess() {
  const child = fork(new URL('./smtp-sink-process.ts', import.meta.url).pathname, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [ready] = (await once(child, 'message')) as [{ url: string }];
  return {
    url: ready.url,
    async report(samples: number[] = []): Promise<SinkReport> {
      const answer = once(child, 'message') as Promise<[SinkReport]>;
      child.send({ report: samples });
      return (await answer)[0];
    },
    async close() {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}
