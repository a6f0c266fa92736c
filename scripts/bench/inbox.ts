/** Bench section: the staff inbox at 100,000 rows on SQLite and PostgreSQL (api/bench/inbox-bench.ts). */
import { ROWS, RUNS, inboxBench } from '../../api/bench/inbox-bench.ts';

export const order = 45;

export async function section() {
  const result = await inboxBench();
  const lines = [`ms through app.request with an admin session, median and p95 of ${RUNS} (the export: of 3); target: pages under 100 ms.`, ''];
  for (const backend of ['sqlite', 'postgres'] as const) {
    const r = result[backend];
    if ('skip' in r) {
      lines.push(`${backend}: skipped (${r.skip}).`, '');
      continue;
    }
    lines.push(
      `**${backend}**: seeded ${ROWS.toLocaleString('en-US')} messages and ${ROWS.toLocaleString('en-US')} subscribers in ${(r.seedMs / 1000).toFixed(1)} s.`,
      '',
      '| request | median ms | p95 ms |',
      '|---|--:|--:|',
      ...r.timings.map((t) => `| ${t.name} | ${t.medianMs} | ${t.p95Ms} |`),
      '',
    );
  }
  return { title: `Staff inbox at ${ROWS.toLocaleString('en-US')} rows`, markdown: lines.join('\n') };
}
