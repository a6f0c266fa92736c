/**
 * Group commit for SQLite. With synchronous=FULL every COMMIT waits for an fsync, and one SQLite
 * connection runs one transaction at a time, so one-transaction-per-request caps writes at one
 * fsync each. Here writes that arrive while a transaction is committing wait and then run
 * together in the next transaction, each inside its own SAVEPOINT: a job that fails is rolled
 * back alone and rejects alone, the others commit together. Every caller still resolves only
 * after its data is durable. Because node:sqlite runs on the event loop, the batch starts
 * BATCH_WINDOW_MS after the first write arrives, so the requests that came in meanwhile (and are
 * still being read) join it.
 *
 * With `walSync` (the SQLite file is in WAL mode), the batch commits with synchronous=NORMAL,
 * which writes the WAL without waiting for the disk, and its callers are answered once
 * `walSync()` has fsynced the WAL file, off the event loop: the same durability as
 * synchronous=FULL (which fsyncs the WAL at each commit), but the next batch is read and run
 * while the disk works instead of the whole process waiting for it. Until that fsync ends, other
 * requests may already read the batch's rows (as with any write not yet answered); after a power
 * cut they may be gone, and so is any answer that would have claimed them.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { runDirectly, type DirectRunner } from './prepared.ts';

/** Small next to an fsync; long enough for requests read after a commit to join the next batch. */
export const BATCH_WINDOW_MS = 2;

export type WriteJob<DB, T> = (trx: Transaction<DB>) => Promise<T>;

interface Pending<DB> {
  job: WriteJob<DB, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Runs one statement of the batch's own (no values): at once when it can, else through Kysely. */
type Exec = (text: string) => unknown;

function executor<DB>(trx: Kysely<DB>, direct: DirectRunner | undefined): Exec {
  if (direct) return (text) => direct(text, []);
  return (text) => trx.executeQuery(CompiledQuery.raw(text));
}

async function runJobs<DB>(trx: Kysely<DB>, exec: Exec, batch: Array<Pending<DB>>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const item of batch) {
    await exec('savepoint job');
    try {
      const value = await item.job(trx as Transaction<DB>);
      await exec('release savepoint job');
      outcomes.push({ ok: true, value });
    } catch (error) {
      await exec('rollback to savepoint job');
      await exec('release savepoint job');
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}

export interface GroupCommitOptions {
  maxBatch?: number;
  /** Makes everything committed so far durable (fsyncs the WAL file); see the top of this file. */
  walSync?: () => Promise<void>;
  /**
   * With `walSync`: runs a statement on the SQLite connection at once. The batch holds the one
   * connection, so its statements (the savepoints, and the jobs' prepared queries, see
   * prepared.ts) go straight to node:sqlite instead of through Kysely's promise chain each.
   */
  direct?: DirectRunner;
}

export function groupCommit<DB>(db: Kysely<DB>, options: GroupCommitOptions = {}) {
  const { maxBatch = 256, walSync, direct } = options;
  const queue: Array<Pending<DB>> = [];
  let draining = false;

  /** One batch in one transaction; resolves with each job's outcome once the batch is durable. */
  async function commit(batch: Array<Pending<DB>>): Promise<{ outcomes: Outcome[]; durable: Promise<void> }> {
    if (!walSync) {
      const outcomes = await db.transaction().execute((trx) => runJobs(trx, executor(trx, undefined), batch));
      return { outcomes, durable: Promise.resolve() };
    }
    // One connection for the pragma, the transaction and the pragma back, so no other statement
    // (an autocommit write elsewhere) ever runs with synchronous=NORMAL.
    const outcomes = await db.connection().execute(async (connection) => {
      const exec = executor(connection, direct);
      runDirectly(connection, direct);
      try {
        await exec('pragma synchronous = normal');
        try {
          await exec('begin');
          try {
            const result = await runJobs(connection, exec, batch);
            await exec('commit');
            return result;
          } catch (error) {
            try {
              await exec('rollback');
            } catch {}
            throw error;
          }
        } finally {
          await exec('pragma synchronous = full');
        }
      } finally {
        runDirectly(connection, undefined);
      }
    });
    return { outcomes, durable: walSync() };
  }

  async function drain() {
    draining = true;
    try {
      while (queue.length) {
        const batch = queue.splice(0, maxBatch);
        let committed: Awaited<ReturnType<typeof commit>>;
        try {
          committed = await commit(batch);
        } catch (error) {
          // The commit itself failed: nothing of this batch is stored.
          for (const item of batch) item.reject(error);
          continue;
        }
        // The next batch runs while this one's fsync is under way; its callers wait for it.
        committed.durable.then(
          () =>
            batch.forEach((item, index) => {
              const outcome = committed.outcomes[index]!;
              if (outcome.ok) item.resolve(outcome.value);
              else item.reject(outcome.error);
            }),
          (error: unknown) => {
            for (const item of batch) item.reject(error);
          },
        );
      }
    } finally {
      draining = false;
    }
  }

  return function write<T>(job: WriteJob<DB, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ job: job as WriteJob<DB, unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) {
        draining = true;
        // node:sqlite commits synchronously, so requests that arrived during the last commit are
        // still waiting in the event loop: let them reach this queue before the batch starts.
        setTimeout(() => void drain(), BATCH_WINDOW_MS);
      }
    });
  };
}

/**
 * fsync of a WAL file, shared: a call while one is running waits for it and then for one more
 * (which all callers of that moment share), since writes made after an fsync began are not
 * covered by it. Opened for each fsync, so a WAL file that SQLite recreated is still the one synced.
 */
export function walFileSync(path: string, datasync: (path: string) => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const sync = (): Promise<void> => {
    if (!running) {
      running = datasync(path).finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return sync();
      });
    return next;
  };
  return sync;
}
