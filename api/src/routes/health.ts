import { Hono } from 'hono';
import type { AppOptions } from '../app.ts';
import type { Services } from '../services.ts';

/** GET /api/health: whether the service, its database and its mail transport are up. */
export function healthRoutes(options: AppOptions, services: Services) {
  return new Hono().get('/', async (c) => {
    const database = { dialect: services.db.dialect, ok: await services.db.ping() };
    let mail: { transport: string; ok: boolean; pending?: number; failing?: number };
    try {
      mail = database.ok ? await services.mailer.status() : { transport: services.mailer.transportName, ok: false };
    } catch {
      mail = { transport: services.mailer.transportName, ok: false };
    }
    const status = database.ok ? (mail.ok ? 'ok' : 'degraded') : 'down';
    c.header('Cache-Control', 'no-store');
    return c.json(
      { status, version: options.version ?? 'dev', time: new Date().toISOString(), database, mail },
      database.ok ? 200 : 503,
    );
  });
}
