/**
 * One port for HTTPS and plain HTTP. Browsers get HTTP/2 over TLS (ALPN; HTTP/1.1 over TLS for a
 * client without it): every file of a page then travels over the connection the document opened,
 * where over HTTP/1.1 each request beside another opens a connection of its own and pays its
 * handshake on a slow network. Plain HTTP stays on the same address for health checks, a proxy
 * that ends TLS itself, scripts and the tests. The first byte of a connection tells them apart:
 * a TLS handshake record starts with 0x16, an HTTP request with its method's first letter.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import net, { type Socket } from 'node:net';

/** Answers a request of either protocol (@hono/node-server's getRequestListener). */
export type Listener = (request: IncomingMessage | Http2ServerRequest, response: ServerResponse | Http2ServerResponse) => unknown;

/** Requests at once on one HTTP/2 connection (nginx's http2_max_concurrent_streams default). */
export const MAX_CONCURRENT_STREAMS = 128;

/** The first byte of a TLS record carrying a handshake (RFC 8446, 5.1). */
const TLS_HANDSHAKE = 0x16;

export interface BothProtocolsOptions {
  key: string;
  cert: string;
  /** Most time for a request's headers, and for the first byte and the TLS handshake of a connection. */
  headersTimeoutMs: number;
  /** Most time for a whole request; also how long an HTTP/2 connection may stay idle. */
  requestTimeoutMs: number;
}

/**
 * The listening socket: hands each connection to the plain or the TLS server by its first byte.
 * `close` also ends idle keep-alive and HTTP/2 connections (as http.Server's does), so a stop
 * waits only for requests in flight.
 */
export class BothProtocolsServer extends net.Server {
  readonly plain: http.Server;
  readonly secure: http2.Http2SecureServer;
  readonly #sessions = new Set<Http2Session>();
  readonly #sockets = new Set<Socket>();

  constructor(listener: Listener, options: BothProtocolsOptions) {
    super();
    const timeouts = {
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      // Node checks the two timeouts every connectionsCheckingInterval (30 s by default).
      connectionsCheckingInterval: Math.min(1000, options.headersTimeoutMs),
    };
    this.plain = http.createServer(timeouts, listener);
    this.secure = http2.createSecureServer(
      {
        key: options.key,
        cert: options.cert,
        allowHTTP1: true,
        handshakeTimeout: options.headersTimeoutMs,
        // Streams at once per connection: nginx's default (Node's own has no limit).
        settings: { maxConcurrentStreams: MAX_CONCURRENT_STREAMS },
        ...timeouts,
      },
      listener,
    );
    // An idle HTTP/2 connection is closed after the request timeout (none by default).
    this.secure.setTimeout(options.requestTimeoutMs);
    this.secure.on('session', (session: Http2Session) => {
      this.#sessions.add(session);
      session.once('close', () => this.#sessions.delete(session));
    });
    this.on('connection', (socket: Socket) => this.#route(socket, options.headersTimeoutMs));
    // The two servers never listen themselves, but start tracking their connections on
    // 'listening': without it neither the header and request timeouts nor closeIdleConnections
    // would apply to the connections handed to them.
    this.on('listening', () => {
      this.plain.emit('listening');
      this.secure.emit('listening');
    });
  }

  #route(socket: Socket, firstByteTimeoutMs: number): void {
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
    // A connection that never says anything is closed, as one that never finishes its headers;
    // one reset before its first byte is dropped (the servers handle errors once they have it).
    socket.setTimeout(firstByteTimeoutMs, () => socket.destroy());
    const dropOnError = () => socket.destroy();
    socket.once('error', dropOnError);
    socket.once('data', (chunk: Buffer) => {
      socket.setTimeout(0);
      socket.off('error', dropOnError);
      // Put the byte back for the server that takes the connection, before it starts reading.
      socket.pause();
      socket.unshift(chunk);
      (chunk[0] === TLS_HANDSHAKE ? this.secure : this.plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  }

  override close(callback?: (error?: Error) => void): this {
    super.close(callback);
    this.plain.closeIdleConnections();
    // HTTP/1.1 over TLS: the secure server tracks those connections as http.Server does.
    (this.secure as http2.Http2SecureServer & { closeIdleConnections?: () => void }).closeIdleConnections?.();
    for (const session of this.#sessions) session.close();
    return this;
  }

  /** Ends every connection at once, requests in flight too. */
  closeAllConnections(): void {
    for (const socket of this.#sockets) socket.destroy();
  }
}
