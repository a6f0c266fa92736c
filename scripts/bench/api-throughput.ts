/** Bench section: sign-up and form throughput beside a bare Hono route and bare node:http (api/bench/api-throughput.ts). */
import { apiThroughput, throughputMarkdown } from '../../api/bench/api-throughput.ts';

export const order = 30;

export async function section() {
  return { title: 'API: sign-up and form throughput', markdown: throughputMarkdown(await apiThroughput()) };
}
