/**
 * Preloaded into a bench's server process (`node --expose-gc --import ./memory-probe.ts …`, with
 * an IPC channel): answers 'memory' with the process's memory once garbage collection has settled,
 * full collections a moment apart until the heap stops shrinking, so what is left is what the
 * server holds, not garbage not yet collected.
 */
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const gc = (globalThis as { gc?: () => void }).gc;

async function settled() {
  if (!gc) throw new Error('memory-probe: start the server with --expose-gc');
  let before = Infinity;
  // A collection can free what finalizers or timers release only after it; at most ten rounds.
  for (let round = 0; round < 10; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const used = process.memoryUsage().heapUsed;
    if (before - used < 256 * 1024) break;
    before = used;
  }
  const usage = process.memoryUsage();
  return { rssMb: mb(usage.rss), heapAfterGcMb: mb(usage.heapUsed), externalMb: mb(usage.external + usage.arrayBuffers) };
}

process.on('message', (question) => {
  if (question === 'memory') void settled().then((answer) => process.send!(answer));
});
// The channel must not keep a server that is stopping alive.
process.channel?.unref();

// A module of its own, so its names do not meet other scripts in the global scope.
export {};
