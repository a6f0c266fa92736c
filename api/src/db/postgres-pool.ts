/**
 * The PostgreSQL connection pool, made to outlive the server it connects to.
 *
 * A restart, a failover, pg_terminate_backend or a proxy closing sockets ends connections at any
 * time, and node-postgres reports it as an 'error' event on the client. An EventEmitter with no
 * 'error' listener throws, which ends the process: pg-pool forwards an idle client's error to the
 * pool ('error' on the pool), but takes its own listener off a client while it is checked out, and
 * Kysely checks one out for every query and transaction. So, as node-postgres' documentation asks,
 * the pool listens for 'error' and so does every client it connects, from its first connection on.
 *
 * The listeners need do nothing more: pg-pool drops a broken client when it comes back, and the
 * query that was running on it fails, so its caller sees the error and the availability watch
 * (availability.ts) hears of it there, once per outage rather than once per connection.
 */
import pg from 'pg';

/** Connections per API instance. */
const POSTGRES_POOL_SIZE = 10;
/** A server that does not answer a new connection within this long counts as unavailable (503), not as a hang. */
const CONNECT_TIMEOUT_MS = 10_000;

const ignoreLostConnection = () => {};

/** A pool on `connectionString`; `options` adds pg settings of its own (type parsers). */
export function postgresPool(connectionString: string, options: Omit<pg.PoolConfig, 'connectionString'> = {}): pg.Pool {
  const pool = new pg.Pool({
    ...options,
    connectionString,
    max: POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive: a failover that leaves the old server's sockets silent is noticed.
    keepAlive: true,
  });
  pool.on('error', ignoreLostConnection);
  pool.on('connect', (client) => client.on('error', ignoreLostConnection));
  return pool;
}
