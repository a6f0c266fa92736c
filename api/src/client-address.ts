/**
 * Who sent a request, as far as this server can know. With TRUST_PROXY unset (0) only the
 * socket counts: headers are whatever the client wrote. With TRUST_PROXY=N the request passed
 * N proxies we run, each of which appends the address it saw to X-Forwarded-For (nginx,
 * most load balancers and CDNs), so the client is the N-th address from the right; anything
 * further left was written by the client and is ignored. The same rule picks X-Forwarded-Host
 * and X-Forwarded-Proto, which are read only when proxies are trusted.
 *
 * Used by the form rate limit and by anything else that needs the client (staff sign-in).
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket; tests name their client with a header instead.
    return c.req.header('x-test-client') ?? 'local';
  }
}

function entries(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The client's address: the socket's, or the `trustedHops`-th X-Forwarded-For entry from the right. */
export function clientAddress(c: Context, trustedHops: number): string {
  const socket = socketAddress(c);
  if (trustedHops <= 0) return socket;
  // The chain as our last proxy handed it over: everything it was told, then itself (the socket).
  const chain = [...entries(c.req.header('x-forwarded-for')), socket];
  // Fewer entries than proxies: the request skipped one of them; the leftmost is the best we have.
  return chain[Math.max(0, chain.length - 1 - trustedHops)]!;
}

/** The value of a forwarded header as set by our outermost trusted proxy, or undefined when untrusted. */
export function trustedForwardedValue(value: string | null | undefined, trustedHops: number): string | undefined {
  if (trustedHops <= 0) return undefined;
  const list = entries(value ?? undefined);
  if (!list.length) return undefined;
  // Each trusted hop may append one value; the client's own claims sit further left.
  return list[Math.max(0, list.length - trustedHops)]!.toLowerCase();
}

/** A forwarded header's value as set by our outermost trusted proxy, or undefined when untrusted. */
export function forwardedValue(c: Context, header: 'x-forwarded-host' | 'x-forwarded-proto', trustedHops: number): string | undefined {
  return trustedForwardedValue(c.req.header(header), trustedHops);
}
