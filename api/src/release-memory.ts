/**
 * Hands back to the system the memory a burst of work left V8 holding. A campaign pushes some
 * hundred megabytes of messages through the heap: V8 grows its young generation to the most it
 * allows (two semi-spaces of 64 MB on this Node) and keeps the pages it freed pooled for reuse,
 * so the server's RSS stayed 170-210 MB above where it started though the collected heap was
 * flat (api/bench/campaign-memory.ts). A memory-reducing collection (the one V8 runs under
 * memory pressure, `flavor: 'last-resort'`) gives them back. Node offers it only through `gc`,
 * so that function is taken once, from a fresh context while the flag is set; it runs after a
 * campaign, off the request path (`execution: 'async'`), never per request.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => Promise<void>;

let collect: Collect | undefined;

export function releaseMemory(): Promise<void> {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
    setFlagsFromString('--no-expose-gc');
  }
  return collect({ type: 'major', execution: 'async', flavor: 'last-resort' });
}
