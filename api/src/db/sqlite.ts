/**
 * Kysely's built-in SQLite dialect expects a better-sqlite3-shaped database. Node's own
 * `node:sqlite` DatabaseSync is close but not the same: statements take spread parameters and
 * have no `reader` flag. This adapter bridges the two, so the API needs no native module.
 */
import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { ownerOnlyDatabase } from '../file-modes.ts';

function bindable(value: unknown): SQLInputValue {
  // node:sqlite binds neither booleans nor dates: the query layer stores integers and ISO strings
  // on purpose, and this keeps a stray one from failing at run time.
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

/** How many distinct statements stay prepared; the API has a few dozen, dynamic filters add some. */
export const STATEMENT_CACHE_SIZE = 500;

class StatementAdapter implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  readonly #database: DatabaseSync;
  constructor(database: DatabaseSync, statement: StatementSync) {
    this.#database = database;
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...parameters.map(bindable));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const { changes, lastInsertRowid } = this.#statement.run(...parameters.map(bindable));
    return { changes, lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    // A cached statement is shared: a stream gets its own, so a query run while the stream is
    // open cannot reset it.
    return this.#database.prepare(this.#statement.sourceSQL).iterate(...parameters.map(bindable)) as IterableIterator<unknown>;
  }
}

/** The rollback of a transaction SQLite has already ended: nothing to do. */
const NOTHING_TO_ROLL_BACK: SqliteStatement = { reader: false, all: () => [], run: () => ({ changes: 0, lastInsertRowid: 0 }), iterate: () => [][Symbol.iterator]() };

export class NodeSqliteAdapter implements SqliteDatabase {
  readonly database: DatabaseSync;
  /** Prepared statements by SQL text, least recently used first (a Map keeps insertion order). */
  readonly #statements = new Map<string, StatementAdapter>();
  constructor(database: DatabaseSync) {
    this.database = database;
  }
  prepare(text: string): SqliteStatement {
    // Kysely opens every transaction with a plain (deferred) 'begin'. Every transaction here writes,
    // and a deferred one that read first cannot take the write lock once another server on the same
    // file has written (SQLITE_BUSY at once, the busy timeout does not apply): 'begin immediate'
    // takes the write lock at the start, so two servers sharing a file wait their turn instead.
    const sql = text === 'begin' ? 'begin immediate' : text;
    // After SQLITE_FULL (a full disk), an I/O error or running out of memory, SQLite may have rolled
    // the transaction back itself. Kysely's rollback would then fail ("cannot rollback - no
    // transaction is active") and its error would take the place of the one that says why.
    if (sql === 'rollback' && !this.database.isTransaction) return NOTHING_TO_ROLL_BACK;
    // Preparing parses and plans the SQL again; the query layer sends the same few texts over
    // and over, so each is prepared once and reused.
    let statement = this.#statements.get(sql);
    if (statement) {
      this.#statements.delete(sql);
    } else {
      statement = new StatementAdapter(this.database, this.database.prepare(sql));
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(sql, statement);
    return statement;
  }
  close(): void {
    this.#statements.clear();
    if (this.database.isOpen) this.database.close();
  }
}

/** Opens (creating if needed, for its owner only) a SQLite file in WAL mode with full sync and a busy timeout. */
export function openSqlite(path: string, busyTimeoutMs = 5000): DatabaseSync {
  // The file holds secrets and personal data: 0600 in a 0700 folder (file-modes.ts).
  if (path !== ':memory:') ownerOnlyDatabase(path);
  const database = new DatabaseSync(path, { timeout: busyTimeoutMs });
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec(`PRAGMA busy_timeout = ${Math.floor(busyTimeoutMs)}`);
  database.exec('PRAGMA foreign_keys = ON');
  return database;
}

export function nodeSqliteDialect(database: DatabaseSync | NodeSqliteAdapter): SqliteDialect {
  return new SqliteDialect({ database: database instanceof NodeSqliteAdapter ? database : new NodeSqliteAdapter(database) });
}
