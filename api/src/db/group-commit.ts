/**
 * Group commit for SQLite. With synchronous=FULL every COMMIT waits for an fsync (often 5-20 ms),
 * and one SQLite connection runs one transaction at a time, so one-transaction-per-request caps
 * writes at one fsync each. Here writes that arrive while a transaction is committing wait and
 * then run together in the next transaction, each inside its own SAVEPOINT: a job that fails is
 * rolled back alone and rejects alone, the others commit together with one fsync. Every caller
 * still resolves only after its data is durable. Because node:sqlite blocks the event loop while it
 * commits, the batch starts BATCH_WINDOW_MS after the first write arrives, so the requests that
 * came in meanwhile (and are still being read) join it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';

/** Small next to an fsync; long enough for requests read after a commit to join the next batch. */
export const BATCH_WINDOW_MS = 2;

export type WriteJob<DB, T> = (trx: Transaction<DB>) => Promise<T>;

interface Pending<DB> {
  job: WriteJob<DB, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function groupCommit<DB>(db: Kysely<DB>, maxBatch = 256) {
  const queue: Array<Pending<DB>> = [];
  let draining = false;

  async function drain() {
    draining = true;
    try {
      while (queue.length) {
        const batch = queue.splice(0, maxBatch);
        const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
        try {
          await db.transaction().execute(async (trx) => {
            for (const item of batch) {
              await sql`savepoint job`.execute(trx);
              try {
                const value = await item.job(trx);
                await sql`release savepoint job`.execute(trx);
                outcomes.push({ ok: true, value });
              } catch (error) {
                await sql`rollback to savepoint job`.execute(trx);
                await sql`release savepoint job`.execute(trx);
                outcomes.push({ ok: false, error });
              }
            }
          });
        } catch (error) {
          // The commit itself failed: nothing of this batch is stored.
          for (const item of batch) item.reject(error);
          continue;
        }
        batch.forEach((item, index) => {
          const outcome = outcomes[index];
          if (outcome.ok) item.resolve(outcome.value);
          else item.reject(outcome.error);
        });
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
        // node:sqlite commits synchronously, so requests that arrived during the last fsync are
        // still waiting in the event loop: let them reach this queue before the batch starts.
        setTimeout(() => void drain(), BATCH_WINDOW_MS);
      }
    });
  };
}
