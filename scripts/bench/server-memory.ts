/**
 * Bench section: the server's memory idle, under load and after 10,000 and 100,000 sign-ups
 * (api/bench/server-memory.ts), and before and after 10,000-recipient campaigns
 * (api/bench/campaign-memory.ts).
 */
import { campaignMemory, campaignMemoryMarkdown } from '../../api/bench/campaign-memory.ts';
import { memoryMarkdown, serverMemory } from '../../api/bench/server-memory.ts';

export const order = 35;

export async function section() {
  const signups = memoryMarkdown(await serverMemory());
  const campaigns = campaignMemoryMarkdown(await campaignMemory());
  return { title: 'API: server memory', markdown: `### Sign-ups\n\n${signups}\n\n### Newsletter campaigns\n\n${campaigns}` };
}
