/**
 * WAL checkpoints off the event loop. SQLite's writer checkpoints by itself once the WAL holds
 * 1,000 pages: inside the COMMIT that crosses the mark, it copies them into the database file
 * and fsyncs both files, and node:sqlite runs that on the event loop, so every few hundred
 * sign-ups the whole server stood still for tens of milliseconds (the commit's p90 was 20 ms).
 *
 * Here a worker thread with its own connection checkpoints instead (PASSIVE: it neither waits for
 * nor blocks the writer), at most once per `intervalMs` while writes come in. The writer keeps a
 * checkpoint of its own at WRITER_CHECKPOINT_PAGES: SQLite starts writing the WAL from its
 * beginning again only after a checkpoint that caught up with the writer, which under a steady
 * stream of writes the worker seldom does, so that one, cheap by then (the worker has copied
 * nearly everything), keeps the WAL file from growing without end.
 *
 * Durability is unchanged: a commit is durable once the WAL is fsynced (group-commit.ts), and a
 * checkpoint, whoever runs it, fsyncs the WAL before copying and the database file after.
 */
import { Worker } from 'node:worker_threads';

/** The writer's own checkpoint: when the WAL file holds this many pages (4 KB each). */
export const WRITER_CHECKPOINT_PAGES = 10_000;
/** At most one worker checkpoint per this long while writes come in. */
export const CHECKPOINT_INTERVAL_MS = 200;

export interface WalCheckpointer {
  /** Something was committed: a checkpoint follows within `intervalMs`. */
  written(): void;
  /** Resolves with SQLite's counts once a checkpoint that started after this call has run. */
  checkpoint(): Promise<{ log: number; checkpointed: number }>;
  /** Stops the worker (after a checkpoint under way). */
  close(): Promise<void>;
}

type Answer = { log: number; checkpointed: number } | { error: string };

export function walCheckpointer(path: string, intervalMs = CHECKPOINT_INTERVAL_MS): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url), { workerData: { path } });
  // Never the reason the process stays up; the writer's own checkpoint covers a worker gone.
  worker.unref();
  let alive = true;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let lastEnded = 0;
  /** Written to while a checkpoint ran: one more follows it. */
  let again = false;
  /** Callers waiting for the next checkpoint to start, and those waiting for the running one. */
  let waiting: Array<(answer: Answer) => void> = [];
  let answering: Array<(answer: Answer) => void> = [];

  const run = () => {
    timer = undefined;
    if (!alive) return;
    running = true;
    answering = waiting;
    waiting = [];
    worker.postMessage('checkpoint');
  };
  const schedule = () => {
    if (running || timer || !alive) return;
    timer = setTimeout(run, Math.max(0, lastEnded + intervalMs - Date.now()));
    timer.unref();
  };
  const finish = (answer: Answer) => {
    running = false;
    lastEnded = Date.now();
    for (const resolve of answering.splice(0)) resolve(answer);
    if (again || waiting.length) {
      again = false;
      schedule();
    }
  };

  worker.on('message', (answer: Answer) => {
    if ('error' in answer) console.error(`sqlite: WAL checkpoint failed (the writer checkpoints instead): ${answer.error}`);
    finish(answer);
  });
  worker.on('error', (error) => {
    console.error(`sqlite: WAL checkpoint thread stopped (the writer checkpoints instead): ${error.message}`);
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      alive = false;
      clearTimeout(timer);
      timer = undefined;
      if (running) finish({ error: 'checkpoint thread exited' });
      for (const resolve of waiting.splice(0)) resolve({ error: 'checkpoint thread exited' });
      resolve();
    }),
  );

  return {
    written() {
      if (running) again = true;
      else schedule();
    },
    checkpoint() {
      return new Promise((resolve, reject) => {
        if (!alive) return reject(new Error('checkpoint thread exited'));
        waiting.push((answer) => ('error' in answer ? reject(new Error(answer.error)) : resolve(answer)));
        if (!running) schedule();
      });
    },
    async close() {
      clearTimeout(timer);
      timer = undefined;
      if (alive) {
        // Held by the process until it has exited, so a caller awaiting close() is not dropped.
        worker.ref();
        worker.postMessage('close');
      }
      await exited;
    },
  };
}
