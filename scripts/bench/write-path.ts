/** Bench section: sign-ups from one connection and from fifty, this checkout beside BENCH_CHECKOUTS (api/bench/write-path.ts). */
import { writePath, writePathMarkdown } from '../../api/bench/write-path.ts';

export const order = 31;

export async function section() {
  return { title: 'API: the write path, one visitor and a burst', markdown: writePathMarkdown(await writePath()) };
}
