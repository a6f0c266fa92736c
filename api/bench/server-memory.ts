/**
 * The production server's memory (SQLite, its own process): idle after start, the peak while
 * under sign-up load, and after 10,000 and after 100,000 sign-ups (BENCH_SIGNUPS), each as RSS
 * and as the V8 heap after a full collection. RSS that grows while the collected heap stays flat
 * is memory the process holds for reuse, not a leak; a collected heap that keeps growing is one.
 */
import { benchPort, startServer, type ServerMemory } from './load-servers.ts';
import { postLoad, signupBody } from './http-load.ts';

export interface MemoryResult {
  idle: ServerMemory;
  /** Highest RSS seen while the sign-ups ran, MB. */
  peakUnderLoadMb: number;
  checkpoints: Array<{ signups: number; memory: ServerMemory; requestsPerSecond: number }>;
  failures: number;
}

export async function serverMemory(options: { signups?: number; connections?: number } = {}): Promise<MemoryResult> {
  const total = options.signups ?? Number(process.env.BENCH_SIGNUPS ?? 100_000);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 50);
  const server = await startServer('sipa', { port: benchPort(10) });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssNowMb())), 100);
  try {
    const url = `http://127.0.0.1:${server.port}/api/newsletter-signup`;
    const idle = await server.memory();
    const checkpoints: MemoryResult['checkpoints'] = [];
    let done = 0;
    let failures = 0;
    for (const target of [Math.min(10_000, total), total]) {
      if (target <= done) continue;
      const load = await postLoad({ url, body: signupBody, connections, amount: target - done });
      failures += load.errors + load.non2xx;
      done = target;
      checkpoints.push({ signups: done, memory: await server.memory(), requestsPerSecond: load.requestsPerSecond });
    }
    return { idle, peakUnderLoadMb: Math.max(peak, server.rssNowMb()), checkpoints, failures };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

export function memoryMarkdown(result: MemoryResult): string {
  const row = (label: string, memory: ServerMemory) => `| ${label} | ${memory.rssMb} | ${memory.heapAfterGcMb} | ${memory.externalMb} |`;
  const lines = [
    '| when | RSS MB | V8 heap after GC MB | buffers MB |',
    '|---|--:|--:|--:|',
    row('idle, after start', result.idle),
    `| peak while signing up | ${result.peakUnderLoadMb} | | |`,
    ...result.checkpoints.map((c) => row(`after ${c.signups.toLocaleString('en-US')} sign-ups`, c.memory)),
  ];
  const first = result.checkpoints[0];
  const last = result.checkpoints.at(-1);
  if (first && last && last !== first) {
    const growth = (last.memory.rssMb / first.memory.rssMb - 1) * 100;
    lines.push('', `RSS after ${last.signups.toLocaleString('en-US')} sign-ups is ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % of what it was after ${first.signups.toLocaleString('en-US')} (target: within 20 %); the collected heap went from ${first.memory.heapAfterGcMb} to ${last.memory.heapAfterGcMb} MB.`);
  }
  if (result.failures) lines.push('', `${result.failures} sign-ups failed.`);
  return lines.join('\n');
}

if (import.meta.main) console.log(memoryMarkdown(await serverMemory()));
