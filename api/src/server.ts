/**
 * The Node entry: one process that serves the built site from dist/ and the API under /api.
 * PORT (default 4321) and HOST (default 0.0.0.0) choose where it listens; api/README.md lists
 * the API's own variables.
 */
import { getRequestListener, serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { closeServices, createApp, createServices, type Services } from './app.ts';
import { sendDueReminders } from './events/reminders.ts';
import { forwardedValue } from './client-address.ts';
import { loadConfig } from './config.ts';
import { isDatabaseUnavailable } from './db/availability.ts';
import { noteStorageError } from './storage-watch.ts';
import { configuredTransport } from './mail/transport.ts';
import { createStaticSite } from './static-site.ts';
import { BothProtocolsServer } from './both-protocols.ts';
import { tlsCertificate } from './tls.ts';
import { EDITOR_OPENER_POLICY, PREVIEW_FRAME_OPTIONS, STRICT_CONTENT_SECURITY_POLICY, isEditorPath, securityHeaders } from '../../src/lib/security-policy.ts';
import { DEFAULT_LANG, LANG_CODES } from '../../src/lib/i18n/languages.ts';

/** Slow phones get time; a client that trickles its headers (slowloris) does not. */
export const SERVER_TIMEOUTS = { headersTimeoutMs: 20_000, requestTimeoutMs: 60_000 } as const;

/** Answered over plain HTTP even where everything else is sent to HTTPS: load balancers ask it so. */
const HEALTH_PATH = '/api/health';

export function createServerApp(options: {
  distDir: string;
  https: boolean;
  services: Services;
  /** The server holds the site's own certificate: with `https`, its plain HTTP side sends visitors to HTTPS. */
  ownCertificate?: boolean;
}) {
  const site = createStaticSite(options.distDir);
  const headers = securityHeaders({ https: options.https });
  const { trustProxy } = options.services.config;
  const root = new Hono();
  // Behind a trusted TLS-terminating proxy, a plain-HTTP request is sent to HTTPS first; so is one
  // that reached the plain side of a server holding the site's certificate itself.
  root.use(async (c, next) => {
    const forwardedProto = forwardedValue(c, 'x-forwarded-proto', trustProxy);
    const plainHere = options.ownCertificate && !forwardedProto && c.req.url.startsWith('http:') && c.req.path !== HEALTH_PATH;
    if (options.https && (forwardedProto === 'http' || plainHere)) {
      const url = new URL(c.req.url);
      const host = forwardedValue(c, 'x-forwarded-host', trustProxy) ?? c.req.header('host') ?? url.host;
      const safeMethod = c.req.method === 'GET' || c.req.method === 'HEAD';
      return c.redirect(`https://${host}${url.pathname}${url.search}`, safeMethod ? 301 : 308);
    }
    await next();
  });
  root.use(async (c, next) => {
    await next();
    const isPage = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
    for (const [name, value] of Object.entries(headers)) {
      // The one document staff pages frame (the newsletter preview) says SAMEORIGIN itself; all else is DENY.
      if (name === 'X-Frame-Options' && c.res.headers.get(name) === PREVIEW_FRAME_OPTIONS) continue;
      // The content editor signs in through a popup that answers through window.opener.
      if (name === 'Cross-Origin-Opener-Policy' && isEditorPath(c.req.path)) c.res.headers.set(name, EDITOR_OPENER_POLICY);
      else if (name !== 'Content-Security-Policy') c.res.headers.set(name, value);
      // Pages get the page policy (beside their <meta> one); everything else a strict policy,
      // unless the static site chose one for the file (a standalone HTML document).
      else if (!c.res.headers.has(name)) c.res.headers.set(name, isPage ? value : STRICT_CONTENT_SECURITY_POLICY);
    }
  });
  const api = createApp(options.services, { version: process.env.npm_package_version, sitePage: site.page });
  // Without JavaScript the newsletter pages' button posts to the page's own address (which
  // carries the token), in each language: hand it to the API, naming the page's language.
  for (const lang of LANG_CODES) {
    root.post(`${lang === DEFAULT_LANG ? '' : `/${lang}`}/newsletter/:action{confirm|unsubscribe}`, (c) => {
      const url = new URL(c.req.url);
      url.pathname = `/api/newsletter/${c.req.param('action')}`;
      if (lang !== DEFAULT_LANG) url.searchParams.set('lang', lang);
      return api.fetch(new Request(url, { method: 'POST', headers: c.req.raw.headers, body: c.req.raw.body, duplex: 'half' } as RequestInit));
    });
  }
  // The same for the links in a registration's mail (cancel, and the reminder's Confirm).
  for (const lang of LANG_CODES) {
    root.post(`${lang === DEFAULT_LANG ? '' : `/${lang}`}/events/:action{cancel|attend}`, (c) => {
      const url = new URL(c.req.url);
      url.pathname = `/api/event-registrations/${c.req.param('action')}`;
      url.searchParams.set('lang', lang);
      return api.fetch(new Request(url, { method: 'POST', headers: c.req.raw.headers, body: c.req.raw.body, duplex: 'half' } as RequestInit));
    });
  }
  root.route('/', api);
  root.all('*', (c) => site.handle(c));
  return { app: root, files: site.size };
}

export interface ListenOptions {
  port: number;
  hostname: string;
  /** Most open connections at once (MAX_CONNECTIONS); more are refused at once. */
  maxConnections: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** A certificate: HTTPS with HTTP/2 on the same port as plain HTTP (both-protocols.ts). */
  tls?: { key: string; cert: string };
}

/** Listens with the timeouts and the connection cap; resolves once the port is open. */
export async function listen(app: { fetch: (request: Request) => Response | Promise<Response> }, options: ListenOptions): Promise<ServerType | BothProtocolsServer> {
  const headersTimeout = options.headersTimeoutMs ?? SERVER_TIMEOUTS.headersTimeoutMs;
  const requestTimeout = options.requestTimeoutMs ?? SERVER_TIMEOUTS.requestTimeoutMs;
  if (options.tls) {
    const server = new BothProtocolsServer(getRequestListener(app.fetch, { hostname: options.hostname }), {
      ...options.tls,
      headersTimeoutMs: headersTimeout,
      requestTimeoutMs: requestTimeout,
    });
    server.maxConnections = options.maxConnections;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.hostname, () => resolve());
    });
    return server;
  }
  let server!: ServerType;
  await new Promise<void>((resolve) => {
    server = serve(
      {
        fetch: app.fetch,
        port: options.port,
        hostname: options.hostname,
        // Node checks the two timeouts every connectionsCheckingInterval (30 s by default).
        serverOptions: { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
      },
      () => resolve(),
    );
  });
  (server as Server).maxConnections = options.maxConnections;
  return server;
}

