/**
 * The Node entry: one process that serves the built site from dist/ and the API under /api.
 * PORT (default 4321) and HOST (default 0.0.0.0) choose where it listens; api/README.md lists
 * the API's own variables.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { join } from 'node:path';
import { closeServices, createApp, createServices, type Services } from './app.ts';
import { loadConfig } from './config.ts';
import { createStaticSite } from './static-site.ts';
import { securityHeaders } from '../../src/lib/security-policy.ts';

export function createServerApp(options: { distDir: string; https: boolean; services: Services }) {
  const site = createStaticSite(options.distDir);
  const headers = securityHeaders({ https: options.https });
  const root = new Hono();
  root.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
  root.route('/', createApp(options.services, { version: process.env.npm_package_version }));
  root.all('*', (c) => site.handle(c));
  return { app: root, files: site.size };
}

const isMain = import.meta.filename === process.argv[1];
if (isMain) {
  const port = Number(process.env.PORT ?? 4321);
  const hostname = process.env.HOST ?? '0.0.0.0';
  const distDir = process.env.DIST_DIR ?? join(import.meta.dirname, '..', '..', 'dist');
  const config = loadConfig();
  const services = await createServices(config).catch((error: unknown) => {
    // A refused ADMIN_PASSWORD (or a database that cannot be reached) stops the start with its reason.
    console.error(`The server did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  const { app, files } = createServerApp({ distDir, https: process.env.HTTPS === 'true', services });
  const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
    console.log(`SIPA site: ${files} files from ${distDir}, listening on http://localhost:${info.port}`);
    console.log(`API: ${services.db.dialect} at ${services.db.location}; mail via ${services.mailer.transportName}`);
  });
  // Retry queued mail (earlier failures, or everything once SMTP_URL is set).
  const retry = setInterval(() => {
    services.mailer.processOutbox().catch((error) => console.error('mail: outbox run failed', error instanceof Error ? error.message : error));
  }, config.outboxIntervalMs);
  retry.unref();
  void services.mailer.processOutbox().catch(() => {});
  // Deliver newsletter campaigns (and take over those of a server that stopped mid-way).
  services.broadcast.runner.start();
  const stop = () => {
    clearInterval(retry);
    server.close(() => void closeServices(services).finally(() => process.exit(0)));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
