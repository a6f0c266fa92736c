/**
 * Password hashing that cannot starve the rest of the process. Better Auth hashes with scrypt
 * (N=16384, r=16: 32 MB and tens to hundreds of milliseconds of CPU each) on libuv's thread pool,
 * four threads that also run every file operation, the SQLite WAL fsync that each committed form
 * post waits for among them. The pool's queue is first come, first served: during a burst of 300
 * sign-ins a contact post's fsync queued behind every hash (measured in docs/security.md; more
 * threads did not help, the two cores were the limit). Here at most `concurrency` hashes run at
 * once per process (default 2: two of the four threads stay free for file work), at most
 * `queue` more wait their turn in order, and anything beyond is refused at once with 429, so a
 * burst costs sign-ins a short wait or a retry and never costs the rest of the site.
 */
import { APIError } from 'better-auth/api';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import { passwordHashing } from './password-hash.ts';

export const BUSY_CODE = 'PASSWORD_CHECKS_BUSY';

export function hashQueue({ concurrency, queue, cost }: { concurrency: number; queue: number; cost?: number }) {
  const hashing = passwordHashing(cost);
  let running = 0;
  const waiting: Array<() => void> = [];

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= queue) throw new APIError('TOO_MANY_REQUESTS', { message: STAFF_TEXT.busy, code: BUSY_CODE });
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      // The place passes straight to the next in line, so `running` never drops below what runs.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  return {
    hash: (password: string) => run(() => hashing.hash(password)),
    verify: (input: { hash: string; password: string }) => run(() => hashing.verify(input)),
    /** Whether a hash asked for now would be refused: a sign-in can be answered 429 before any other work. */
    full: () => running >= concurrency && waiting.length >= queue,
  };
}

export type HashQueue = ReturnType<typeof hashQueue>;
