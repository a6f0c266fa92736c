/**
 * A Kysely dialect that tells a QueryWatch (availability.ts) how every query ended, on either
 * database: the connection it could not get, each statement that failed or succeeded. It wraps
 * the dialect's own driver and leaves everything else as it is.
 */
import type { AbortableOperationOptions, CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';
import { performance } from 'node:perf_hooks';
import type { QueryWatch } from './availability.ts';

export function watchedDialect(dialect: Dialect, watch: QueryWatch): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => watchedDriver(dialect.createDriver(), watch),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

function watchedDriver(driver: Driver, watch: QueryWatch): Driver {
  const watched = new WeakSet<DatabaseConnection>();
  // The connection object itself is patched, as Kysely's own query log does: the driver's other
  // methods (begin, commit, release) are handed the same object and keep working.
  const watchConnection = (connection: DatabaseConnection) => {
    const executeQuery = connection.executeQuery.bind(connection);
    const streamQuery = connection.streamQuery.bind(connection);
    connection.executeQuery = async <R>(query: CompiledQuery, options?: AbortableOperationOptions) => {
      const startedAt = performance.now();
      try {
        const result = await executeQuery<R>(query, options);
        watch.succeeded(startedAt);
        return result;
      } catch (error) {
        watch.failed(error);
        throw error;
      }
    };
    connection.streamQuery = async function* (query, chunkSize, options) {
      const startedAt = performance.now();
      try {
        yield* streamQuery(query, chunkSize, options);
        watch.succeeded(startedAt);
      } catch (error) {
        watch.failed(error);
        throw error;
      }
    };
    watched.add(connection);
  };
  return {
    init: (options) => driver.init(options),
    async acquireConnection(options) {
      let connection: DatabaseConnection;
      try {
        connection = await driver.acquireConnection(options);
      } catch (error) {
        watch.failed(error);
        throw error;
      }
      if (!watched.has(connection)) watchConnection(connection);
      return connection;
    },
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    savepoint: driver.savepoint && ((connection, name, compile) => driver.savepoint!(connection, name, compile)),
    rollbackToSavepoint: driver.rollbackToSavepoint && ((connection, name, compile) => driver.rollbackToSavepoint!(connection, name, compile)),
    releaseSavepoint: driver.releaseSavepoint && ((connection, name, compile) => driver.releaseSavepoint!(connection, name, compile)),
    releaseConnection: (connection, options) => driver.releaseConnection(connection, options),
    destroy: (options) => driver.destroy(options),
  };
}
