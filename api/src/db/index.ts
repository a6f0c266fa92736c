/**
 * The one query layer: Kysely over SQLite (node:sqlite, the embedded default, a file in
 * DATA_DIR) or PostgreSQL (pg, when DATABASE_URL is postgres://…).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql, type KyselyConfig, type Transaction } from 'kysely';
import pg from 'pg';
import type { ApiConfig } from '../config.ts';
import { migrateToLatest } from './migrations.ts';
import { nodeSqliteDialect, openSqlite } from './sqlite.ts';
import type { Database } from './types.ts';

export type { Database } from './types.ts';

export interface Db {
  kysely: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** Where the data lives, for logs (a file path or the database host, never a password). */
  location: string;
  ping(): Promise<boolean>;
  /**
   * Runs a write in a transaction of its own and resolves once it is committed: on SQLite once
   * the WAL is fsynced (synchronous=FULL, see sqlite.ts), on PostgreSQL with synchronous_commit on.
   */
  write<T>(job: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const SQLITE_FILE = 'sipa.sqlite';
/** Connections per API instance to PostgreSQL. */
const POSTGRES_POOL_SIZE = 10;

/** Kysely's log hook, when the config asks to see every statement. */
function queryLog(config: Pick<ApiConfig, 'onQuery'>): KyselyConfig['log'] {
  const onQuery = config.onQuery;
  if (!onQuery) return undefined;
  return (event) => {
    if (event.level === 'query') onQuery(event.query.sql, event.query.parameters);
  };
}

export function openDatabase(config: Pick<ApiConfig, 'dataDir' | 'databaseUrl' | 'onQuery'>): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: POSTGRES_POOL_SIZE });
    pool.on('error', (error) => console.error('postgres pool error', error.message));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(config) });
    const url = new URL(config.databaseUrl);
    return wrap(kysely, 'postgres', `${url.hostname}:${url.port || 5432}${url.pathname}`);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, SQLITE_FILE);
  const database = openSqlite(file);
  const kysely = new Kysely<Database>({ dialect: nodeSqliteDialect(database), log: queryLog(config) });
  return wrap(kysely, 'sqlite', file);
}

function wrap(kysely: Kysely<Database>, dialect: Db['dialect'], location: string): Db {
  return {
    kysely,
    dialect,
    location,
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
