/**
 * The endpoints an app mounts, read from the app itself (Hono's `app.routes`), so a test that
 * must cover every endpoint learns of a new route the day it is added.
 */
import type { Hono } from 'hono';

export interface Endpoint {
  method: string;
  /** Hono's pattern: `/api/tasks/:id`, `/api/newsletter-campaigns/:id/:action{pause|resume|cancel}`. */
  path: string;
}

/**
 * Every method and path a handler answers. Left out: middleware and the answers that only say no,
 * which Hono lists as `ALL` (the 405 of a known path, the 404 of `/api/*`), and wildcard paths.
 */
export function mountedEndpoints(app: Pick<Hono, 'routes'>): Endpoint[] {
  const endpoints = new Map<string, Endpoint>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || path.includes('*')) continue;
    endpoints.set(`${method} ${path}`, { method, path });
  }
  return [...endpoints.values()];
}

/** A matcher for the concrete paths a pattern answers (a `:name` matches any one segment, `:name{a|b}` its own choices). */
export function pathMatcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => {
      const param = /^:\w+(?:\{(.+)\})?$/.exec(segment);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}
