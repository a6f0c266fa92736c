/** Bench section: a newsletter to 10,000 recipients through the real server to a loopback SMTP sink (api/bench/newsletter-broadcast.ts). */
import { CONCURRENCY, RECIPIENTS, newsletterBroadcastBench } from '../../api/bench/newsletter-broadcast.ts';

export const order = 40;

export async function section() {
  const outcome = await newsletterBroadcastBench();
  return {
    title: 'Newsletter broadcast: messages per second',
    markdown: [
      `${RECIPIENTS.toLocaleString('en-US')} confirmed recipients, rate limit off, ${CONCURRENCY} SMTP connections, a loopback SMTP sink; the server in its own process.`,
      '',
      '| database | time to queue ms | messages/s | server peak RSS MB |',
      '|---|--:|--:|--:|',
      ...outcome.results.map((r) => `| ${r.backend} | ${r.queueMs} | ${r.messagesPerSecond} | ${r.serverPeakMb} |`),
      ...(outcome.skipped ? ['', `PostgreSQL: skipped (${outcome.skipped}).`] : []),
    ].join('\n'),
  };
}
