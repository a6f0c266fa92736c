/** Bench section: the seeded fuzz, 10,000 hostile requests per database (api/bench/fuzz-bench.ts). */
import { FUZZ_REQUESTS, FUZZ_SEED, fuzzBench } from '../../api/bench/fuzz-bench.ts';

export const order = 50;

export async function section() {
  const results = await fuzzBench();
  const lines = [
    `${FUZZ_REQUESTS.toLocaleString('en-US')} seeded hostile requests per database (seed ${FUZZ_SEED}); 5xx answers and rows stored from refused requests must both be 0.`,
    '',
    '| database | 5xx | rows from refused requests | accepted | still answering | answers by status |',
    '|---|--:|--:|--:|---|---|',
  ];
  for (const [database, result] of Object.entries(results)) {
    if (typeof result === 'string') {
      lines.push(`| ${database} | | | | | ${result} |`);
      continue;
    }
    const statuses = Object.entries(result.byStatus)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    lines.push(`| ${database} | ${result.serverErrors} | ${result.rowsFromRefused} | ${result.accepted} | ${result.alive ? 'yes' : 'NO'} | ${statuses} |`);
  }
  return { title: 'API fuzz', markdown: lines.join('\n') };
}
