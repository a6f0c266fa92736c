/**
 * Builds the API as a Hono app with every route under /api. No listen here: tests call
 * app.request() and src/server.ts mounts it in front of the static site.
 */
import { Hono } from 'hono';
import { healthRoutes } from './routes/health.ts';

export interface AppOptions {
  /** For the health report; the server passes what it was started with. */
  version?: string;
}

export function createApp(options: AppOptions = {}) {
  const app = new Hono().basePath('/api');
  app.route('/health', healthRoutes(options));
  app.notFound((c) => c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  app.onError((error, c) => {
    console.error('api error', error);
    return c.json({ message: 'Something went wrong on our side. Please try again later.' }, 500);
  });
  return app;
}
