import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppOptions } from '../app.ts';
import { currentStaff } from '../auth/guard.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { Services } from '../services.ts';
import { storageState } from '../storage-watch.ts';

/**
 * Who may see the health details (version, dialect, mail queue counts): a request carrying
 * `Authorization: Bearer <HEALTH_TOKEN>` (monitoring), or a signed-in staff administrator.
 */
export async function mayReadHealthDetails(c: Context, services: Services): Promise<boolean> {
  const expected = services.config.healthToken;
  const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (expected && given) {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    if (a.length === b.length && timingSafeEqual(a, b)) return true;
  }
  const staff = await currentStaff(c, services);
  return staff?.user.role === 'admin' && !staff.user.mustChangePassword;
}

/**
 * GET /api/health: the public learns only whether the site is up (`{ status }`: 503 with
 * `database-unavailable` or `storage-full`); the details go to whoever mayReadHealthDetails() lets in.
 */
export function healthRoutes(options: AppOptions, services: Services) {
  return new Hono()
    .get('/', async (c) => {
      const ok = await services.db.ping();
      // Since when queries have failed for a database out of reach (a restart, a failover: db/availability.ts).
      const { unavailableSince } = services.db.availability;
      const database = { dialect: services.db.dialect, ok, ...(ok || !unavailableSince ? {} : { unavailableSince }) };
      // A full disk: the database answers reads, but nothing can be stored (storage-watch.ts).
      const storage = storageState(services.db);
      c.header('Cache-Control', 'no-store');
      // A staff session cannot be looked up while the database is out of reach: the public view, then.
      if (!(await mayReadHealthDetails(c, services).catch(() => false))) {
        const status = !database.ok ? 'database-unavailable' : !storage.ok ? 'storage-full' : 'ok';
        return c.json({ status }, status === 'ok' ? 200 : 503);
      }
      let mail: { transport: string; ok: boolean; pending?: number; failing?: number };
      try {
        mail = database.ok ? await services.mailer.status() : { transport: services.mailer.transportName, ok: false };
      } catch {
        mail = { transport: services.mailer.transportName, ok: false };
      }
      const status = !database.ok ? 'database-unavailable' : !storage.ok ? 'storage-full' : mail.ok ? 'ok' : 'degraded';
      return c.json({ status, version: options.version ?? 'dev', time: new Date().toISOString(), database, storage, mail }, database.ok && storage.ok ? 200 : 503);
    })
    .all('/', methodNotAllowed('GET, HEAD'));
}
