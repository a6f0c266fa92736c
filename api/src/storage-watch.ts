/**
 * A full disk, told apart from other faults: SQLite's SQLITE_FULL ("database or disk is full",
 * also what its max_page_count limit gives), PostgreSQL's disk_full (53100) and the file system's
 * ENOSPC. The API answers it with 503 and the form's own error state (app.ts) instead of a
 * generic 500, and /api/health reports it until a write succeeds again.
 *
 * The watch wraps the database's one write path (Db.write): a write that fails for a full disk
 * marks storage full, the next one that commits clears it. Per API instance, like the health
 * report itself. A full disk refuses every write until someone frees space, so the log gets one
 * line when it begins (from the first request or worker that reports it) and one when it ends,
 * not one per refused write.
 */
import type { Transaction } from 'kysely';
import type { Database, Db } from './db/index.ts';

/** Whether an error (or one it wraps) says the disk or the database is full. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error as Record<string, unknown> | null | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.errcode === 13 || e.code === '53100' || e.code === 'ENOSPC' || e.code === 'SQLITE_FULL') return true;
    if (typeof e.message === 'string' && /database or disk is full|No space left on device|could not extend file/i.test(e.message)) return true;
  }
  return false;
}

export interface StorageState {
  ok: boolean;
  /** When a write last failed for a full disk (ISO), while no write has succeeded since. */
  fullSince: string | null;
}

interface StorageWatch {
  state: StorageState;
  /** Whether this incident has had its log line. */
  reported: boolean;
}

const watches = new WeakMap<Db, StorageWatch>();

/** Wraps `db.write` so that its outcomes keep the storage state; call once per database. */
export function watchStorage(db: Db): void {
  const watch: StorageWatch = { state: { ok: true, fullSince: null }, reported: false };
  watches.set(db, watch);
  const write = db.write.bind(db);
  db.write = async <T>(job: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
    try {
      const result = await write(job);
      if (!watch.state.ok) {
        if (watch.reported) console.error(`api: writes succeed again (the disk or database was full from ${watch.state.fullSince})`);
        Object.assign(watch, { state: { ok: true, fullSince: null }, reported: false });
      }
      return result;
    } catch (error) {
      noteStorageError(db, error);
      throw error;
    }
  };
}

/**
 * Marks storage full when `error` says so (for writes that do not go through db.write too). With
 * `where` (the request, or the worker, that met it), logs the incident's one line if it has none yet.
 */
export function noteStorageError(db: Db, error: unknown, where?: string): boolean {
  if (!isStorageFull(error)) return false;
  const watch = watches.get(db);
  if (!watch) return true;
  if (watch.state.ok) watch.state = { ok: false, fullSince: new Date().toISOString() };
  if (where && !watch.reported) {
    watch.reported = true;
    console.error(`api: ${where}: the disk or database is full; nothing was stored, and writes are answered 503 until one succeeds (${error instanceof Error ? error.message : String(error)})`);
  }
  return true;
}

export function storageState(db: Db): StorageState {
  return watches.get(db)?.state ?? { ok: true, fullSince: null };
}
