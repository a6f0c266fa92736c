/**
 * Writes only from the site itself or from an origin listed in ALLOWED_ORIGINS.
 *
 * A browser names the page that sent a state-changing request in `Origin`. A page on another
 * site is refused, and so is `Origin: null`: browsers send it from sandboxed iframes, data:
 * URLs and some redirects, i.e. from pages whose site nobody can tell. A request with no Origin
 * header at all is allowed: it comes from a non-browser client (curl, a mail provider's RFC 8058
 * one-click unsubscribe), which a browser-based attack cannot produce.
 *
 * Same host counts as same origin whatever the scheme, since TLS often ends at a proxy. The
 * forwarded host counts only when proxies are trusted (TRUST_PROXY).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { forwardedValue } from './client-address.ts';

export const ORIGIN_REFUSED_MESSAGE = 'Requests from this origin are not allowed.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginPolicy {
  /** The public origin of the site (SITE_URL). */
  siteUrl: string;
  /** Other origins allowed to write (ALLOWED_ORIGINS), exactly as scheme://host[:port]. */
  allowedOrigins: readonly string[];
  /** TRUST_PROXY hop count: whether X-Forwarded-Host may name our own host. */
  trustProxy: number;
}

/** Whether a request may change something, judged by its Origin header and method. */
export function isAllowedOrigin(c: Context, policy: OriginPolicy): boolean {
  if (SAFE_METHODS.has(c.req.method)) return true;
  // A sign-in provider (Apple) posts its answer from its own site; the OAuth state it must carry binds it to our request.
  if (c.req.path.startsWith('/api/auth/callback/')) return true;
  const origin = c.req.header('origin');
  if (origin === undefined) return true;
  if (policy.allowedOrigins.includes(origin)) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    // "null" and anything else that is not an origin.
    return false;
  }
  if (!originHost) return false;
  const ownHosts = [c.req.header('host'), new URL(c.req.url).host, new URL(policy.siteUrl).host, forwardedValue(c, 'x-forwarded-host', policy.trustProxy)];
  return ownHosts.includes(originHost);
}

/** Middleware: 403 `{ message }` for a write from an origin that is not ours or allowed. */
export function originCheck(policy: OriginPolicy): MiddlewareHandler {
  return async (c, next) => {
    if (!isAllowedOrigin(c, policy)) return c.json({ message: ORIGIN_REFUSED_MESSAGE }, 403);
    await next();
  };
}
