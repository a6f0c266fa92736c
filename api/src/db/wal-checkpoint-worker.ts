/**
 * The worker thread of `wal-checkpoint.ts`: its own connection to the SQLite file, which runs a
 * PASSIVE checkpoint (copy what the WAL holds into the database file, without waiting for or
 * blocking the writer) each time the main thread asks, and answers with SQLite's counts.
 * At synchronous=FULL the checkpoint fsyncs the WAL before copying and the database file after,
 * as the writer's own checkpoints did, so a WAL is only ever reused once its pages are on disk.
 */
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

const { path } = workerData as { path: string };
const database = new DatabaseSync(path);
database.exec('PRAGMA synchronous = FULL');
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');

parentPort!.on('message', (message: 'checkpoint' | 'close') => {
  if (message === 'close') {
    database.close();
    parentPort!.close();
    return;
  }
  try {
    const { log, checkpointed } = checkpoint.get() as { busy: number; log: number; checkpointed: number };
    parentPort!.postMessage({ log, checkpointed });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
