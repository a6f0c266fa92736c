/**
 * The loopback SMTP sink in a process of its own, so that on a small machine the peer does not
 * share a core with the server under test. Started with fork(); asked over IPC:
 *   { report: [indexes] } -> { count, perAddress: { to: n }, samples: raw messages at those indexes }
 */
import { startSmtpSink } from './smtp-sink.ts';

const sink = await startSmtpSink();
process.send!({ url: sink.url });
process.on('message', (request: { report?: number[] }) => {
  if (!request.report) return;
  const perAddress: Record<string, number> = {};
  for (const message of sink.messages) perAddress[message.to] = (perAddress[message.to] ?? 0) + 1;
  process.send!({ count: sink.messages.length, perAddress, samples: request.report.map((i) => sink.messages[i]?.raw ?? '') });
});
process.on('disconnect', () => void sink.close().then(() => process.exit(0)));
