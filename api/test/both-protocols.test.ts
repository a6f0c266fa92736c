/**
 * `npm start`'s front over real sockets: HTTPS with HTTP/2 (every file of a page over the one
 * connection the document opened), plain HTTP/1.1 on the same port with keep-alive, the build's
 * brotli copies and the caching headers docs/performance.md promises on both, the local
 * certificate made once into DATA_DIR/tls and kept, and a stop that does not wait for idle
 * connections.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeServices, createServices, type Services } from '../src/app.ts';
import type { BothProtocolsServer } from '../src/both-protocols.ts';
import { createServerApp, listen } from '../src/server.ts';
import { LOCAL_CERTIFICATE_FILE, localCertificate, tlsCertificate, type TlsCertificate } from '../src/tls.ts';
import { freshConfig } from './helpers.ts';

const PAGE = '<!doctype html><html><head><meta http-equiv="content-security-policy" content="default-src \'self\'"></head><body><h1>Home</h1>'.padEnd(3000, ' ') + '</body></html>';
const SCRIPT = 'export const answer = 42;\n'.repeat(100);

let dist: string;
let data: string;
let services: Services;
let drop: () => Promise<void>;
let certificate: TlsCertificate;
let server: BothProtocolsServer;
let port: number;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sipa-dist-'));
  const write = (path: string, body: string | Buffer) => {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), body);
  };
  write('index.html', PAGE);
  write('_astro/app.abc123.js', SCRIPT);
  // The build's brotli copies (scripts/precompress.ts), told apart from the server's own
  // compression by holding other text than their files.
  write('index.html.br', brotliCompressSync('<h1>Home, compressed by the build</h1>'));
  write('_astro/app.abc123.js.br', brotliCompressSync('export const answer = "from the build";'));
  const fresh = await freshConfig('sqlite');
  drop = fresh.drop;
  data = fresh.config.dataDir;
  services = await createServices(fresh.config);
  certificate = (await tlsCertificate({}, data))!;
  const { app } = createServerApp({ distDir: dist, https: false, services });
  server = (await listen(app, { port: 0, hostname: '127.0.0.1', maxConnections: 100, tls: certificate })) as BothProtocolsServer;
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeServices(services);
  await drop();
  rmSync(dist, { recursive: true, force: true });
});

/** GETs every path over one HTTP/2 connection that trusts only the server's certificate. */
async function overHttp2(paths: string[]) {
  const session = http2.connect(`https://127.0.0.1:${port}`, { ca: certificate.cert });
  try {
    await once(session, 'connect');
    const answers = await Promise.all(
      paths.map(
        (path) =>
          new Promise<{ headers: http2.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
            const stream = session.request({ ':path': path, 'accept-encoding': 'br, gzip' });
            const chunks: Buffer[] = [];
            let headers: http2.IncomingHttpHeaders = {};
            stream.on('response', (received) => (headers = received));
            stream.on('data', (chunk: Buffer) => chunks.push(chunk));
            stream.on('end', () => resolve({ headers, body: Buffer.concat(chunks) }));
            stream.on('error', reject);
          }),
      ),
    );
    return { protocol: session.alpnProtocol, answers, remoteSettings: session.remoteSettings };
  } finally {
    session.close();
  }
}

