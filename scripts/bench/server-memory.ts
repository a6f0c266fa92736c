/** Bench section: the server's memory idle, under load and after 10,000 and 100,000 sign-ups (api/bench/server-memory.ts). */
import { memoryMarkdown, serverMemory } from '../../api/bench/server-memory.ts';

export const order = 35;

export async function section() {
  return { title: 'API: server memory', markdown: memoryMarkdown(await serverMemory()) };
}
