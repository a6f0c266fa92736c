/**
 * Shared transactions for PostgreSQL writes. A write of its own costs two round trips more than
 * its statements (BEGIN and COMMIT), and a sign-up has four statements, so a third of its round
 * trips (each a write to the socket, a wake-up of the server and a reply) went to those two.
 * Here at most `connections` write transactions run at once; a write that finds them all busy
 * waits, and the next one to end makes way for a transaction of the waiting writes (up to
 * `maxBatch`), run one after another. A write that arrives while there is room runs at once,
 * alone, as before.
 *
 * A statement that fails aborts a PostgreSQL transaction, so a shared transaction has no partial
 * outcome: when any of its writes fails, none of them is stored, and each runs again in a
 * transaction of its own, where it succeeds or fails alone. A write is a function of its
 * transaction (what it stores is rolled back with it), so running it again is safe. Every
 * caller still resolves only once its own data is committed.
 */
import type { Kysely, Transaction } from 'kysely';

export type WriteJob<DB, T> = (trx: Transaction<DB>) => Promise<T>;

interface Pending<DB> {
  job: WriteJob<DB, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface SharedTransactionOptions {
  /** How many write transactions run at once (at most the pool's size). */
  connections: number;
  /** Most writes in one transaction (a long one holds its row locks and its callers longer). */
  maxBatch?: number;
}

export function sharedTransactions<DB>(db: Kysely<DB>, options: SharedTransactionOptions) {
  const { connections, maxBatch = 8 } = options;
  const queue: Array<Pending<DB>> = [];
  let running = 0;

  const alone = (item: Pending<DB>) => db.transaction().execute(item.job).then(item.resolve, item.reject);

  async function run(batch: Array<Pending<DB>>) {
    if (batch.length === 1) return alone(batch[0]!);
    let values: unknown[];
    try {
      values = await db.transaction().execute(async (trx) => {
        const results: unknown[] = [];
        for (const item of batch) results.push(await item.job(trx));
        return results;
      });
    } catch {
      // Nothing of the batch is stored: each write again, on its own.
      for (const item of batch) await alone(item);
      return;
    }
    batch.forEach((item, index) => item.resolve(values[index]));
  }

  function pump() {
    while (running < connections && queue.length) {
      running += 1;
      void run(queue.splice(0, maxBatch)).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  return function write<T>(job: WriteJob<DB, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ job: job as WriteJob<DB, unknown>, resolve: resolve as (value: unknown) => void, reject });
      pump();
    });
  };
}