/** GETs over HTTP/1.1 through `agent`; says which local port the request left from. */
function overHttp1(module: typeof http | typeof https, path: string, agent: http.Agent) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; localPort: number; reused: boolean }>((resolve, reject) => {
    const request = module.get({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      const localPort = response.socket.localPort!;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks), localPort, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

describe('HTTPS with HTTP/2', () => {
  test('a page and its files arrive over one HTTP/2 connection, as the build compressed them, with their caching headers', async () => {
    const { protocol, answers, remoteSettings } = await overHttp2(['/', '/_astro/app.abc123.js']);
    expect(protocol).toBe('h2');
    // As many requests at once as nginx allows on one connection, not Node's unlimited default.
    expect(remoteSettings.maxConcurrentStreams).toBe(128);
    const [page, script] = answers;
    expect(page!.headers[':status']).toBe(200);
    expect(page!.headers['content-encoding']).toBe('br');
    expect(page!.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(page!.body).toString()).toBe('<h1>Home, compressed by the build</h1>');
    // Pages are revalidated, so an edit shows at once; hashed build files never change.
    expect(page!.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page!.headers.etag).toMatch(/^"[\w-]{22}"$/);
    expect(script!.headers['content-encoding']).toBe('br');
    expect(script!.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(script!.body).toString()).toBe('export const answer = "from the build";');
    expect(script!.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script!.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  test('a client without HTTP/2 gets HTTPS over HTTP/1.1, the connection kept alive', async () => {
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1, ca: certificate.cert, ALPNProtocols: ['http/1.1'] });
    try {
      const first = await overHttp1(https, '/', agent);
      const second = await overHttp1(https, '/_astro/app.abc123.js', agent);
      expect(first.status).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(second.reused).toBe(true);
      expect(second.localPort).toBe(first.localPort);
    } finally {
      agent.destroy();
    }
  });
});

describe('plain HTTP on the same port', () => {
  test('keeps the connection alive across requests and sends the build brotli copy with its vary and caching headers', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await overHttp1(http, '/', agent);
      const second = await overHttp1(http, '/_astro/app.abc123.js', agent);
      const third = await overHttp1(http, '/', agent);
      expect(first.status).toBe(200);
      expect(first.headers.connection).toBe('keep-alive');
      expect(first.headers['keep-alive']).toMatch(/^timeout=\d+/);
      expect([second.reused, third.reused]).toEqual([true, true]);
      expect(new Set([first.localPort, second.localPort, third.localPort]).size).toBe(1);
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(first.body).toString()).toBe('<h1>Home, compressed by the build</h1>');
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(second.headers['content-encoding']).toBe('br');
      expect(second.headers.vary).toBe('Accept-Encoding');
      expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      agent.destroy();
    }
  });

  test('answers health checks', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('with the site certificate and HTTPS=true', () => {
  test('plain HTTP sends visitors to HTTPS on the same address; health checks stay plain', async () => {
    const { app } = createServerApp({ distDir: dist, https: true, services, ownCertificate: true });
    const own = (await listen(app, { port: 0, hostname: '127.0.0.1', maxConnections: 10, tls: certificate })) as BothProtocolsServer;
    const ownPort = (own.address() as AddressInfo).port;
    try {
      const page = await fetch(`http://127.0.0.1:${ownPort}/about?x=1`, { redirect: 'manual' });
      expect(page.status).toBe(301);
      expect(page.headers.get('location')).toBe(`https://127.0.0.1:${ownPort}/about?x=1`);
      const post = await fetch(`http://127.0.0.1:${ownPort}/api/contact`, { method: 'POST', redirect: 'manual' });
      expect(post.status).toBe(308);
      expect((await fetch(`http://127.0.0.1:${ownPort}/api/health`)).status).toBe(200);
      const session = http2.connect(`https://127.0.0.1:${ownPort}`, { ca: certificate.cert });
      try {
        const status = await new Promise((resolve) => session.request({ ':path': '/' }).on('response', (headers) => resolve(headers[':status'])).resume());
        expect(status).toBe(200);
      } finally {
        session.close();
      }
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });
});

describe('the local certificate', () => {
  test('is made once into DATA_DIR/tls for localhost, 127.0.0.1 and ::1, and kept across starts', async () => {
    const file = join(data, 'tls', LOCAL_CERTIFICATE_FILE);
    expect(certificate.source).toBe(file);
    const x509 = new X509Certificate(certificate.cert);
    expect(x509.checkHost('localhost')).toBe('localhost');
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.checkIP('::1')).toBe('::1');
    expect(x509.checkPrivateKey(createPrivateKey(certificate.key))).toBe(true);
    // Its key is readable by the server's user only.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await tlsCertificate({}, data);
    expect(again!.cert).toBe(certificate.cert);
  });

  test('is made again when fewer than seven days are left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sipa-tls-'));
    try {
      const first = await localCertificate(dir, new Date('2026-01-01T00:00:00Z'));
      const later = await localCertificate(dir, new Date('2026-12-20T00:00:00Z'));
      expect(later.cert).toBe(first.cert);
      const renewed = await localCertificate(dir, new Date('2026-12-26T00:00:00Z'));
      expect(renewed.cert).not.toBe(first.cert);
      expect(new Date(new X509Certificate(renewed.cert).validTo).getTime()).toBe(new Date('2027-12-26T00:00:00Z').getTime());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('TLS=off serves plain HTTP only; the site certificate files are read, and one without the other is refused', async () => {
    expect(await tlsCertificate({ TLS: 'off' }, data)).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'sipa-tls-files-'));
    try {
      writeFileSync(join(dir, 'site.crt'), certificate.cert);
      writeFileSync(join(dir, 'site.key'), certificate.key);
      const files = await tlsCertificate({ TLS_CERT_FILE: join(dir, 'site.crt'), TLS_KEY_FILE: join(dir, 'site.key') }, data);
      expect(files).toEqual({ cert: certificate.cert, key: certificate.key, source: join(dir, 'site.crt') });
      await expect(tlsCertificate({ TLS_CERT_FILE: join(dir, 'site.crt') }, data)).rejects.toThrow(
        'TLS_CERT_FILE and TLS_KEY_FILE go together: set both, or neither for a local certificate.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('connections', () => {
  test('a connection that never sends a byte, or trickles its headers, is cut off after the headers timeout; the cap holds', async () => {
    const { app } = createServerApp({ distDir: dist, https: false, services });
    // The headers timeout counts from the connection, the TLS handshake included: at 300 ms a loaded
    // machine's handshake used it all, and the trickled headers were cut before a byte of them was
    // read (closed with nothing, not 408). 1.5 s leaves the handshake room and still cuts quickly.
    const small = (await listen(app, { port: 0, hostname: '127.0.0.1', maxConnections: 2, headersTimeoutMs: 1500, requestTimeoutMs: 3000, tls: certificate })) as BothProtocolsServer;
    const smallPort = (small.address() as AddressInfo).port;
    const closed = (socket: Socket) =>
      new Promise<string>((resolve) => {
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('error', () => {});
        socket.on('close', () => resolve(received));
      });
    try {
      const silent = connect(smallPort, '127.0.0.1');
      expect(await closed(silent)).toBe('');
      // Headers trickled over plain HTTP, and over HTTP/1.1 inside TLS: cut off with 408.
      const slow = connect(smallPort, '127.0.0.1');
      slow.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      expect(await closed(slow)).toMatch(/^HTTP\/1\.1 408/);
      const slowTls = tlsConnect({ host: '127.0.0.1', port: smallPort, ca: certificate.cert, ALPNProtocols: ['http/1.1'] });
      await once(slowTls, 'secureConnect');
      slowTls.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      expect(await closed(slowTls)).toMatch(/^HTTP\/1\.1 408/);
      // A connection reset before its first byte leaves the server serving.
      const reset = connect(smallPort, '127.0.0.1');
      await once(reset, 'connect');
      const resetClosed = once(reset, 'close');
      reset.resetAndDestroy();
      await resetClosed;
      expect((await fetch(`http://127.0.0.1:${smallPort}/api/health`)).status).toBe(200);
      const first = connect(smallPort, '127.0.0.1');
      const second = connect(smallPort, '127.0.0.1');
      await Promise.all([once(first, 'connect'), once(second, 'connect')]);
      // The third connection is closed by the server without an answer.
      expect(await closed(connect(smallPort, '127.0.0.1'))).toBe('');
      first.destroy();
      second.destroy();
    } finally {
      small.closeAllConnections();
      await new Promise((resolve) => small.close(resolve));
    }
  });

  test('a stop ends idle keep-alive and HTTP/2 connections instead of waiting for them', async () => {
    const { app } = createServerApp({ distDir: dist, https: false, services });
    const stopping = (await listen(app, { port: 0, hostname: '127.0.0.1', maxConnections: 10, tls: certificate })) as BothProtocolsServer;
    const stoppingPort = (stopping.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true });
    const secureAgent = new https.Agent({ keepAlive: true, ca: certificate.cert, ALPNProtocols: ['http/1.1'] });
    const session = http2.connect(`https://127.0.0.1:${stoppingPort}`, { ca: certificate.cert });
    session.on('error', () => {});
    try {
      await new Promise<void>((resolve) => http.get({ host: '127.0.0.1', port: stoppingPort, path: '/', agent }, (response) => response.resume().on('end', resolve)));
      await new Promise<void>((resolve) => https.get({ host: '127.0.0.1', port: stoppingPort, path: '/', agent: secureAgent }, (response) => response.resume().on('end', resolve)));
      await new Promise<void>((resolve) => session.request({ ':path': '/' }).resume().on('end', resolve));
      // The three connections are idle and open; the stop completes without the clients closing them.
      await new Promise((resolve) => stopping.close(resolve));
      expect(stopping.listening).toBe(false);
    } finally {
      agent.destroy();
      secureAgent.destroy();
      session.destroy();
    }
  });
});
