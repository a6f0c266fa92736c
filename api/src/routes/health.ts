import { Hono } from 'hono';
import type { AppOptions } from '../app.ts';

/** GET /api/health: whether the service is up, for load balancers and uptime checks. */
export function healthRoutes(options: AppOptions) {
  return new Hono().get('/', (c) =>
    c.json({ status: 'ok', version: options.version ?? 'dev', time: new Date().toISOString() }),
  );
}
