/** Broadcast test helpers: many subscribers at once, an admin session, the send call. */
import { randomUUID } from 'node:crypto';
import type { Services } from '../src/services.ts';
import type { TestApi } from './helpers.ts';
import { ADMIN, createAccounts, MEMBER, signIn } from './staff-helpers.ts';

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** Inserts subscribers `${prefix}-${i}@example.org` with one status, in chunks; returns their addresses. */
export async function seedSubscribers(services: Services, n: number, status: SubscriberStatus, prefix: string = status): Promise<string[]> {
  const now = new Date().toISOString();
  const emails: string[] = [];
  for (let start = 0; start < n; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      const email = `${prefix}-${i}@example.org`;
      emails.push(email);
      rows.push({
        id: randomUUID(),
        email,
        status,
        source: null,
        created_at: now,
        updated_at: now,
        confirmed_at: status === 'pending' ? null : now,
        unsubscribed_at: status === 'unsubscribed' ? now : null,
      });
    }
    await services.db.kysely.insertInto('subscribers').values(rows).execute();
  }
  return emails;
}

/** Creates the test accounts and signs both in: an administrator and a member who is not one. */
export async function staffCookies(api: TestApi) {
  await createAccounts(api);
  return { admin: await signIn(api, ADMIN.username, ADMIN.password), member: await signIn(api, MEMBER.username, MEMBER.password) };
}

export const NEWSLETTER = {
  subject: 'Spring workshops are open',
  body_html: '<h1>Spring workshops</h1><p>Join us on <strong>Saturday</strong>. <a href="https://sipa.example.org/events">See the events</a></p><script>alert(1)</script>',
  body_text: 'Spring workshops\n\nJoin us on Saturday. See the events: https://sipa.example.org/events',
};

export function sendNewsletter(api: TestApi, body: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return api.app.request('/api/send-newsletter', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function recipientStatuses(services: Services, campaignId: string): Promise<Record<string, number>> {
  const rows = await services.db.kysely
    .selectFrom('newsletter_recipients')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