const isMain = import.meta.filename === process.argv[1];
if (isMain) {
  const port = Number(process.env.PORT ?? 4321);
  const hostname = process.env.HOST ?? '0.0.0.0';
  const distDir = process.env.DIST_DIR ?? join(import.meta.dirname, '..', '..', 'dist');
  const config = loadConfig();
  // The outbox's transport with DKIM when it is configured: every mail is signed, not only campaigns.
  const services = await createServices(config, configuredTransport(config)).catch((error: unknown) => {
    // A refused ADMIN_PASSWORD (or a database that cannot be reached) stops the start with its reason.
    console.error(`The server did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  const tls = await tlsCertificate(process.env, config.dataDir).catch((error: unknown) => {
    console.error(`The server did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  const ownCertificate = Boolean(tls && process.env.TLS_CERT_FILE);
  const { app, files } = createServerApp({ distDir, https: process.env.HTTPS === 'true', services, ownCertificate });
  const server = await listen(app, { port, hostname, maxConnections: config.maxConnections, tls });
  const address = server.address();
  const at = `localhost:${typeof address === 'object' && address ? address.port : port}`;
  console.log(`SIPA site: ${files} files from ${distDir}, listening on http://${at}`);
  if (tls) console.log(`HTTPS with HTTP/2 on the same port: https://${at} (certificate ${tls.source})`);
  console.log(`API: ${services.db.dialect} at ${services.db.location}; mail via ${services.mailer.transportName}`);
  // Retry queued mail (earlier failures, or everything once SMTP_URL is set); trims the outbox without it.
  const retry = setInterval(() => {
    services.mailer.processOutbox().catch((error) => {
      // A database out of reach and a full disk have their one log line per incident; the next run goes on.
      if (isDatabaseUnavailable(error) || noteStorageError(services.db, error, 'mail outbox')) return;
      console.error('mail: outbox run failed', error instanceof Error ? error.message : error);
    });
  }, config.outboxIntervalMs);
  retry.unref();
  void services.mailer.processOutbox().catch(() => {});
  // The day-before reminders of events (events/reminders.ts): each pass sends those due and not yet sent.
  const sign = (id: string) => services.tokens.sign('registration', id);
  const reminders = setInterval(() => {
    sendDueReminders(services.db, services.mailer, sign, config.siteUrl).catch((error) => {
      if (isDatabaseUnavailable(error) || noteStorageError(services.db, error, 'event reminders')) return;
      console.error('events: reminder run failed', error instanceof Error ? error.message : error);
    });
  }, config.outboxIntervalMs);
  reminders.unref();
  // Deliver newsletter campaigns (and take over those of a server that stopped mid-way).
  services.broadcast.runner.start();
  // Verify stored PayPal notifications (those a stopped server left too) and send queued statements.
  services.donations.start();
  const stop = () => {
    clearInterval(retry);
    clearInterval(reminders);
    server.close(() => void closeServices(services).finally(() => process.exit(0)));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
