/**
 * The one query layer: Kysely over SQLite (node:sqlite, the embedded default, a file in
 * DATA_DIR) or PostgreSQL (pg, when DATABASE_URL is postgres://…).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql, type KyselyConfig, type Transaction } from 'kysely';
import pg from 'pg';
import type { ApiConfig } from '../config.ts';
import { createAvailabilityWatch, type AvailabilityState } from './availability.ts';
import { migrateToLatest } from './migrations.ts';
import { postgresPool } from './postgres-pool.ts';
import { nodeSqliteDialect, openSqlite } from './sqlite.ts';
import { watchedDialect } from './watched-dialect.ts';
import type { Database } from './types.ts';

export type { Database } from './types.ts';

export interface Db {
  kysely: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** Where the data lives, for logs (a file path or the database host, never a password). */
  location: string;
  ping(): Promise<boolean>;
  /** Whether queries reach the database, as the last ones found (availability.ts). */
  availability: AvailabilityState;
  /**
   * Runs a write in a transaction of its own and resolves once it is committed: on SQLite once
   * the WAL is fsynced (synchronous=FULL, see sqlite.ts), on PostgreSQL with synchronous_commit on.
   */
  write<T>(job: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const SQLITE_FILE = 'sipa.sqlite';

/** Kysely's log hook, when the config asks to see every statement. */
function queryLog(config: Pick<ApiConfig, 'onQuery'>): KyselyConfig['log'] {
  const onQuery = config.onQuery;
  if (!onQuery) return undefined;
  return (event) => {
    if (event.level === 'query') onQuery(event.query.sql, event.query.parameters);
  };
}

/**
 * bigint columns (amounts in cents, counts) read as numbers, as SQLite's integers do: every one
 * of ours is far below 2^53 (the largest amount is PayPal's, about 10^12 cents).
 */
const INT8_OID = 20;
const typeParser = ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID && format !== 'binary' ? Number : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser;

export function openDatabase(config: Pick<ApiConfig, 'dataDir' | 'databaseUrl' | 'onQuery'>): Db {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    const location = `${url.hostname}:${url.port || 5432}${url.pathname}`;
    // A restart or failover must not end the process, and is answered 503 (postgres-pool.ts, availability.ts).
    const watch = createAvailabilityWatch(location);
    const pool = postgresPool(config.databaseUrl, { types: { getTypeParser: typeParser } });
    const dialect = watchedDialect(new PostgresDialect({ pool }), watch);
    return wrap(new Kysely<Database>({ dialect, log: queryLog(config) }), 'postgres', location, watch.state);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, SQLITE_FILE);
  const watch = createAvailabilityWatch(file);
  const dialect = watchedDialect(nodeSqliteDialect(openSqlite(file)), watch);
  return wrap(new Kysely<Database>({ dialect, log: queryLog(config) }), 'sqlite', file, watch.state);
}

function wrap(kysely: Kysely<Database>, dialect: Db['dialect'], location: string, availability: AvailabilityState): Db {
  return {
    kysely,
    dialect,
    location,
    availability,
    write: (job) => kysely.transaction().execute(job),
    async ping() {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
    close: () => kysely.destroy(),
  };
}

export async function openAndMigrate(config: Pick<ApiConfig, 'dataDir' | 'databaseUrl' | 'onQuery'>): Promise<Db> {
  const db = openDatabase(config);
  await migrateToLatest(db.kysely);
  return db;
}

export { migrateToLatest };
