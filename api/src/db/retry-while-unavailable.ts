/**
 * A write that must not be lost to a short outage: the record that a message went out. Were it
 * lost, the message would be sent again once its claim ran out. So while the database is out of
 * reach (a restart, a failover: availability.ts) the write is tried again, waiting a little
 * longer each time, until it succeeds or `deadline` (a time in ms) comes; any other error at once.
 */
import { isDatabaseUnavailable } from './availability.ts';

const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 5000;

export async function retryWhileUnavailable<T>(write: () => Promise<T>, deadline: number): Promise<T> {
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + wait >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
