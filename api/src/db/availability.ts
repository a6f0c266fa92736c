/**
 * A database that went away (a PostgreSQL restart or failover, a dropped connection), told apart
 * from other faults: PostgreSQL's connection exceptions (SQLSTATE class 08), its shutdown and
 * start-up refusals (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), the
 * socket errors of a server that is not there, and node-postgres' own words for a connection it
 * lost. The API answers such a fault with 503 (app.ts), /api/health names it, and the workers
 * try again by themselves.
 *
 * The watch sees every query's outcome (watched-dialect.ts): the first that fails this way marks
 * the database unavailable and logs one line; the first that succeeds after it, having started
 * after the last failure, marks it back and logs one more. So an outage is two lines, however
 * many requests it refused.
 */
import { performance } from 'node:perf_hooks';

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
const SQLSTATE_GONE = /^(08...|57P0[123])$/;
/** node-postgres names a lost connection in words only (no code). */
const PG_LOST = /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

/**
 * Thrown where a library answered a failed query with an error of its own that no longer says why
 * (Better Auth's session look-up), once the watch has seen the database go.
 */
export class DatabaseUnavailableError extends Error {}

/** Whether an error (or one it wraps) says the database is out of reach for now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || seen.has(e) || depth > 5) return false;
    seen.add(e);
    if (e instanceof DatabaseUnavailableError) return true;
    const { code, message, cause, errors, syscall } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; syscall?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATE_GONE.test(code))) return true;
    // A Unix socket's file is gone while the server is down.
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (typeof message === 'string' && PG_LOST.test(message)) return true;
    // A connection tried on several addresses fails with an AggregateError of each attempt.
    return visit(cause, depth + 1) || (Array.isArray(errors) && errors.some((inner) => visit(inner, depth + 1)));
  };
  return visit(error, 0);
}

export interface AvailabilityState {
  ok: boolean;
  /** When a query last failed for an unavailable database (ISO), while none has succeeded since. */
  unavailableSince: string | null;
}

/** What watched-dialect.ts reports: each failure, and each success with the moment its query started. */
export interface QueryWatch {
  failed(error: unknown): void;
  succeeded(startedAt: number): void;
}

/** A short description for the log: the code and the message, never the error object (pg's carries the connection's password). */
function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

export function createAvailabilityWatch(location: string, log: (line: string) => void = (line) => console.error(line)): QueryWatch & { state: AvailabilityState } {
  const state: AvailabilityState = { ok: true, unavailableSince: null };
  let lastFailure = 0;
  let lostAt = 0;
  return {
    state,
    failed(error) {
      if (!isDatabaseUnavailable(error)) return;
      lastFailure = performance.now();
      if (!state.ok) return;
      lostAt = lastFailure;
      Object.assign(state, { ok: false, unavailableSince: new Date().toISOString() });
      log(`api: the database at ${location} is unavailable (${describe(error)}); requests are answered 503 and the workers wait until it is back`);
    },
    succeeded(startedAt) {
      // A query that started before the last failure says nothing about the database now.
      if (state.ok || startedAt <= lastFailure) return;
      Object.assign(state, { ok: true, unavailableSince: null });
      log(`api: the database at ${location} is back after ${Math.max(1, Math.round((performance.now() - lostAt) / 1000))} s`);
    },
  };
}
